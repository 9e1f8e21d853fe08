import { and, asc, desc, eq, gte, inArray, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import type { OfferCreateInput, OfferUpdateInput } from '../../../shared/schemas/offers';
import type { Db } from '../../db/client';
import { locations } from '../locations/table';
import { merchants } from '../merchants/table';
import { merchantTypes } from '../merchant-types/table';
import { columnsExcept, type FormColumns } from '../../db/table-columns';
import { merchantPlaceColumns } from './merchant-place';
import { offers } from './table';
import { lockUnarchived } from '../../platform/lib/archivable';
import { AppError, notFound } from '../../platform/lib/errors';
import { asAuditRecord, recordAudit, recordCreate, recordUpdate, type AuditContext } from '../audit/audit.service';

const MISSING = 'Offer not found';

/** An offer as the lists show it: its own columns (archived offers are never shown) and its merchant's. */
const columns = {
  ...columnsExcept(offers, 'archivedAt'),
  merchantName: merchants.name,
  ...merchantPlaceColumns,
  merchantTypeId: merchants.merchantTypeId,
  merchantTypeName: merchantTypes.name,
  merchantTypeThumbnailUrl: merchantTypes.thumbnailUrl,
  locationId: merchants.locationId,
  locationName: locations.name,
};

/** Offers of merchants that are not archived, themselves not archived, plus `where`. */
function selectOffers(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(offers)
    .innerJoin(merchants, eq(merchants.id, offers.merchantId))
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
    .innerJoin(locations, eq(locations.id, merchants.locationId))
    .where(and(isNull(offers.archivedAt), isNull(merchants.archivedAt), where));
}

/** An offer as every list, the guest's included, reads it (the select's own type). */
export type OfferRow = Awaited<ReturnType<typeof selectOffers>>[number];

const listOrder = [asc(sql`lower(${merchants.name})`), desc(offers.createdAt), asc(offers.id)] as const;

/** The back-office list: every offer that is not archived (any status), optionally for one location or one merchant (My Offers). */
export function listOffers(db: Db, filter: { locationId?: number; merchantId?: string } = {}): Promise<OfferRow[]> {
  return selectOffers(
    db,
    and(
      filter.locationId ? eq(merchants.locationId, filter.locationId) : undefined,
      filter.merchantId ? eq(offers.merchantId, filter.merchantId) : undefined,
    ),
  ).orderBy(...listOrder);
}

/**
 * What a guest may see (docs/PRODUCT.md "Scans"), in one place: active, validity_from <= today <= validity_to, merchant
 * (not archived) in the location and, when the hotel chose offers manually, of one of its merchant types.
 */
export interface GuestVisibility {
  locationId: number;
  /** Business-zone date, 'YYYY-MM-DD'. */
  today: string;
  /** A `manual` hotel's selected_merchant_types; undefined for an `all` hotel (every type). */
  merchantTypeIds?: readonly number[];
}

export function guestVisible(rule: GuestVisibility): SQL {
  const byType =
    rule.merchantTypeIds === undefined
      ? undefined
      : rule.merchantTypeIds.length === 0
        ? sql`false`
        : inArray(merchants.merchantTypeId, [...rule.merchantTypeIds]);
  return and(
    eq(offers.isActive, true),
    lte(offers.validityFrom, rule.today),
    gte(offers.validityTo, rule.today),
    eq(merchants.locationId, rule.locationId),
    byType,
  )!;
}

export function listGuestOffers(db: Db, rule: GuestVisibility): Promise<OfferRow[]> {
  return selectOffers(db, guestVisible(rule)).orderBy(...listOrder);
}

export async function getOffer(db: Db, id: string): Promise<OfferRow> {
  const [row] = await selectOffers(db, eq(offers.id, id));
  if (!row) throw notFound(MISSING);
  return row;
}

const values = (input: OfferUpdateInput) =>
  ({
    offerName: input.offer_name,
    offerType: input.offer_type,
    offerValue: input.offer_value,
    termsConditions: input.terms_conditions,
    description: input.description,
    openingHours: input.opening_hours,
    closingHours: input.closing_hours,
    validityFrom: input.validity_from,
    validityTo: input.validity_to,
    isActive: input.is_active,
    images: input.images,
  }) satisfies FormColumns<OfferUpdateInput, typeof offers>;

/** The audit's record of an offer: its own fields and its merchant (the type and location are the merchant's). */
const offerRecord = (row: OfferRow) =>
  asAuditRecord({
    ...row,
    merchantTypeId: undefined,
    merchantTypeName: undefined,
    merchantTypeThumbnailUrl: undefined,
    locationId: undefined,
    locationName: undefined,
  });

export async function createOffer(db: Db, input: OfferCreateInput, audit: AuditContext): Promise<OfferRow> {
  // A read of the merchants table (the merchants service archives offers through this module: no import back).
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, input.merchant_id), isNull(merchants.archivedAt)));
  if (!merchant) throw new AppError(422, 'Merchant not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({ merchantId: input.merchant_id, ...values(input) })
      .returning({ id: offers.id });
    const created = await getOffer(tx, row!.id);
    await recordCreate(tx, audit, 'offer', created, offerRecord);
    return created;
  });
}

/** PUT /offers/{id}: the full offer; its merchant stays the same. */
export async function updateOffer(db: Db, id: string, input: OfferUpdateInput, audit: AuditContext): Promise<OfferRow> {
  return db.transaction(async (tx) => {
    await lockUnarchived(tx, offers, id, MISSING);
    const before = await getOffer(tx, id);
    await tx.update(offers).set(values(input)).where(eq(offers.id, id));
    const after = await getOffer(tx, id);
    await recordUpdate(tx, audit, 'offer', id, { before, after }, offerRecord);
    return after;
  });
}

/** Flips is_active in one statement (two quick clicks give two flips, never a lost one). */
export async function toggleOfferActive(db: Db, id: string, audit: AuditContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({ isActive: not(offers.isActive) })
      .where(and(eq(offers.id, id), isNull(offers.archivedAt)))
      .returning({ isActive: offers.isActive, offerName: offers.offerName, merchantId: offers.merchantId });
    if (!row) throw notFound(MISSING);
    await recordAudit(tx, audit, {
      action: 'offer.toggle',
      entity: 'offer',
      entityId: id,
      before: { offer_name: row.offerName, merchant_id: row.merchantId, is_active: !row.isActive },
      after: { offer_name: row.offerName, merchant_id: row.merchantId, is_active: row.isActive },
    });
    return row.isActive;
  });
}

/** Archives every offer of a merchant that is being archived (in its transaction); answers their ids for the audit. */
export async function archiveOffersOfMerchant(db: Db, merchantId: string, archivedAt: Date): Promise<string[]> {
  const archived = await db
    .update(offers)
    .set({ archivedAt })
    .where(and(eq(offers.merchantId, merchantId), isNull(offers.archivedAt)))
    .returning({ id: offers.id });
  return archived.map((offer) => offer.id);
}

/** How many offers (archived ones too) a merchant has: a merchant with any is archived, not deleted. */
export function countOffersOfMerchant(db: Db, merchantId: string): Promise<number> {
  return db.$count(offers, eq(offers.merchantId, merchantId));
}
