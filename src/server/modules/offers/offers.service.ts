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
import {
  hasCaps,
  lockCouponWrites,
  NO_USAGE,
  offerUsage,
  syncCapUsage,
  type BusinessDay,
  type OfferUsage,
} from './offer-usage';

const MISSING = 'Offer not found';

/** An offer as the lists show it: its own columns (archived offers are never shown) and its merchant's. */
const columns = {
  ...columnsExcept(offers, 'archivedAt'),
  merchantName: merchants.name,
  ...merchantPlaceColumns,
  merchantTypeId: merchants.merchantTypeId,
  /** The merchant's frequency, which an offer without its own per_guest_days follows. */
  merchantPerGuestDays: merchants.perGuestDays,
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

/** An offer with its vouchers issued today and in all (the back office's and the merchant's answers). */
export type OfferWithUsage = OfferRow & { usage: OfferUsage };

export async function withUsage(db: Db, rows: OfferRow[], day: BusinessDay, all = false): Promise<OfferWithUsage[]> {
  const usage = await offerUsage(db, day, all ? undefined : rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, usage: usage.get(row.id) ?? { issuedToday: 0, issuedTotal: 0 } }));
}

/**
 * The back-office list: every offer that is not archived (any status), optionally for one location or one merchant
 * (My Offers), with its usage figures on the business day `day`.
 */
export async function listOffers(
  db: Db,
  day: BusinessDay,
  filter: { locationId?: number; merchantId?: string } = {},
): Promise<OfferWithUsage[]> {
  const rows = await selectOffers(
    db,
    and(
      filter.locationId ? eq(merchants.locationId, filter.locationId) : undefined,
      filter.merchantId ? eq(offers.merchantId, filter.merchantId) : undefined,
    ),
  ).orderBy(...listOrder);
  return withUsage(db, rows, day, !filter.locationId && !filter.merchantId);
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
  // Paused by its merchant: off the list at once (the catalogue version moves with the offer row).
  const byType =
    rule.merchantTypeIds === undefined
      ? undefined
      : rule.merchantTypeIds.length === 0
        ? sql`false`
        : inArray(merchants.merchantTypeId, [...rule.merchantTypeIds]);
  return and(
    eq(offers.isActive, true),
    eq(offers.isPaused, false),
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

/** One offer with its usage figures (the answer of a read or a write). */
export async function getOfferWithUsage(db: Db, id: string, day: BusinessDay): Promise<OfferWithUsage> {
  const [row] = await withUsage(db, [await getOffer(db, id)], day);
  return row!;
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
    totalCap: input.total_cap,
    dailyCap: input.daily_cap,
    redeemWeekdays: input.redeem_weekdays,
    blackoutDates: input.blackout_dates,
    minBill: input.min_bill,
    maxParty: input.max_party,
    perGuestDays: input.per_guest_days,
  }) satisfies FormColumns<OfferUpdateInput, typeof offers>;

/** The audit's record of an offer: its own fields and its merchant (the type and location are the merchant's). */
const offerRecord = (row: OfferRow) =>
  asAuditRecord({
    ...row,
    merchantTypeId: undefined,
    merchantPerGuestDays: undefined,
    merchantTypeName: undefined,
    merchantTypeThumbnailUrl: undefined,
    locationId: undefined,
    locationName: undefined,
  });

export async function createOffer(
  db: Db,
  input: OfferCreateInput,
  day: BusinessDay,
  audit: AuditContext,
): Promise<OfferWithUsage> {
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
    // A new offer has no vouchers: its usage rows start at 0 (no issue can name it before this commits).
    await syncCapUsage(tx, row!.id, { totalCap: input.total_cap, dailyCap: input.daily_cap }, day);
    const created = await getOffer(tx, row!.id);
    await recordCreate(tx, audit, 'offer', created, offerRecord);
    return { ...created, usage: NO_USAGE };
  });
}

const sameCaps = (a: { totalCap: number | null; dailyCap: number | null }, b: typeof a) =>
  a.totalCap === b.totalCap && a.dailyCap === b.dailyCap;

/**
 * PUT /offers/{id}: the full offer; its merchant stays the same. Setting, changing or removing a cap counts the
 * usage rows again from the coupons (offer-usage.ts syncCapUsage), serialised with issuing by lockCouponWrites,
 * which comes first (before the offer's row lock). Offers without caps before or after take no such lock.
 */
export async function updateOffer(
  db: Db,
  id: string,
  input: OfferUpdateInput,
  day: BusinessDay,
  audit: AuditContext,
): Promise<OfferWithUsage> {
  const caps = { totalCap: input.total_cap, dailyCap: input.daily_cap };
  // Whether caps are involved, read before the transaction (a cap set by someone else in between is the one case
  // this misses: its usage rows are still replaced, only without waiting for in-flight issues).
  const [current] = await db
    .select({ totalCap: offers.totalCap, dailyCap: offers.dailyCap })
    .from(offers)
    .where(eq(offers.id, id));
  const capsInvolved = hasCaps(caps) || (current !== undefined && hasCaps(current));
  return db.transaction(async (tx) => {
    if (capsInvolved) await lockCouponWrites(tx);
    await lockUnarchived(tx, offers, id, MISSING);
    const before = await getOffer(tx, id);
    await tx.update(offers).set(values(input)).where(eq(offers.id, id));
    if (!sameCaps(before, caps)) await syncCapUsage(tx, id, caps, day);
    const after = await getOffer(tx, id);
    await recordUpdate(tx, audit, 'offer', id, { before, after }, offerRecord);
    return (await withUsage(tx, [after], day))[0]!;
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
