import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

/**
 * A day of the guest funnel for `hotelId`, written by plain SQL (the triggers count it): `events` page events of each
 * kind, and `scans` scans at noon business time with a voucher each of the first offer, the first `redeemed` of
 * them redeemed.
 */
export async function funnelDay(
  db: Db,
  timeZone: string,
  hotelId: string,
  day: string,
  events: Record<string, number>,
  scans: number,
  redeemed: number,
) {
  for (const [kind, count] of Object.entries(events))
    await db.execute(sql`
      insert into funnel_events (hotel_id, day, kind) select ${hotelId}, ${day}::date, ${kind}
      from generate_series(1, ${count})`);
  if (scans === 0) return;
  const [offer] = rowsOf<{ id: string; merchant_id: string }>(
    await db.execute(sql`select id, merchant_id from offers limit 1`),
  );
  await db.execute(sql`
    with s as (
      insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
      select ${hotelId}, 'Funnel Guest', '7' || lpad((random() * 1e9)::bigint::text, 9, '0'), ${day}::date + 2,
        (${day}::date + time '12:00') at time zone ${timeZone}
      from generate_series(1, ${scans}) n
      returning id),
    numbered as (select id, row_number() over (order by id) as n from s)
    insert into coupons (scan_id, offer_id, merchant_id, code, is_redeemed, redeemed_at)
    select id, ${offer!.id}, ${offer!.merchant_id}, upper(substr(md5(id::text), 1, 8)), n <= ${redeemed},
      case when n <= ${redeemed} then now() end
    from numbered`);
}
