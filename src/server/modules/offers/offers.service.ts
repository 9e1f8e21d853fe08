import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  not,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { OfferCreateInput, OfferUpdateInput } from '../../../shared/schemas/offers';
import type { Db } from '../../db/client';
import { locations } from '../locations/table';
import { merchants } from '../merchants/table';
import { merchantTypes } from '../merchant-types/table';
import { columnsExcept, type FormColumns } from '../../db/table-columns';
import { merchantPlaceColumns } from './merchant-place';
import { offerCapUsage, offerDayUsage, offers } from './table';
import { lockUnarchived } from '../../platform/lib/archivable';
import { AppError, notFound } from '../../platform/lib/errors';
import { asAuditRecord, recordAudit, recordCreate, recordUpdate, type AuditContext } from '../audit/audit.service';
import { claimBackOfficeUploads, uploadOwnersOf } from '../files/files.service';
import { hasCaps, lockCouponWrites, syncCapUsage, type BusinessDay } from './offer-usage';
import { capReachedExpression, usageExpressions, usageJoins, type OfferIssued } from './offer-figures';

const MISSING = 'Offer not found';

/** An offer as the lists show it: its own columns (archived offers are never shown) and its merchant's. */
export const offerRowColumns = {
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
    .select(offerRowColumns)
    .from(offers)
    .innerJoin(merchants, eq(merchants.id, offers.merchantId))
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
    .innerJoin(locations, eq(locations.id, merchants.locationId))
    .where(and(isNull(offers.archivedAt), isNull(merchants.archivedAt), where));
}

/** An offer as every list, the guest's included, reads it (the select's own type). */
export type OfferRow = Awaited<ReturnType<typeof selectOffers>>[number];

const listOrder = [asc(sql`lower(${merchants.name})`), desc(offers.createdAt), asc(offers.id)] as const;

/** An offer with what its caps counted today and in all (the back office's and the merchant's answers). */
export type OfferWithUsage = OfferRow & { usage: OfferIssued };

/** These offers' usage figures (offer-figures.ts), in one statement over their ids. */
export async function withUsage(db: Db, rows: OfferRow[], day: BusinessDay): Promise<OfferWithUsage[]> {
  if (rows.length === 0) return [];
  const joins = usageJoins(day.today);
  const usage = await db
    .select({ id: offers.id, ...usageExpressions() })
    .from(offers)
    .leftJoin(offerCapUsage, joins.total)
    .leftJoin(offerDayUsage, joins.day)
    .where(
      inArray(
        offers.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(usage.map(({ id, ...issued }) => [id, issued]));
  return rows.map((row) => ({ ...row, usage: byId.get(row.id) ?? { issuedToday: null, issuedTotal: null } }));
}

/**
 * The back-office list: every offer that is not archived (any status), optionally for one location or one merchant
 * (My Offers) and by "Cap reached", with its usage figures on the business day `day`: one statement, the figures
 * from the caps' usage rows (offer-figures.ts), so the 20,000 offers of a large programme stay one quick read.
 */
export async function listOffers(
  db: Db,
  day: BusinessDay,
  filter: { locationId?: number; merchantId?: string; capReached?: boolean } = {},
): Promise<OfferWithUsage[]> {
  const joins = usageJoins(day.today);
  const capReached = filter.capReached === undefined ? undefined : capReachedExpression();
  const rows = await db
    .select({ ...offerRowColumns, ...usageExpressions() })
    .from(offers)
    .innerJoin(merchants, eq(merchants.id, offers.merchantId))
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
    .innerJoin(locations, eq(locations.id, merchants.locationId))
    .leftJoin(offerCapUsage, joins.total)
    .leftJoin(offerDayUsage, joins.day)
    .where(
      and(
        isNull(offers.archivedAt),
        isNull(merchants.archivedAt),
        filter.locationId ? eq(merchants.locationId, filter.locationId) : undefined,
        filter.merchantId ? eq(offers.merchantId, filter.merchantId) : undefined,
        capReached && (filter.capReached ? capReached : not(capReached)),
      ),
    )
    .orderBy(...listOrder);
  return rows.map(({ issuedToday, issuedTotal, ...row }) => ({ ...row, usage: { issuedToday, issuedTotal } }));
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

/** The offer itself is on offer `today`: active, not paused by its merchant, within its validity. */
export function offerOnOffer(today: string | Placeholder | SQL): SQL {
  // Paused by its merchant: off the list at once (the catalogue version moves with the offer row).
  return and(
    eq(offers.isActive, true),
    eq(offers.isPaused, false),
    lte(offers.validityFrom, today),
    gte(offers.validityTo, today),
  )!;
}

export function guestVisible(rule: GuestVisibility): SQL {
  const byType =
    rule.merchantTypeIds === undefined
      ? undefined
      : rule.merchantTypeIds.length === 0
        ? sql`false`
        : inArray(merchants.merchantTypeId, [...rule.merchantTypeIds]);
  return and(offerOnOffer(rule.today), eq(merchants.locationId, rule.locationId), byType)!;
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

export const OFFER_IMAGE_NOT_OWN = "Each image must be one of this merchant's own uploads";

/**
 * An offer shows only its merchant's images (docs/SECURITY.md "Offer images"): each must be an upload of that
 * merchant (upload_owners), or, by the back office, a back-office upload no merchant has yet (this offer gives it to
 * its merchant). An image uploaded before owners were recorded (no row) is taken only when one of the merchant's
 * offers already shows it. Anything else is 422, so merchant B cannot show merchant A's image.
 */
async function checkOfferImages(tx: Db, merchantId: string, images: string[], backOffice: boolean): Promise<void> {
  const owners = await uploadOwnersOf(tx, images);
  const claim = images.filter((path) => backOffice && owners.has(path) && owners.get(path) === null);
  const unrecorded = images.filter((path) => !owners.has(path));
  if (images.some((path) => owners.has(path) && owners.get(path) !== merchantId && !claim.includes(path)))
    throw new AppError(422, OFFER_IMAGE_NOT_OWN);
  if (unrecorded.length > 0) {
    const shown = await tx
      .select({ images: offers.images })
      .from(offers)
      .where(and(eq(offers.merchantId, merchantId), arrayOverlaps(offers.images, unrecorded)));
    const known = new Set(shown.flatMap((row) => row.images));
    if (unrecorded.some((path) => !known.has(path))) throw new AppError(422, OFFER_IMAGE_NOT_OWN);
  }
  await claimBackOfficeUploads(tx, claim, merchantId);
}

/** `backOffice`: the caller is the back office (it may use its own uploads for the merchant: checkOfferImages). */
export async function createOffer(
  db: Db,
  input: OfferCreateInput,
  day: BusinessDay,
  audit: AuditContext,
  { backOffice = false }: { backOffice?: boolean } = {},
): Promise<OfferWithUsage> {
  // A read of the merchants table (the merchants service archives offers through this module: no import back).
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, input.merchant_id), isNull(merchants.archivedAt)));
  if (!merchant) throw new AppError(422, 'Merchant not found');
  return db.transaction(async (tx) => {
    await checkOfferImages(tx, input.merchant_id, input.images, backOffice);
    const [row] = await tx
      .insert(offers)
      .values({ merchantId: input.merchant_id, ...values(input) })
      .returning({ id: offers.id });
    // A new offer has no vouchers: its usage rows start at 0 (no issue can name it before this commits).
    await syncCapUsage(tx, row!.id, { totalCap: input.total_cap, dailyCap: input.daily_cap }, day);
    const created = await getOffer(tx, row!.id);
    await recordCreate(tx, audit, 'offer', created, offerRecord);
    // A new offer has issued nothing: 0 where a cap counts, else no figure (offer-figures.ts).
    const none = (cap: number | null) => (cap === null ? null : 0);
    return { ...created, usage: { issuedToday: none(input.daily_cap), issuedTotal: none(input.total_cap) } };
  });
}

const sameCaps = (a: { totalCap: number | null; dailyCap: number | null }, b: typeof a) =>
  a.totalCap === b.totalCap && a.dailyCap === b.dailyCap;

/**
 * PUT /offers/{id}: the full offer; its merchant stays the same. Setting, changing or removing a cap counts the
 * usage rows again from the coupons (offer-usage.ts syncCapUsage), serialised with issuing by lockCouponWrites,
 * which comes first (before the offer's row lock). Offers without caps before or after take no such lock.
 * `keepIsActive` (the merchant's own edit): is_active is the back office's switch (docs/PRODUCT.md "Offer rules",
 * Pause), so the edit leaves it as it is, whatever the form sent.
 */
export async function updateOffer(
  db: Db,
  id: string,
  input: OfferUpdateInput,
  day: BusinessDay,
  audit: AuditContext,
  options: { keepIsActive?: boolean; backOffice?: boolean } = {},
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
    await checkOfferImages(tx, before.merchantId, input.images, options.backOffice ?? false);
    await tx
      .update(offers)
      .set({ ...values(input), ...(options.keepIsActive ? { isActive: undefined } : {}) })
      .where(eq(offers.id, id));
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

/**
 * PUT /merchant/my-offers/{id}/pause: the merchant pauses or resumes its own offer (docs/PRODUCT.md "Offer rules",
 * Pause) in one statement; another merchant's offer, or an archived one, is "not found". The offers table's statement
 * trigger bumps the catalogue version in the same transaction, so the guest lists change at once (docs/DATA.md). It
 * never touches is_active: an offer the back office switched off stays off. A pause that changes nothing (already
 * paused) still answers the offer, unaudited.
 */
export async function setOfferPaused(
  db: Db,
  id: string,
  merchantId: string,
  paused: boolean,
  day: BusinessDay,
  audit: AuditContext,
): Promise<OfferWithUsage> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isPaused: offers.isPaused, offerName: offers.offerName })
      .from(offers)
      .where(and(eq(offers.id, id), eq(offers.merchantId, merchantId), isNull(offers.archivedAt)))
      .for('update');
    if (!before) throw notFound(MISSING);
    if (before.isPaused !== paused) {
      await tx.update(offers).set({ isPaused: paused }).where(eq(offers.id, id));
      const state = { offer_name: before.offerName, merchant_id: merchantId };
      const event = paused ? { action: 'offer.pause' as const } : { action: 'offer.resume' as const };
      await recordAudit(tx, audit, {
        ...event,
        entity: 'offer',
        entityId: id,
        before: { ...state, is_paused: before.isPaused },
        after: { ...state, is_paused: paused },
      });
    }
    return getOfferWithUsage(tx, id, day);
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
