import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

export type FunnelFigures = Record<'opens' | 'details' | 'issued' | 'redeemed' | 'review_taps' | 'shares', number>;

/**
 * Hotels' funnel figures recounted from funnel_events, the scans and their vouchers, independently of the rollups:
 * per hotel, card and business day, opens at least details and issued and details at least issued
 * (docs/PRODUCT.md "Funnel"), then summed over the days `from`..`to` of each hotel. Hotels without any answer zeros.
 */
export async function recountFunnel(
  db: Db,
  timeZone: string,
  hotelIds: string[],
  from: string,
  to: string,
): Promise<Map<string, FunnelFigures>> {
  const tz = sql.raw(`'${timeZone.replace(/'/g, "''")}'`);
  const ids = sql.join(
    hotelIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<FunnelFigures & { hotel_id: string }>(
    await db.execute(sql`
      with raw as (
        select hotel_id, placement_id, day, (kind = 'page_open')::int as opens,
          (kind = 'details_entered')::int as details, 0 as issued, 0 as redeemed,
          (kind = 'review_tap')::int as review_taps, (kind = 'share')::int as shares
        from funnel_events where hotel_id in (${ids}) and day between ${from} and ${to}
        union all
        select s.hotel_id, s.placement_id, (s.scan_date at time zone ${tz})::date, 0, 0, 1,
          (exists (select 1 from coupons c where c.scan_id = s.id and c.is_redeemed))::int, 0, 0
        from customer_scans s
        where s.hotel_id in (${ids}) and (s.scan_date at time zone ${tz})::date between ${from} and ${to}
      ),
      days as (
        select hotel_id, sum(opens) as opens, sum(details) as details, sum(issued) as issued,
          sum(redeemed) as redeemed, sum(review_taps) as review_taps, sum(shares) as shares
        from raw group by hotel_id, placement_id, day
      )
      select hotel_id, sum(greatest(opens, details, issued))::int as opens,
        sum(greatest(details, issued))::int as details, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
        sum(review_taps)::int as review_taps, sum(shares)::int as shares
      from days group by hotel_id`),
  );
  const zero: FunnelFigures = { opens: 0, details: 0, issued: 0, redeemed: 0, review_taps: 0, shares: 0 };
  const byHotel = new Map(hotelIds.map((id) => [id, { ...zero }]));
  for (const { hotel_id, ...figures } of rows) byHotel.set(hotel_id, figures);
  return byHotel;
}

export const FUNNEL_RATES = {
  details_rate: ['details', 'opens'],
  issue_rate: ['issued', 'details'],
  redeem_rate: ['redeemed', 'issued'],
  open_to_issue_rate: ['issued', 'opens'],
  review_tap_rate: ['review_taps', 'opens'],
  share_rate: ['shares', 'opens'],
} as const;

export const funnelRateOf = (figures: FunnelFigures, name: keyof typeof FUNNEL_RATES) => {
  const [figure, base] = FUNNEL_RATES[name];
  return figures[base] > 0 ? (100 * figures[figure]) / figures[base] : null;
};

export const addFigures = (a: FunnelFigures, b: FunnelFigures): FunnelFigures => ({
  opens: a.opens + b.opens,
  details: a.details + b.details,
  issued: a.issued + b.issued,
  redeemed: a.redeemed + b.redeemed,
  review_taps: a.review_taps + b.review_taps,
  shares: a.shares + b.shares,
});
