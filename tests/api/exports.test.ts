import { gunzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { EXPORT_BATCH } from '../../src/server/modules/customer-scans/customer-scans.export';
import { asRecords, readCsvBytes, type CsvFile } from '../support/csv';
import { archiveHotel, hotelAt, offerOf, paidPeriod, scanAt, snapshotAt } from '../support/insight-factories';
import { useRoleTokens, useTestContext } from '../support';

/**
 * The CSV exports (docs/DEVELOPING.md "CSV exports and charts") against SQL on a prepared dataset: row counts, the
 * order, a formula-injection row, non-ASCII names (Zoë, राम), the byte-order mark, file names, the audit trail and who
 * may export.
 */

const t = useTestContext();
const tokens = useRoleTokens(t);
const TZ = 'Asia/Kolkata';

const FORMULA_NAME = '=HYPERLINK("http://evil.example","click")';
const QUOTED_NAME = 'Plain, Guest "Q"';
let fx: {
  goa: number;
  jaipur: number;
  hotelA: string;
  hotelB: string;
  merchantA: string;
  merchantB: string;
};

/** What a spreadsheet cell holds after neutralising: a leading = + - @ gets an apostrophe. */
const neutral = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

async function download(path: string, token?: string): Promise<{ status: number; csv: CsvFile; body: string }> {
  const res = await t.app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    csv: readCsvBytes(bytes, res.headers.get('content-disposition')),
    body: new TextDecoder().decode(bytes),
  };
}

/** A successful export: 200, in UTF-8 with a byte-order mark. */
async function exported(path: string, token: string): Promise<CsvFile> {
  const { status, csv } = await download(path, token);
  expect(status).toBe(200);
  expect(csv.bom).toBe(true);
  return csv;
}

/** The rows of a query (both drivers). */
const sqlRows = async <T>(statement: SQL) => rowsOf<T>(await t.db.execute(statement));

async function auditCount(action: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = ${action}`);
  return Number(row!.n);
}

beforeAll(async () => {
  const goa = await t.createLocation({ name: 'Goa' });
  const jaipur = await t.createLocation({ name: 'Jaipur' });
  const hotelA = await hotelAt(t.db, goa.id, '2025-06-01T06:00:00Z', { name: 'Hotel Zoë' });
  const hotelB = await hotelAt(t.db, jaipur.id, '2025-07-01T06:00:00Z', { name: 'राम निवास' });
  const minus = await hotelAt(t.db, goa.id, '2025-08-01T06:00:00Z', { name: '-Minus Inn' });
  const gone = await hotelAt(t.db, goa.id, '2025-08-02T06:00:00Z', { name: 'Archived Hotel' });
  await archiveHotel(t.db, gone.id);
  const merchantA = await t.createMerchant({ locationId: goa.id, name: 'Café Zoë' });
  const merchantB = await t.createMerchant({ locationId: jaipur.id, name: '@Merchant' });
  const offerA = {
    id: (await offerOf(t.db, merchantA.id, { offerName: 'Chai for two' })).id,
    merchantId: merchantA.id,
  };
  const offerB = { id: (await offerOf(t.db, merchantB.id, { offerName: '+10% off' })).id, merchantId: merchantB.id };
  fx = {
    goa: goa.id,
    jaipur: jaipur.id,
    hotelA: hotelA.id,
    hotelB: hotelB.id,
    merchantA: merchantA.id,
    merchantB: merchantB.id,
  };

  await scanAt(t.db, {
    hotelId: hotelA.id,
    scanDate: '2026-03-01T04:00:00Z',
    customerName: 'Zoë Kapoor',
    mobile: '9812345210',
    coupons: [{ offer: offerA, redeemed: true }, { offer: offerB }],
  });
  // 20:00 UTC is 01:30 the next day in Kolkata: the business day is 11 March.
  await scanAt(t.db, {
    hotelId: hotelA.id,
    scanDate: '2026-03-10T20:00:00Z',
    customerName: 'राम शर्मा',
    coupons: [{ offer: offerA }],
  });
  await scanAt(t.db, {
    hotelId: hotelB.id,
    scanDate: '2026-03-15T06:00:00Z',
    customerName: FORMULA_NAME,
    coupons: [{ offer: offerB, redeemed: true }],
  });
  await scanAt(t.db, { hotelId: hotelB.id, scanDate: '2026-04-02T06:00:00Z', customerName: '-5+3' });
  await scanAt(t.db, {
    hotelId: hotelA.id,
    scanDate: '2026-04-20T06:00:00Z',
    customerName: QUOTED_NAME,
    coupons: [{ offer: offerA }],
  });
  // More scans than one batch, all at one instant, so batches meet inside a run of equal scan dates.
  await t.db.execute(sql`
    insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
    select ${hotelB.id}, 'Bulk ' || n, '9000000000', '2026-02-02', '2026-02-01T00:00:00Z'
    from generate_series(1, ${EXPORT_BATCH + 50}) n`);

  await paidPeriod(t.db, hotelA.id, 1000.5, '2026-01-15T06:00:00Z', '2026-01-15', '2027-01-14');
  await paidPeriod(t.db, hotelB.id, 2000, '2026-02-20T06:00:00Z', '2026-02-20', '2027-02-19');
  // 20:00 UTC on 28 Feb is 1 March in Kolkata: March's revenue.
  await paidPeriod(t.db, minus.id, 300.25, '2026-02-28T20:00:00Z', '2026-03-01', '2026-08-31');
  await t.db.execute(sql`update hotels set subscription_end = '2027-01-14', renewal_count = 2 where id = ${hotelA.id}`);

  await snapshotAt(t.db, hotelA.id, '2026-03-01T06:00:00Z', 120, 4.2);
  await snapshotAt(t.db, hotelA.id, '2026-03-20T06:00:00Z', 130, 4.36);
}, 120_000);

describe('GET /customer-scans/export', () => {
  /** The expected lines from SQL: one per coupon (a scan without coupons has one), newest scan first. */
  async function expectedLines(where = sql`true`) {
    return sqlRows<{ customer_name: string; code: string | null }>(sql`
        select s.customer_name, c.code from customer_scans s
        join hotels h on h.id = s.hotel_id
        left join coupons c on c.scan_id = s.id
        where ${where}
        order by s.scan_date desc, s.id desc, c.created_at, c.code`);
  }

  it('is every scan as lines, as SQL lists them, in UTF-8 with a byte-order mark and a header row', async () => {
    const csv = await exported('/api/customer-scans/export', tokens.superadmin);
    expect(csv.fileName).toMatch(/^customer-scans_all_to_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header).toEqual([
      'Scan Date',
      'Customer Name',
      'Mobile',
      'Check Out Date',
      'Hotel Name',
      'Location',
      'Placement',
      'Merchant Name',
      'Offer',
      'Coupon Code',
      'Status',
      'Redeemed At',
    ]);
    const expected = await expectedLines();
    expect(csv.rows.length).toBe(expected.length);
    expect(csv.rows.length).toBeGreaterThan(EXPORT_BATCH);
    const records = asRecords(csv);
    expect(records.map((r) => [r['Customer Name'], r['Coupon Code']])).toEqual(
      expected.map((e) => [neutral(e.customer_name), e.code ?? '']),
    );
    expect(
      new Set(records.filter((r) => r['Customer Name']!.startsWith('Bulk ')).map((r) => r['Customer Name'])).size,
    ).toBe(EXPORT_BATCH + 50);
  });

  it('is gzipped for a client that takes gzip, and is then the same file; plain for one that refuses it', async () => {
    const exportWith = async (acceptEncoding: string) => {
      const res = await t.app.request('/api/customer-scans/export', {
        headers: { Authorization: `Bearer ${tokens.superadmin}`, 'Accept-Encoding': acceptEncoding },
      });
      return {
        encoding: res.headers.get('Content-Encoding'),
        vary: res.headers.get('Vary'),
        bytes: Buffer.from(await res.arrayBuffer()),
      };
    };
    const plain = await exportWith('identity');
    expect(plain.encoding).toBeNull();
    expect(readCsvBytes(new Uint8Array(plain.bytes), null).rows.length).toBeGreaterThan(EXPORT_BATCH);

    const zipped = await exportWith('gzip, br');
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.vary).toContain('Accept-Encoding');
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);

    const refused = await exportWith('gzip;q=0, identity');
    expect(refused.encoding).toBeNull();
    expect(refused.bytes.equals(plain.bytes)).toBe(true);
  });

  it('writes dates as on screen in the business time zone, statuses and full mobiles for the back office', async () => {
    const records = asRecords((await download('/api/customer-scans/export', tokens.superadmin)).csv);
    const zoe = records.filter((r) => r['Customer Name'] === 'Zoë Kapoor');
    expect(zoe).toHaveLength(2);
    expect(zoe[0]).toMatchObject({
      'Scan Date': '1 Mar 2026, 09:30',
      Mobile: '9812345210',
      'Check Out Date': '1 Mar 2026',
      'Hotel Name': 'Hotel Zoë',
      Location: 'Goa',
      'Merchant Name': 'Café Zoë',
      Offer: 'Chai for two',
      Status: 'Redeemed',
      'Redeemed At': '1 Mar 2026, 09:30',
    });
    expect(zoe[1]).toMatchObject({
      'Merchant Name': "'@Merchant",
      Offer: "'+10% off",
      Status: 'Pending',
      'Redeemed At': '',
    });
    const ram = records.find((r) => r['Customer Name'] === 'राम शर्मा');
    expect(ram?.['Scan Date']).toBe('11 Mar 2026, 01:30');
    expect(records.find((r) => r['Customer Name'] === "'-5+3")).toMatchObject({
      'Coupon Code': '',
      Status: 'No coupon',
    });
    expect(records.find((r) => r['Customer Name'] === QUOTED_NAME)).toBeDefined();
  });

  it('neutralises a value that would run as a formula in a spreadsheet', async () => {
    const { csv, body } = await download('/api/customer-scans/export', tokens.superadmin);
    const cells = csv.rows.flat();
    expect(cells).toContain(`'${FORMULA_NAME}`);
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    // The raw text: the formula is quoted and starts with the apostrophe.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('takes the list filters: dates (business days, To inclusive), location, hotel, merchant and search', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      [
        'date_from=2026-03-11&date_to=2026-03-15',
        sql`(s.scan_date at time zone ${TZ})::date between '2026-03-11' and '2026-03-15'`,
      ],
      [`location_id=${fx.goa}`, sql`h.location_id = ${fx.goa}`],
      [`hotel_id=${fx.hotelB}`, sql`s.hotel_id = ${fx.hotelB}`],
      [
        `merchant_id=${fx.merchantA}`,
        sql`exists (select 1 from coupons x where x.scan_id = s.id and x.merchant_id = ${fx.merchantA})`,
      ],
      ['search=zoë', sql`s.customer_name ilike '%zoë%'`],
      [`search=राम&location_id=${fx.goa}`, sql`s.customer_name like '%राम%' and h.location_id = ${fx.goa}`],
      [
        `date_from=2026-02-01&hotel_id=${fx.hotelB}`,
        sql`(s.scan_date at time zone ${TZ})::date >= '2026-02-01' and s.hotel_id = ${fx.hotelB}`,
      ],
    ];
    for (const [query, where] of cases) {
      const { status, csv } = await download(`/api/customer-scans/export?${query}`, tokens.superadmin);
      expect(status, query).toBe(200);
      const expected = await expectedLines(where);
      expect(csv.rows.length, query).toBe(expected.length);
      expect(
        asRecords(csv).map((r) => r['Coupon Code']),
        query,
      ).toEqual(expected.map((e) => e.code ?? ''));
    }
    const ranged = await download(
      '/api/customer-scans/export?date_from=2026-03-11&date_to=2026-03-15',
      tokens.superadmin,
    );
    expect(ranged.csv.fileName).toBe('customer-scans_2026-03-11_to_2026-03-15.csv');
  });

  it('is recorded in the audit trail with its filters', async () => {
    const before = await auditCount('export.customer_scans');
    await download(`/api/customer-scans/export?hotel_id=${fx.hotelA}`, tokens.admin);
    expect(await auditCount('export.customer_scans')).toBe(before + 1);
    const [event] = await sqlRows<{ actor_username: string; after: unknown }>(sql`
        select actor_username, after from audit_events where action = 'export.customer_scans'
        order by id desc limit 1`);
    const after = (typeof event!.after === 'string' ? JSON.parse(event!.after) : event!.after) as {
      filters: Record<string, unknown>;
    };
    expect(after.filters.hotel_id).toBe(fx.hotelA);
  });

  it('is for the back office only, and refuses bad filters with 422', async () => {
    expect((await download('/api/customer-scans/export', tokens.manager)).status).toBe(200);
    expect((await download('/api/customer-scans/export', tokens.merchant)).status).toBe(403);
    expect((await download('/api/customer-scans/export', tokens.hotel)).status).toBe(403);
    expect((await download('/api/customer-scans/export')).status).toBe(401);
    const bad = await t.request('GET', '/api/customer-scans/export?date_from=2026-03-02&date_to=2026-03-01', {
      token: tokens.superadmin,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Date From must not be after Date To');
  });
});

describe('GET /reports/monthly-revenue/export', () => {
  it('is the report for the range: a column per location, amounts as plain numbers, SUBTOTAL last, as SQL sums', async () => {
    const csv = await exported('/api/reports/monthly-revenue/export?from=2026-01&to=2026-03', tokens.admin);
    expect(csv.fileName).toBe('monthly-revenue_2026-01_to_2026-03.csv');
    const locations = await sqlRows<{ name: string }>(sql`select name from locations order by lower(name), id`);
    expect(csv.header).toEqual(['Month', ...locations.map((l) => l.name), 'Monthly Total']);
    const sums = await sqlRows<{ month: string; location: string; amount: number }>(sql`
        select to_char(p.paid_at at time zone ${TZ}, 'YYYY-MM') as month, l.name as location, sum(p.amount)::float8 as amount
        from subscription_periods p join hotels h on h.id = p.hotel_id join locations l on l.id = h.location_id
        where to_char(p.paid_at at time zone ${TZ}, 'YYYY-MM') between '2026-01' and '2026-03'
        group by 1, 2`);
    const amount = (month: string, location: string) =>
      sums.filter((s) => s.month === month && s.location === location).reduce((sum, s) => sum + Number(s.amount), 0);
    expect(csv.rows.map((row) => row[0])).toEqual(['March 2026', 'February 2026', 'January 2026', 'SUBTOTAL']);
    for (const [i, month] of ['2026-03', '2026-02', '2026-01'].entries()) {
      const row = csv.rows[i]!;
      locations.forEach((l, j) =>
        expect(Number(row[j + 1]), `${month} ${l.name}`).toBeCloseTo(amount(month, l.name), 2),
      );
      expect(Number(row[row.length - 1])).toBeCloseTo(
        locations.reduce((s, l) => s + amount(month, l.name), 0),
        2,
      );
    }
    expect(csv.rows[3]!.at(-1)).toBe('3300.75');
    expect(csv.rows[2]![csv.header.indexOf('Goa')]).toBe('1000.5');
    expect(await auditCount('export.monthly_revenue')).toBeGreaterThan(0);
  });

  it('is refused to a manager, as the report', async () => {
    expect((await download('/api/reports/monthly-revenue/export', tokens.manager)).status).toBe(403);
  });
});

describe('GET /reviews/hotel-details/export', () => {
  it('lists every hotel not archived with its review figures for the month', async () => {
    const csv = await exported('/api/reviews/hotel-details/export?month=2026-03', tokens.manager);
    expect(csv.fileName).toBe('hotel-details_2026-03.csv');
    const [count] = await sqlRows<{ n: number }>(sql`select count(*)::int as n from hotels where archived_at is null`);
    expect(csv.rows.length).toBe(Number(count!.n));
    const records = asRecords(csv);
    expect(records.map((r) => r['Hotel Name'])).not.toContain('Archived Hotel');
    expect(records.map((r) => r['Hotel Name'])).toContain("'-Minus Inn");
    expect(records.find((r) => r['Hotel Name'] === 'Hotel Zoë')).toMatchObject({
      'Total Reviews': '130',
      'Monthly Reviews': '10',
      'Current Rating': '4.4',
      'Rating Change': '0.16',
      'Month Start Rating': '4.2',
      'Last Refreshed': '20 Mar 2026, 11:30',
    });
    const filtered = await download(
      `/api/reviews/hotel-details/export?month=2026-03&location_id=${fx.jaipur}`,
      tokens.admin,
    );
    expect(asRecords(filtered.csv).map((r) => r['Hotel Name'])).toEqual(['राम निवास']);
    expect(await auditCount('export.hotel_details')).toBe(2);
  });
});

describe('GET /hotels/export', () => {
  it('lists the hotels of Manage Hotels with subscription end and renewals, as SQL has them', async () => {
    const csv = await exported('/api/hotels/export', tokens.manager);
    expect(csv.fileName).toMatch(/^hotels_\d{4}-\d{2}-\d{2}\.csv$/);
    const expected = await sqlRows<{ name: string; renewal_count: number; subscription_end: string | null }>(sql`
        select name, renewal_count, subscription_end::text from hotels where archived_at is null
        order by created_at desc, id desc`);
    const records = asRecords(csv);
    expect(records.map((r) => r['Hotel Name'])).toEqual(expected.map((h) => neutral(h.name)));
    const zoe = records.find((r) => r['Hotel Name'] === 'Hotel Zoë')!;
    expect(zoe).toMatchObject({
      Location: 'Goa',
      Renewals: '2',
      'Subscription End': '14 Jan 2027',
      'First Created': '1 Jun 2025',
    });
    const jaipurOnly = await download(`/api/hotels/export?location_id=${fx.jaipur}`, tokens.superadmin);
    expect(asRecords(jaipurOnly.csv).map((r) => r['Hotel Name'])).toEqual(['राम निवास']);
    expect((await download('/api/hotels/export', tokens.merchant)).status).toBe(403);
    expect(await auditCount('export.hotels')).toBe(2);
  });
});

describe("the merchant's and the hotel's own exports", () => {
  it('GET /merchant/my-customers/export: its own redeemed vouchers only, mobiles masked, as SQL finds them', async () => {
    await t.db.execute(
      sql`update coupons set bill_amount = 1234.5, override_reason = 'Manager approved'
        where merchant_id = ${fx.merchantA} and is_redeemed`,
    );
    const token = await t.ownerToken('merchant', fx.merchantA);
    const csv = await exported('/api/merchant/my-customers/export?from=2026-01-01', token);
    expect(csv.fileName).toMatch(/^my-customers_2026-01-01_to_\d{4}-\d{2}-\d{2}\.csv$/);
    const expected = await sqlRows<{ code: string }>(sql`
        select code from coupons where merchant_id = ${fx.merchantA} and is_redeemed
        order by redeemed_at desc, id desc`);
    const records = asRecords(csv);
    expect(records.map((r) => r['Voucher Code'])).toEqual(expected.map((e) => e.code));
    // The newest line cell by cell; its keys, in order, are the header.
    const newest = {
      'Scan Date': '1 Mar 2026',
      'Customer Name': 'Zoë Kapoor',
      Mobile: '98*****210',
      'Check Out Date': '1 Mar 2026',
      'Voucher Code': expected[0]!.code,
      Offer: 'Chai for two',
      'Redeemed At': '1 Mar 2026, 09:30',
      Bill: '1234.5',
      'Redeemed Anyway': 'Manager approved',
    };
    expect(csv.header).toEqual(Object.keys(newest));
    expect(records[0]).toEqual(newest);
    expect(csv.rows.flat().join(',')).not.toContain('9812345210');
    // Merchant B's redemption (the formula guest) is not merchant A's.
    expect(csv.rows.flat()).not.toContain(`'${FORMULA_NAME}`);
    const none = await download('/api/merchant/my-customers/export?to=2026-02-28', token);
    expect(none.csv.rows).toEqual([]);
    expect(none.csv.header).toEqual(csv.header);
    expect((await download('/api/merchant/my-customers/export', tokens.superadmin)).status).toBe(403);
    expect((await download('/api/merchant/my-customers/export', tokens.hotel)).status).toBe(403);
    expect(await auditCount('export.my_customers')).toBe(2);
  });

  it('GET /hotel/customers/export: its own guests only (more than one batch), mobiles masked, as SQL counts them', async () => {
    const token = await t.ownerToken('hotel', fx.hotelB);
    const csv = await exported('/api/hotel/customers/export', token);
    expect(csv.header).toEqual(['Scan Date', 'Guest Name', 'Mobile', 'Check Out', 'Vouchers', 'Redeemed']);
    const expected = await sqlRows<{ customer_name: string; collected: number; redeemed: number }>(sql`
        select s.customer_name, count(c.id)::int as collected, (count(c.id) filter (where c.is_redeemed))::int as redeemed
        from customer_scans s left join coupons c on c.scan_id = s.id
        where s.hotel_id = ${fx.hotelB} group by s.id order by s.scan_date desc, s.id desc`);
    expect(csv.rows.length).toBe(expected.length);
    expect(csv.rows.length).toBeGreaterThan(EXPORT_BATCH);
    const records = asRecords(csv);
    expect(records.map((r) => [r['Guest Name'], r.Vouchers, r.Redeemed])).toEqual(
      expected.map((e) => [neutral(e.customer_name), String(e.collected), String(e.redeemed)]),
    );
    expect(new Set(records.map((r) => r.Mobile))).toEqual(new Set(['90*****001', '90*****000']));
    expect(records.find((r) => r['Guest Name'] === `'${FORMULA_NAME}`)).toMatchObject({
      'Scan Date': '15 Mar 2026, 11:30',
      Vouchers: '1',
      Redeemed: '1',
    });
    // Hotel A's guests are not hotel B's.
    expect(records.map((r) => r['Guest Name'])).not.toContain('Zoë Kapoor');
    const ranged = await download('/api/hotel/customers/export?from=2026-03-01&to=2026-04-30', token);
    expect(ranged.csv.fileName).toBe('guests_2026-03-01_to_2026-04-30.csv');
    expect(ranged.csv.rows).toHaveLength(2);
    expect((await download('/api/hotel/customers/export', tokens.superadmin)).status).toBe(403);
    expect((await download('/api/hotel/customers/export', tokens.merchant)).status).toBe(403);
    expect(await auditCount('export.hotel_customers')).toBe(2);
  });
});
