import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildDerived } from '../../src/server/db/derived';
import { rowsOf } from '../../src/server/db/rows';
import { FEW_COUPONS, WALK_PER_COUPON } from '../../src/server/modules/customer-scans/customer-scans.list';
import { encodeScanCursor } from '../../src/shared/scan-cursor';
import { useTestContext } from '../support';
import { hotelAt, merchantAt, offerOf } from '../support/insight-factories';

/**
 * GET /api/customer-scans over 2,400 scans in 14 months (and 20,000 older ones at one hotel, without coupons):
 * every filter alone and together gives the total and
 * the rows (walked page by page with the cursor) of a plain count/select over the base tables. The list takes
 * different paths (rollups, merchant coupons, per-hotel walks, a merchant with many or few coupons); all must
 * agree with the plain query. Some scans share one instant to the microsecond, so the cursor's tie-break shows.
 */
const ctx = useTestContext();
let token: string;
const N = 2400;
const OLD = 20_000;
const ids: Record<string, string> = {};
const loc: Record<string, number> = {};
let mobile = '';

beforeAll(async () => {
  const db = ctx.db;
  for (const name of ['L1', 'L2', 'L3']) loc[name] = (await ctx.createLocation({ name: `Paging ${name}` })).id;
  const at = '2025-01-01T00:00:00Z';
  const hotel = async (key: string, location: string) =>
    (ids[key] = (await hotelAt(db, loc[location]!, at, { name: `Paging ${key}` })).id);
  await hotel('H1', 'L1');
  await hotel('H2', 'L1');
  await hotel('H3', 'L2');
  await hotel('H4', 'L2');
  await hotel('H5', 'L3'); // only old scans, without coupons
  const offer = async (key: string, merchant: string) => (ids[key] = (await offerOf(db, ids[merchant]!)).id);
  for (const [key, location] of [
    ['M1', 'L1'],
    ['M2', 'L1'],
    ['M3', 'L2'],
  ] as const) {
    ids[key] = (await merchantAt(db, loc[location]!, at, { name: `Paging ${key}` })).id;
  }
  await offer('O1a', 'M1');
  await offer('O1b', 'M1');
  await offer('O2', 'M2');
  await offer('O3', 'M3');

  // Scan i: hotel by i % 10 (H1 busiest), a day in 14 months and a second of it (IST midnights included), a
  // name from 6 × 5, a unique mobile. Triples (i % 40 < 3) and i ≤ 12 share exact instants.
  const hotelsByDigit = [ids.H1, ids.H1, ids.H1, ids.H1, ids.H1, ids.H2, ids.H2, ids.H3, ids.H3, ids.H4];
  await db.execute(sql`
    create temp table paging_seed as
    select i, gen_random_uuid() as id,
      (${sql.raw(`array[${hotelsByDigit.map((id) => `'${id}'::uuid`).join(',')}]`)})[1 + i % 10] as hotel_id,
      (array['Priya','Rahul','Sneha','Priyanka','Arjun','Meera'])[1 + i % 6] || ' ' || (array['Sharma','Verma','Patel','Das','Iyer'])[1 + (i / 6) % 5] as name,
      '9' || lpad(((i * 7919 + 12345) % 1000000000)::text, 9, '0') as mobile,
      case
        when i <= 12 then timestamptz '2026-01-15 10:00:00.123456+00'
        when i % 40 < 3 then timestamptz '2025-06-01 12:00:00.5+00' + (i / 40) * interval '1 day'
        else timestamptz '2025-03-01 00:00:00+00' + ((i * 7919) % 420) * interval '1 day'
          + ((i * 104729) % 86400) * interval '1 second' + ((i * 31) % 1000000) * interval '1 microsecond'
      end as scan_date
    from generate_series(1, ${N}) i`);
  await db.execute(sql`
    insert into customer_scans (id, hotel_id, customer_name, mobile_number, checkout_date, scan_date)
    select id, hotel_id, name, mobile, (scan_date at time zone 'Asia/Kolkata')::date + 2, scan_date from paging_seed`);
  // M1: two coupons on most L1 scans (over 2,000: the list walks); M2: a few (looked up one by one); M3 in L2.
  await db.execute(sql`
    insert into coupons (scan_id, offer_id, merchant_id, code, created_at)
    select p.id, o.offer_id, o.merchant_id, upper(substr(md5(p.id::text || o.offer_id::text), 1, 12)), p.scan_date
    from paging_seed p
    join (values (${ids.O1a}::uuid, ${ids.M1}::uuid, 0), (${ids.O1b}::uuid, ${ids.M1}::uuid, 0), (${ids.O2}::uuid, ${ids.M2}::uuid, 1), (${ids.O3}::uuid, ${ids.M3}::uuid, 2)) as o(offer_id, merchant_id, rule) on
      case o.rule
        when 0 then p.i % 10 < 7 and p.i % 5 <> 0
        when 1 then p.i % 10 < 7 and p.i % 3 = 0
        else p.i % 10 >= 7 and p.i % 2 = 0
      end`);
  // Older history at H5 without coupons: enough scans that a wide range outnumbers M1's coupons eight times over.
  // Loaded in bulk as docs/DATA.md says (triggers off, then a rebuild of the rollups); the rows above went
  // through the triggers.
  await inBulk(sql`
    insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
    select ${ids.H5}::uuid, 'Old Guest ' || i, '8' || lpad(i::text, 9, '0'), '2024-12-31',
      timestamptz '2024-06-01 00:00:00+00' + (i % 300) * interval '1 day' + i * interval '1 second'
    from generate_series(1, ${OLD}) i`);
  await rebuildDerived(db);
  mobile = rowsOf<{ mobile: string }>(await db.execute(sql`select mobile from paging_seed where i = 777`))[0]!.mobile;
  token = await ctx.tokenAs('superadmin');
}, 180_000);

/** A bulk load or removal as docs/DATA.md says: triggers off (the rollups are rebuilt after). */
function inBulk(statement: SQL) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

type Filters = Partial<
  Record<'search' | 'date_from' | 'date_to' | 'location_id' | 'hotel_id' | 'merchant_id', string | number>
>;

async function get(query: Record<string, string | number>) {
  const res = await ctx.request(
    'GET',
    `/api/customer-scans?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    { token },
  );
  return res;
}

/** Every page from the first, following X-Next-Cursor; checks the total on each page. */
async function walk(filters: Filters, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const res = await get({ ...filters, limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const pageTotal = Number(res.headers.get('X-Total-Count'));
    if (total === undefined) total = pageTotal;
    expect(pageTotal).toBe(total);
    seen.push(...(res.body as { id: string }[]).map((r) => r.id));
    cursor = res.headers.get('X-Next-Cursor');
    if (!cursor) break;
    expect(res.body).toHaveLength(limit);
  }
  return { ids: seen, total: total! };
}

/**
 * The plain answer: a select over the base tables with the filters as docs/PRODUCT.md "Screens" says (name or mobile
 * contains).
 */
async function expected(filters: Filters): Promise<string[]> {
  const conditions: SQL[] = [sql`true`];
  if (filters.search !== undefined) {
    const pattern = `%${String(filters.search)}%`;
    conditions.push(sql`(s.customer_name ilike ${pattern} or s.mobile_number like ${pattern})`);
  }
  if (filters.date_from)
    conditions.push(sql`s.scan_date >= (${filters.date_from}::date::timestamp at time zone 'Asia/Kolkata')`);
  if (filters.date_to)
    conditions.push(sql`s.scan_date < ((${filters.date_to}::date + 1)::timestamp at time zone 'Asia/Kolkata')`);
  if (filters.location_id) conditions.push(sql`h.location_id = ${filters.location_id}`);
  if (filters.hotel_id) conditions.push(sql`s.hotel_id = ${filters.hotel_id}`);
  if (filters.merchant_id)
    conditions.push(
      sql`exists (select 1 from coupons c where c.scan_id = s.id and c.merchant_id = ${filters.merchant_id})`,
    );
  const result = await ctx.db.execute(sql`
    select s.id from customer_scans s join hotels h on h.id = s.hotel_id
    where ${sql.join(conditions, sql` and `)} order by s.scan_date desc, s.id desc`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

const variants = {
  search: () => ['sharma', 'PRIY', mobile, mobile.slice(-4)],
  dates: () => [
    { date_from: '2025-08-01', date_to: '2025-09-30' }, // narrow: summed day by day
    { date_from: '2026-02-01' },
    { date_to: '2026-03-31' }, // most of the history: all time less the days after
    { date_from: '2025-04-01', date_to: '2026-02-28' },
  ],
  location: () => [loc.L1!, loc.L2!, loc.L3!],
  hotel: () => [ids.H1!, ids.H3!, ids.H2!],
  merchant: () => [ids.M1!, ids.M2!, ids.M3!],
};

/** Filter set number `mask` (one bit per filter), each filter's variant picked by `pass`. */
function combination(mask: number, pass: number): Filters {
  const pick = <T>(list: T[], bit: number) => list[(mask + pass + bit) % list.length]!;
  const filters: Filters = {};
  if (mask & 1) filters.search = pick(variants.search(), 0);
  if (mask & 2) Object.assign(filters, pick(variants.dates(), 1));
  if (mask & 4) filters.location_id = pick(variants.location(), 2);
  if (mask & 8) filters.hotel_id = pick(variants.hotel(), 3);
  if (mask & 16) filters.merchant_id = pick(variants.merchant(), 4);
  return filters;
}

describe('GET /api/customer-scans at scale: totals and cursor pages', () => {
  it('the dataset is what the other tests rely on', async () => {
    expect(await expected({})).toHaveLength(N + OLD);
    const [m1] = rowsOf<{ coupons: number }>(
      await ctx.db.execute(sql`select coupons from merchant_stats where merchant_id = ${ids.M1}`),
    );
    const [m2] = rowsOf<{ coupons: number }>(
      await ctx.db.execute(sql`select coupons from merchant_stats where merchant_id = ${ids.M2}`),
    );
    // M1 takes the walk, M2 the one-by-one lookup.
    expect(Number(m1!.coupons)).toBeGreaterThanOrEqual(FEW_COUPONS);
    expect(Number(m2!.coupons)).toBeLessThan(FEW_COUPONS);
    expect((await expected({ search: mobile })).length).toBe(1);
    expect((await expected({ search: mobile.slice(-4) })).length).toBeGreaterThanOrEqual(1);
  });

  it('walks the whole list with the cursor: every scan once, newest first, ties broken by id', async () => {
    const all = await walk({}, 200);
    expect(all.total).toBe(N + OLD);
    expect(all.ids).toEqual(await expected({}));
  });

  it('pages through scans that share one instant to the microsecond, a few at a time', async () => {
    // 12 scans at 15 Jan 2026 10:00:00.123456 UTC and its neighbours, 5 a page.
    const filters = { date_from: '2026-01-10', date_to: '2026-01-20' };
    const small = await walk(filters, 5);
    const want = await expected(filters);
    expect(want.length).toBeGreaterThan(12);
    expect(small.ids).toEqual(want);
    expect(small.total).toBe(want.length);
    // Triples at .5 s, across a whole summer, 4 a page.
    const summer = { date_from: '2025-06-01', date_to: '2025-07-15', location_id: loc.L1! };
    expect((await walk(summer, 4)).ids).toEqual(await expected(summer));
  });

  for (const pass of [0, 1]) {
    it(`gives the plain query's total and rows for every combination of filters (variants ${pass})`, async () => {
      for (let mask = 1; mask < 32; mask++) {
        const filters = combination(mask, pass);
        const want = await expected(filters);
        const got = await walk(filters, 200);
        expect({ filters, total: got.total }).toEqual({ filters, total: want.length });
        expect({ filters, ids: got.ids }).toEqual({ filters, ids: want });
      }
    });
  }

  it('counts and pages a merchant with many coupons with a narrow or a wide range of other filters', async () => {
    // L1, H2 or a few months: fewer scans than 8 × M1's coupons (each checked against them); L3's old scans or
    // all but the last weeks: more (M1's scans looked up instead).
    for (const filters of [
      { merchant_id: ids.M1!, location_id: loc.L1! },
      { merchant_id: ids.M1!, date_from: '2025-06-01', date_to: '2025-09-30' },
      { merchant_id: ids.M1!, date_to: '2026-03-31' },
      { merchant_id: ids.M1!, location_id: loc.L3! },
      { merchant_id: ids.M1!, hotel_id: ids.H2!, date_to: '2026-03-31' },
    ] as Filters[]) {
      const want = await expected(filters);
      const got = await walk(filters, 200);
      expect({ filters, total: got.total, ids: got.ids }).toEqual({ filters, total: want.length, ids: want });
    }
  });

  it("pages a busy merchant whose scans lie behind a long run of others' newer scans", async () => {
    // Newer scans without coupons, more than the walk's bound for M1 (WALK_PER_COUPON a coupon), so its pages come
    // from looking its scans up. Loaded and removed in bulk, the rollups rebuilt, as the older history above.
    const [m1] = rowsOf<{ coupons: number }>(
      await ctx.db.execute(sql`select coupons from merchant_stats where merchant_id = ${ids.M1}`),
    );
    const later = WALK_PER_COUPON * Number(m1!.coupons) + 1000;
    await inBulk(sql`
      insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
      select ${ids.H5}::uuid, 'Later Guest ' || i, '7' || lpad(i::text, 9, '0'), '2026-12-31',
        timestamptz '2026-06-01 00:00:00+00' + i * interval '10 second'
      from generate_series(1, ${later}) i`);
    await rebuildDerived(ctx.db);
    try {
      for (const filters of [{ merchant_id: ids.M1! }, { merchant_id: ids.M1!, hotel_id: ids.H2! }] as Filters[]) {
        const want = await expected(filters);
        expect(want.length).toBeGreaterThan(100);
        const first = await get({ ...filters, limit: 30 });
        expect((first.body as { id: string }[]).map((r) => r.id)).toEqual(want.slice(0, 30));
        expect(first.headers.get('X-Total-Count')).toBe(String(want.length));
        const next = await get({ ...filters, limit: 30, cursor: first.headers.get('X-Next-Cursor')! });
        expect((next.body as { id: string }[]).map((r) => r.id)).toEqual(want.slice(30, 60));
        const offset = await get({ ...filters, limit: 30, offset: 45 });
        expect((offset.body as { id: string }[]).map((r) => r.id)).toEqual(want.slice(45, 75));
      }
    } finally {
      await inBulk(sql`delete from customer_scans where customer_name like 'Later Guest %'`);
      await rebuildDerived(ctx.db);
    }
  });

  it('limit/offset pages are the same rows as cursor pages, for a location, a merchant and a search', async () => {
    for (const filters of [
      { location_id: loc.L1! },
      { merchant_id: ids.M1! },
      { merchant_id: ids.M2! },
      { search: 'sharma' },
    ] as Filters[]) {
      const want = (await expected(filters)).slice(0, 120);
      const pages: string[] = [];
      for (let offset = 0; offset < 120; offset += 40) {
        const res = await get({ ...filters, limit: 40, offset });
        expect(res.status).toBe(200);
        pages.push(...(res.body as { id: string }[]).map((r) => r.id));
      }
      expect(pages).toEqual(want);
    }
  });

  it('sends X-Next-Cursor only while more rows follow', async () => {
    const filters = { hotel_id: ids.H4!, date_from: '2025-08-01', date_to: '2025-08-31' };
    const count = (await expected(filters)).length;
    expect(count).toBeGreaterThan(0);
    const exact = await get({ ...filters, limit: count });
    expect(exact.headers.get('X-Next-Cursor')).toBeNull();
    expect(exact.headers.get('Access-Control-Expose-Headers')).toContain('X-Next-Cursor');
    const short = await get({ ...filters, limit: count - 1 });
    const rest = await get({ ...filters, cursor: short.headers.get('X-Next-Cursor')! });
    expect(rest.body).toHaveLength(1);
    expect(rest.headers.get('X-Next-Cursor')).toBeNull();
    expect(rest.headers.get('X-Total-Count')).toBe(String(count));
    // A cursor at the last row: an empty page, the total still exact.
    const oldest = (await expected(filters)).at(-1)!;
    const [last] = rowsOf<{ at: string; id: string }>(
      await ctx.db.execute(
        sql`select to_char(scan_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from customer_scans where id = ${oldest}`,
      ),
    );
    const none = await get({ ...filters, cursor: encodeScanCursor(last!) });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('X-Total-Count')).toBe(String(count));
    expect(none.headers.get('X-Next-Cursor')).toBeNull();
  });

  it('searches a whole mobile number, its last 4 digits, or a name in any case', async () => {
    const whole = await get({ search: mobile });
    expect((whole.body as { mobile_number: string }[]).map((r) => r.mobile_number)).toEqual([mobile]);
    const last4 = await get({ search: mobile.slice(-4), limit: 200 });
    expect(Number(last4.headers.get('X-Total-Count'))).toBe((await expected({ search: mobile.slice(-4) })).length);
    for (const row of last4.body as { mobile_number: string }[]) expect(row.mobile_number).toContain(mobile.slice(-4));
    // Spaces in a typed number are ignored.
    const spaced = await get({ search: `${mobile.slice(0, 5)} ${mobile.slice(5)}` });
    expect((spaced.body as { mobile_number: string }[]).map((r) => r.mobile_number)).toEqual([mobile]);
    const names = await get({ search: 'pRiYaNkA sHaRmA', limit: 200 });
    expect(Number(names.headers.get('X-Total-Count'))).toBe((await expected({ search: 'Priyanka Sharma' })).length);
    expect(names.body.length).toBeGreaterThan(0);
  });

  it('answers an offset past the first 10,000 rows with 422 and asks for narrower filters', async () => {
    expect((await get({ offset: 9950, limit: 50 })).status).toBe(200);
    for (const query of [{ offset: 9951, limit: 50 }, { offset: 500000 }, { offset: 9999, limit: 2 }] as Record<
      string,
      number
    >[]) {
      const res = await get(query);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        detail: 'Showing more than the first 10,000 scans needs narrower filters: pick dates, a location or a hotel',
      });
    }
  });

  it.each([
    ['not base64', 'not a cursor!'],
    ['base64 of something else', Buffer.from('hello world').toString('base64url')],
    [
      'a bad date',
      Buffer.from('2026-02-30T10:00:00.000000Z 4f1c2b8e-2f43-4c8e-9d7a-2b1f6c3e9a10').toString('base64url'),
    ],
    ['no id', Buffer.from('2026-02-10T10:00:00.000000Z').toString('base64url')],
  ])('refuses a cursor that is %s with 422', async (_name, cursor) => {
    const res = await get({ cursor });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'cursor is not a valid page cursor: load the list again from the first page' });
  });

  it('refuses a cursor and an offset together', async () => {
    const first = await get({ limit: 2 });
    const res = await get({ cursor: first.headers.get('X-Next-Cursor')!, offset: 10 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Send cursor or offset, not both' });
  });
});
