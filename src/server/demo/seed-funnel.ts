import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The guest funnel's events for the demo's scans (docs/PRODUCT.md "Funnel"), so the hotel dashboard's and the back
 * office's funnels have something to show: every scan had its page opened (one to three times: guests come back,
 * others leave), its details entered (a fifth twice), a third tapped the review link and one in ten shared the
 * page. Chosen by a hash of the guest's number, so the same for each seeding. The triggers move the rollup.
 */
export async function seedDemoFunnel(db: Db): Promise<void> {
  await db.execute(sql`
    insert into funnel_events (hotel_id, placement_id, day, kind)
    select s.hotel_id, s.placement_id, stayperks_business_day(s.scan_date), k.kind
    from (select *, abs(hashtext(mobile_number || customer_name)) as h from customer_scans) s
    cross join lateral (values ('page_open', 1 + s.h % 3), ('details_entered', 1 + (s.h % 5 = 0)::int),
                               ('review_tap', (s.h % 3 = 0)::int), ('share', (s.h % 10 = 0)::int)) k(kind, n)
    cross join lateral generate_series(1, k.n)`);
}
