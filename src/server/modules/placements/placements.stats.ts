import { sql } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startOfDay } from '../../platform/lib/business-time';
import { coupons } from '../coupons/table';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';
import { hotelLinkDayClaims, placementDayClaims, placements } from './table';

/**
 * Where guests scan (docs/PRODUCT.md "Guest trust", docs/DATA.md "Placements"): each card's guests and redemptions over
 * a date range, and the cards whose claims today look like farming.
 *
 * Guests come from the daily claim counters (placement_day_claims, hotel_link_day_claims: one row a card and day, kept
 * in the claim's transaction, recounted by `npm run db:rebuild-derived`); redemptions are those of the vouchers of the
 * guests who came through the card in the range, read through customer_scans_placement_date_idx.
 */

/**
 * A spike (docs/PRODUCT.md "Guest trust"): a card that reached its daily limit today, or whose claims today are at
 * least SPIKE_MIN and at least SPIKE_FACTOR times its usual day (its claims over the USUAL_DAYS before today, divided by
 * USUAL_DAYS: days without claims count as 0).
 */
export const SPIKE_FACTOR = 3;
export const SPIKE_MIN = 10;
export const USUAL_DAYS = 28;

export interface CardFigures {
  /** null: the hotel's old link (no placement). */
  placementId: string | null;
  label: string;
  isActive: boolean;
  guests: number;
  redemptions: number;
  claimsToday: number;
  limit: number;
  usualDay: number;
  spike: 'limit' | 'surge' | null;
}

const spikeOf = (claimsToday: number, limit: number, usualDay: number): CardFigures['spike'] =>
  claimsToday >= limit ? 'limit' : claimsToday >= SPIKE_MIN && claimsToday >= SPIKE_FACTOR * usualDay ? 'surge' : null;

/** A hotel's cards (and its old link) ranked by guests, then redemptions, over [from, to] (business days). */
export async function placementRanking(
  db: Db,
  hotelId: string,
  range: { from: IsoDate; to: IsoDate },
  today: IsoDate,
  timeZone: string,
): Promise<CardFigures[]> {
  const usualFrom = addDays(today, -USUAL_DAYS);
  const rows = rowsOf<{
    placement_id: string | null;
    label: string | null;
    is_active: boolean;
    guests: number;
    redemptions: number;
    claims_today: number;
    limit: number;
    usual: number;
  }>(
    await db.execute(sql`
      with cards as (
        select p.id as placement_id, p.label, p.is_active, h.placement_daily_limit as "limit"
        from ${placements} p join ${hotels} h on h.id = p.hotel_id where p.hotel_id = ${hotelId}::uuid
        union all
        select null, null, h.hotel_link_enabled, h.hotel_link_daily_limit from ${hotels} h where h.id = ${hotelId}::uuid
      ), claims as (
        select placement_id,
               sum(claims) filter (where day between ${range.from}::date and ${range.to}::date)::int as guests,
               sum(claims) filter (where day = ${today}::date)::int as today,
               sum(claims) filter (where day >= ${usualFrom}::date and day < ${today}::date)::int as usual
        from ${placementDayClaims}
        where placement_id in (select id from ${placements} where hotel_id = ${hotelId}::uuid)
          and day >= least(${range.from}::date, ${usualFrom}::date)
        group by placement_id
        union all
        select null,
               sum(claims) filter (where day between ${range.from}::date and ${range.to}::date)::int,
               sum(claims) filter (where day = ${today}::date)::int,
               sum(claims) filter (where day >= ${usualFrom}::date and day < ${today}::date)::int
        from ${hotelLinkDayClaims}
        where hotel_id = ${hotelId}::uuid and day >= least(${range.from}::date, ${usualFrom}::date)
      ), redeemed as (
        select s.placement_id, count(*)::int as redemptions
        from ${customerScans} s join ${coupons} c on c.scan_id = s.id and c.is_redeemed
        where s.hotel_id = ${hotelId}::uuid
          and s.scan_date >= ${startOfDay(range.from, timeZone)} and s.scan_date < ${startOfDay(addDays(range.to, 1), timeZone)}
        group by s.placement_id
      )
      select c.placement_id, c.label, c.is_active, c."limit",
             coalesce(cl.guests, 0) as guests, coalesce(r.redemptions, 0) as redemptions,
             coalesce(cl.today, 0) as claims_today, coalesce(cl.usual, 0) as usual
      from cards c
      left join claims cl on cl.placement_id is not distinct from c.placement_id
      left join redeemed r on r.placement_id is not distinct from c.placement_id
      order by guests desc, redemptions desc, c.label nulls first`),
  );
  return rows.map((row) => {
    const usualDay = row.usual / USUAL_DAYS;
    return {
      placementId: row.placement_id,
      label: row.label ?? 'Hotel link (old QR code)',
      isActive: row.is_active,
      guests: row.guests,
      redemptions: row.redemptions,
      claimsToday: row.claims_today,
      limit: row.limit,
      usualDay: Math.round(usualDay * 10) / 10,
      spike: spikeOf(row.claims_today, row.limit, usualDay),
    };
  });
}

/** A card flagged today anywhere (the super admin's dashboard): its hotel, the card, today's claims and why. */
export interface CardAlert {
  hotelId: string;
  hotelName: string;
  placementId: string | null;
  label: string;
  claimsToday: number;
  limit: number;
  usualDay: number;
  spike: 'limit' | 'surge';
}

/**
 * Today's spikes across every hotel, most claims first (at most `max`). Reads today's counter rows only (one a card
 * that took a claim today), then the usual days of those cards.
 */
export async function cardAlerts(db: Db, today: IsoDate, max = 50): Promise<CardAlert[]> {
  const usualFrom = addDays(today, -USUAL_DAYS);
  const rows = rowsOf<{
    hotel_id: string;
    hotel_name: string;
    placement_id: string | null;
    label: string | null;
    claims_today: number;
    limit: number;
    usual: number;
  }>(
    await db.execute(sql`
      select h.id as hotel_id, h.name as hotel_name, d.placement_id, p.label, d.claims as claims_today,
             h.placement_daily_limit as "limit",
             coalesce((select sum(u.claims) from ${placementDayClaims} u
                       where u.placement_id = d.placement_id and u.day >= ${usualFrom}::date and u.day < ${today}::date), 0)::int as usual
      from ${placementDayClaims} d join ${placements} p on p.id = d.placement_id join ${hotels} h on h.id = p.hotel_id
      where d.day = ${today}::date and (d.claims >= h.placement_daily_limit or d.claims >= ${SPIKE_MIN})
      union all
      select h.id, h.name, null, null, d.claims, h.hotel_link_daily_limit,
             coalesce((select sum(u.claims) from ${hotelLinkDayClaims} u
                       where u.hotel_id = d.hotel_id and u.day >= ${usualFrom}::date and u.day < ${today}::date), 0)::int
      from ${hotelLinkDayClaims} d join ${hotels} h on h.id = d.hotel_id
      where d.day = ${today}::date and (d.claims >= h.hotel_link_daily_limit or d.claims >= ${SPIKE_MIN})`),
  );
  return rows
    .map((row) => {
      const usualDay = row.usual / USUAL_DAYS;
      return {
        hotelId: row.hotel_id,
        hotelName: row.hotel_name,
        placementId: row.placement_id,
        label: row.label ?? 'Hotel link (old QR code)',
        claimsToday: row.claims_today,
        limit: row.limit,
        usualDay: Math.round(usualDay * 10) / 10,
        spike: spikeOf(row.claims_today, row.limit, usualDay),
      };
    })
    .filter((row): row is CardAlert => row.spike !== null)
    .sort((a, b) => b.claimsToday - a.claimsToday)
    .slice(0, max);
}
