import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bumpCatalogueVersion } from '../../db/derived';
import { rowsOf } from '../../db/rows';
import { startOfDay } from '../../platform/lib/business-time';
import { AppError } from '../../platform/lib/errors';
import { coupons } from '../coupons/table';
import { offerCapUsage, offerDayUsage, offers } from './table';

/**
 * Vouchers an offer has issued, for its caps (docs/PRODUCT.md "Offer rules", docs/DATA.md "Offer caps"): the usage
 * rows of capped offers (offer_cap_usage, offer_day_usage), made when a cap is set and kept by the transactions
 * that issue and cancel vouchers. Offers without caps have none.
 */

/** The business day the figures are for. */
export interface BusinessDay {
  today: string;
  timeZone: string;
}

/** An offer's vouchers issued today and in all, cancelled ones not counted. */
export interface OfferUsage {
  issuedToday: number;
  issuedTotal: number;
}

export const NO_USAGE: OfferUsage = { issuedToday: 0, issuedTotal: 0 };

/**
 * The usage figures of these offers (all offers when `offerIds` is undefined), counted from the coupons. Simple
 * rather than quick: one aggregate over the offers' coupons (index coupons (offer_id)).
 */
export async function offerUsage(
  db: Db,
  day: BusinessDay,
  offerIds?: readonly string[],
): Promise<Map<string, OfferUsage>> {
  if (offerIds && offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      offerId: coupons.offerId,
      issuedToday: sql<number>`(count(*) filter (where ${coupons.createdAt} >= ${startOfDay(day.today, day.timeZone)}))::int`,
      issuedTotal: sql<number>`count(*)::int`,
    })
    .from(coupons)
    .where(and(isNull(coupons.cancelledAt), offerIds ? inArray(coupons.offerId, [...offerIds]) : undefined))
    .groupBy(coupons.offerId);
  return new Map(rows.map((row) => [row.offerId, { issuedToday: row.issuedToday, issuedTotal: row.issuedTotal }]));
}

export interface Caps {
  totalCap: number | null;
  dailyCap: number | null;
}

export const hasCaps = (caps: Caps) => caps.totalCap !== null || caps.dailyCap !== null;

export const totalCapBelowIssuedMessage = (issued: number) =>
  `Total cap cannot be below the ${issued} ${issued === 1 ? 'voucher' : 'vouchers'} already issued`;

/**
 * Waits for every transaction writing coupons to end and keeps new ones out until this transaction ends, so the
 * coupons counted next are all there are (see syncCapUsage). Taken before any row lock on the offer: an issuing
 * transaction holds its coupon insert (ROW EXCLUSIVE on coupons) and then needs a key-share lock on the offer (the
 * coupon's foreign key), so taking the offer first and coupons second could deadlock with it.
 */
export async function lockCouponWrites(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${coupons} in share mode`);
}

/**
 * After an offer's caps were set, changed or removed (in the same transaction, which holds lockCouponWrites): its
 * usage rows are counted again from its coupons (cancelled ones not counted) or removed with the cap. A total cap
 * below the vouchers already issued is refused (422), which rolls the change back.
 *
 * Why the lock makes this exact, with an issuing transaction I (it inserts coupons, then reads the caps and moves
 * the usage rows in later statements, each with a fresh snapshot):
 * - I inserted before this transaction took the lock: the lock waits for I to commit (or roll back), so the count
 *   includes I's vouchers; I read the old caps (none, or the old ones, whose rows this recount replaces).
 * - I inserts after the lock: its insert waits until this transaction commits, then I reads the new caps and the
 *   new usage rows in a later statement, and counts itself against them.
 * There is no third case: I's insert and this lock cannot both be held at once.
 */
export async function syncCapUsage(tx: Db, offerId: string, caps: Caps, day: BusinessDay): Promise<void> {
  if (!hasCaps(caps)) {
    await tx.delete(offerCapUsage).where(eq(offerCapUsage.offerId, offerId));
    await tx.delete(offerDayUsage).where(eq(offerDayUsage.offerId, offerId));
    return;
  }
  const usage = (await offerUsage(tx, day, [offerId])).get(offerId) ?? NO_USAGE;
  if (caps.totalCap !== null && usage.issuedTotal > caps.totalCap) {
    throw new AppError(422, totalCapBelowIssuedMessage(usage.issuedTotal));
  }
  if (caps.totalCap === null) await tx.delete(offerCapUsage).where(eq(offerCapUsage.offerId, offerId));
  else
    await tx
      .insert(offerCapUsage)
      .values({ offerId, issued: usage.issuedTotal })
      .onConflictDoUpdate({ target: offerCapUsage.offerId, set: { issued: usage.issuedTotal } });
  // Only today's row matters to a daily cap; earlier days' rows go with it.
  await tx.delete(offerDayUsage).where(eq(offerDayUsage.offerId, offerId));
  if (caps.dailyCap !== null)
    await tx.insert(offerDayUsage).values({ offerId, day: day.today, issued: usage.issuedToday });
}

/** The usage figures an offer answers (docs/PRODUCT.md "API fields" Offer): what is left and whether a cap is full. */
export function capFigures(caps: Caps, usage: OfferUsage) {
  const leftToday = caps.dailyCap === null ? null : Math.max(0, caps.dailyCap - usage.issuedToday);
  const leftTotal = caps.totalCap === null ? null : Math.max(0, caps.totalCap - usage.issuedTotal);
  return { leftToday, leftTotal, capReached: leftToday === 0 || leftTotal === 0 };
}

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Vouchers cancelled (a guest's data erased, docs/PRIVACY.md) free their slots: their offers' usage rows go down, in
 * the cancelling transaction. When that opens a cap that was full (in all, or today), the catalogue version is
 * bumped so the offer is back on the guest lists. Offers without caps have no rows and nothing happens.
 */
export async function releaseCapUsage(tx: Db, cancelled: readonly { offerId: string; day: string }[]): Promise<void> {
  if (cancelled.length === 0) return;
  const perOffer = new Map<string, number>();
  const perDay = new Map<string, { offerId: string; day: string; n: number }>();
  for (const { offerId, day } of cancelled) {
    perOffer.set(offerId, (perOffer.get(offerId) ?? 0) + 1);
    const key = `${offerId}|${day}`;
    perDay.set(key, { offerId, day, n: (perDay.get(key)?.n ?? 0) + 1 });
  }
  const totals = sql.join(
    [...perOffer].map(([offerId, n]) => sql`(${offerId}::uuid, ${n}::int)`),
    sql`, `,
  );
  const days = sql.join(
    [...perDay.values()].map(({ offerId, day, n }) => sql`(${offerId}::uuid, ${day}::date, ${n}::int)`),
    sql`, `,
  );
  const [freed] = rowsOf<{ total: number; today: number }>(
    await tx.execute(sql`
      with gone_total (offer_id, n) as (values ${totals}),
      gone_day (offer_id, day, n) as (values ${days}),
      total as (
        update ${offerCapUsage} u set issued = greatest(u.issued - g.n, 0)
        from gone_total g, ${offers} o
        where u.offer_id = g.offer_id and o.id = u.offer_id
        returning u.issued, g.n, o.total_cap
      ), daily as (
        update ${offerDayUsage} d set issued = greatest(d.issued - g.n, 0)
        from gone_day g, ${offers} o
        where d.offer_id = g.offer_id and d.day = g.day and o.id = d.offer_id
        returning d.day, d.issued, g.n, o.daily_cap
      )
      select
        (select count(*) from total where issued + n >= total_cap and issued < total_cap)::int as total,
        (select count(*) from daily
          where day = stayperks_business_day(now()) and issued + n >= daily_cap and issued < daily_cap)::int as today`),
  );
  if (freed && (freed.total > 0 || freed.today > 0)) await bumpCatalogueVersion(tx);
}

/**
 * Of these offers, the ones whose cap is full on `today` (the guest list leaves them out; docs/DATA.md "Offer
 * caps"). Only offers with a cap are looked up; none, no query.
 */
export async function fullCapOfferIds(
  db: Db,
  capped: readonly { id: string; totalCap: number | null; dailyCap: number | null }[],
  today: string,
): Promise<Set<string>> {
  const ids = capped.filter((offer) => offer.totalCap !== null || offer.dailyCap !== null).map((offer) => offer.id);
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select o.id from ${offers} o
      left join ${offerCapUsage} u on u.offer_id = o.id
      left join ${offerDayUsage} d on d.offer_id = o.id and d.day = ${today}::date
      where o.id in (${uuidList(ids)})
        and (u.issued >= o.total_cap or d.issued >= o.daily_cap)`),
  );
  return new Set(rows.map((row) => row.id));
}
