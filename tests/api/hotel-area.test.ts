import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { maskMobile } from '../../src/server/areas/hotel-area/hotel-area.presenter';
import { addDays, todayIn } from '../../src/shared/dates';
import type { HotelCustomer, HotelDashboard } from '../../src/shared/api-types';
import { useTestContext } from '../support';
import { hotelAt, merchantAt, offerOf, paidPeriod, scanAt, snapshotAt } from '../support/insight-factories';
import { pdfContents, pdfText } from '../support/pdf-text';

/**
 * The hotel area (GET /hotel/dashboard, GET /hotel/customers, GET /hotels/{id}/room-cards.pdf): every figure is
 * compared with a fresh GROUP BY over the base tables of a prepared dataset of two hotels, each hotel sees only its
 * own guests, mobiles are masked and paging walks every row once.
 */

const t = useTestContext();
let tz: string;
let today: string;
let monthStart: string;
const hotels: Record<'a' | 'b', { id: string; token: string }> = {} as never;
let adminToken: string;
let merchantToken: string;
const merchantNames: string[] = [];

/** An instant at noon of a business day (safe in any zone within ±11 h of UTC). */
const noon = (day: string, minute = 0) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + minute * 60_000 - zoneOffsetMs()).toISOString();
function zoneOffsetMs() {
  // The zone's offset now: noon in the business zone, so the day in that zone is `day`.
  const now = new Date();
  const local = new Date(now.toLocaleString('en-US', { timeZone: tz }));
  const utc = new Date(now.toLocaleString('en-US', { timeZone: 'UTC' }));
  return local.getTime() - utc.getTime();
}

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0]!;

beforeAll(async () => {
  tz = t.config.timeZone;
  today = todayIn(tz);
  monthStart = `${today.slice(0, 7)}-01`;
  const location = await t.createLocation();
  const type = await t.createMerchantType();
  // Six merchants; guests of hotel A redeem 6, 5, 4, 3, 2 and 1 times at them: the top five are unambiguous.
  const offers = [];
  for (let i = 0; i < 6; i++) {
    const merchant = await merchantAt(t.db, location.id, '2025-01-01T00:00:00Z', { merchantTypeId: type.id });
    merchantNames.push(merchant.name);
    offers.push(await offerOf(t.db, merchant.id));
  }

  const hotelA = await hotelAt(t.db, location.id, '2025-01-01T00:00:00Z', {
    name: 'Hotel Alpha',
    subscriptionEnd: addDays(today, 9),
  });
  const hotelB = await hotelAt(t.db, location.id, '2025-01-01T00:00:00Z', {
    name: 'Hotel Beta',
    subscriptionEnd: addDays(today, -3),
  });
  await paidPeriod(t.db, hotelA.id, 5000, '2025-01-01T06:00:00Z', '2025-01-01', '2025-12-31');
  const renewal = await paidPeriod(t.db, hotelA.id, 6000, '2025-12-20T06:00:00Z', '2026-01-01', addDays(today, 9));
  await t.db.execute(sql`update subscription_periods set is_renewal = true where id = ${renewal.id}`);
  await paidPeriod(t.db, hotelB.id, 4000, '2025-01-01T06:00:00Z', '2025-01-01', addDays(today, -3));

  // Hotel A: scans today, yesterday, 5, 12, 29, 30 and 45 days ago; redemptions spread over the merchants.
  const redeemAt = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5];
  let r = 0;
  const daysAgo = [0, 0, 0, 1, 5, 12, 29, 30, 45, 45];
  for (const [i, ago] of daysAgo.entries()) {
    const coupons = [];
    for (let k = 0; k < 3 && r < redeemAt.length; k++) coupons.push({ offer: offers[redeemAt[r++]!]!, redeemed: true });
    coupons.push({ offer: offers[5]!, redeemed: false });
    await scanAt(t.db, {
      hotelId: hotelA.id,
      scanDate: noon(addDays(today, -ago), i),
      customerName: `Alpha Guest ${i}`,
      mobile: `98${String(1234500 + i).padStart(7, '0')}${i % 10}`,
      checkoutDate: addDays(today, 2 - ago),
      coupons,
    });
  }
  // Hotel B: two guests today, one redeemed at the first merchant.
  for (let i = 0; i < 2; i++)
    await scanAt(t.db, {
      hotelId: hotelB.id,
      scanDate: noon(today, 30 + i),
      customerName: `Beta Guest ${i}`,
      mobile: `97${String(7654300 + i).padStart(7, '0')}${i}`,
      coupons: [{ offer: offers[0]!, redeemed: i === 0 }],
    });
  // Bill amounts on some of A's redeemed vouchers, and one on B's.
  await t.db.execute(sql`
    update coupons c set bill_amount = 1234.5 + (ascii(substr(c.code, 1, 1)) % 7) * 100
    from customer_scans s where s.id = c.scan_id and c.is_redeemed and s.customer_name like 'Alpha Guest %'`);
  await t.db.execute(sql`
    update coupons c set bill_amount = 800 from customer_scans s
    where s.id = c.scan_id and c.is_redeemed and s.customer_name = 'Beta Guest 0'`);
  // Google: a snapshot last month, the month's first and a latest one for A; none for B.
  const monthStartInstant = Date.parse(noon(monthStart)) - 12 * 3600_000;
  await snapshotAt(t.db, hotelA.id, new Date(monthStartInstant - 86_400_000).toISOString(), 100, 4.1);
  await snapshotAt(t.db, hotelA.id, new Date(monthStartInstant + 60_000).toISOString(), 110, 4.2);
  await snapshotAt(t.db, hotelA.id, new Date(Date.now() - 1000).toISOString(), 125, 4.4);

  hotels.a = { id: hotelA.id, token: await t.ownerToken('hotel', hotelA.id) };
  hotels.b = { id: hotelB.id, token: await t.ownerToken('hotel', hotelB.id) };
  const admin = await t.createAdminUser('superadmin');
  adminToken = await t.tokenFor(admin.username, admin.password);
  merchantToken = await t.tokenAs('merchant');
}, 60_000);

/** What the dashboard must say for a hotel, from the base tables. */
async function expectedDashboard(hotelId: string) {
  const day = sql`(s.scan_date at time zone ${tz})::date`;
  const guests = await one<Record<string, number>>(sql`
    select count(*) filter (where ${day} = ${today}::date)::int as today,
      count(*) filter (where ${day} >= ${monthStart}::date)::int as month, count(*)::int as total
    from customer_scans s where s.hotel_id = ${hotelId}`);
  const vouchers = await one<Record<string, number>>(sql`
    select count(*)::int as issued, (count(*) filter (where c.is_redeemed))::int as redeemed,
      coalesce(sum(c.bill_amount), 0)::float8 as spend
    from coupons c join customer_scans s on s.id = c.scan_id where s.hotel_id = ${hotelId}`);
  const top = rowsOf<{ name: string; n: number }>(
    await t.db.execute(sql`
      select m.name, count(*)::int as n from coupons c join customer_scans s on s.id = c.scan_id
      join merchants m on m.id = c.merchant_id
      where s.hotel_id = ${hotelId} and c.is_redeemed group by m.id, m.name order by n desc, lower(m.name) limit 5`),
  );
  const days = rowsOf<{ day: string; scans: number }>(
    await t.db.execute(sql`
      select ${day}::text as day, count(*)::int as scans from customer_scans s
      where s.hotel_id = ${hotelId} and ${day} > ${addDays(today, -30)}::date group by 1`),
  );
  const byDay = new Map(days.map((d) => [d.day, d.scans]));
  const periods = rowsOf<Record<string, unknown>>(
    await t.db.execute(sql`
      select from_date::text as from_date, to_date::text as to_date, amount::float8 as amount, is_renewal
      from subscription_periods where hotel_id = ${hotelId} order by from_date desc`),
  );
  return {
    guests_today: guests.today,
    guests_this_month: guests.month,
    guests_total: guests.total,
    vouchers_issued: vouchers.issued,
    vouchers_redeemed: vouchers.redeemed,
    redemption_rate: vouchers.issued ? Math.round((1000 * vouchers.redeemed!) / vouchers.issued) / 10 : null,
    guest_spend: Number(vouchers.spend),
    top_merchants: top.map((m) => ({ name: m.name, redemptions: m.n })),
    scans_by_day: Array.from({ length: 30 }, (_, i) => {
      const d = addDays(today, i - 29);
      return { day: d, scans: byDay.get(d) ?? 0 };
    }),
    periods: periods.map((p) => ({
      from_date: p.from_date,
      to_date: p.to_date,
      amount: Number(p.amount),
      is_renewal: p.is_renewal,
    })),
  };
}

const figures = (d: HotelDashboard) => ({
  guests_today: d.guests_today,
  guests_this_month: d.guests_this_month,
  guests_total: d.guests_total,
  vouchers_issued: d.vouchers_issued,
  vouchers_redeemed: d.vouchers_redeemed,
  redemption_rate: d.redemption_rate,
  guest_spend: d.guest_spend,
  top_merchants: d.top_merchants.map((m) => ({ name: m.name, redemptions: m.redemptions })),
  scans_by_day: d.scans_by_day,
  periods: d.subscription.periods.map((p) => ({
    from_date: p.from_date,
    to_date: p.to_date,
    amount: p.amount,
    is_renewal: p.is_renewal,
  })),
});

describe('GET /api/hotel/dashboard', () => {
  it("answers the caller's hotel figures, equal to a GROUP BY over scans and coupons", async () => {
    const res = await t.request('GET', '/api/hotel/dashboard', { token: hotels.a.token });
    expect(res.status).toBe(200);
    const body = res.body as HotelDashboard;
    expect(body.hotel_id).toBe(hotels.a.id);
    expect(body.hotel_name).toBe('Hotel Alpha');
    expect(body.today).toBe(today);
    expect(figures(body)).toEqual(await expectedDashboard(hotels.a.id));
    // The dataset's known shape, so the comparison above cannot pass on empty figures.
    expect(body.guests_total).toBe(10);
    expect(body.guests_today).toBe(3);
    expect(body.vouchers_redeemed).toBe(21);
    expect(body.top_merchants.map((m) => m.redemptions)).toEqual([6, 5, 4, 3, 2]);
    expect(body.top_merchants[0]!.name).toBe(merchantNames[0]);
    expect(body.guest_spend).toBeGreaterThan(21 * 1234);
    expect(body.scans_by_day).toHaveLength(30);
    expect(body.scans_by_day.at(-1)).toEqual({ day: today, scans: 3 });
    expect(body.scans_by_day.reduce((sum, d) => sum + d.scans, 0)).toBe(7);
  });

  it('shows the subscription: active, its end, days left (today included) and every paid period, newest first', async () => {
    const { body } = await t.request('GET', '/api/hotel/dashboard', { token: hotels.a.token });
    expect(body.subscription).toMatchObject({ status: 'Active', ends_on: addDays(today, 9), days_left: 10 });
    expect(body.subscription.periods).toHaveLength(2);
    expect(body.subscription.periods[0]).toMatchObject({ amount: 6000, is_renewal: true, to_date: addDays(today, 9) });
    expect(body.subscription.periods[1]).toMatchObject({ amount: 5000, is_renewal: false, duration_days: 365 });
  });

  it('a hotel whose subscription ended sees Inactive with no days left', async () => {
    const { status, body } = await t.request('GET', '/api/hotel/dashboard', { token: hotels.b.token });
    expect(status).toBe(200);
    expect(body.subscription).toMatchObject({ status: 'Inactive', ends_on: addDays(today, -3), days_left: 0 });
  });

  it('the Google rating now and at the start of the month, null without snapshots', async () => {
    const a = await t.request('GET', '/api/hotel/dashboard', { token: hotels.a.token });
    expect(a.body.google).toMatchObject({
      rating_now: 4.4,
      rating_month_start: 4.2,
      reviews_now: 125,
      reviews_month_start: 110,
    });
    const b = await t.request('GET', '/api/hotel/dashboard', { token: hotels.b.token });
    expect(b.body.google).toBeNull();
  });

  it("each hotel sees only its own figures: B's equal B's GROUP BY, none of A's guests", async () => {
    const { body } = await t.request('GET', '/api/hotel/dashboard', { token: hotels.b.token });
    expect(body.hotel_id).toBe(hotels.b.id);
    expect(figures(body)).toEqual(await expectedDashboard(hotels.b.id));
    expect(body.guests_total).toBe(2);
    expect(body.top_merchants).toEqual([
      { merchant_id: expect.any(String), name: merchantNames[0], merchant_type: expect.any(String), redemptions: 1 },
    ]);
    expect(body.guest_spend).toBe(800);
  });

  it('is for hotel logins only', async () => {
    expect((await t.request('GET', '/api/hotel/dashboard')).status).toBe(401);
    expect((await t.request('GET', '/api/hotel/dashboard', { token: adminToken })).status).toBe(403);
    expect((await t.request('GET', '/api/hotel/dashboard', { token: merchantToken })).status).toBe(403);
  });
});

describe('GET /api/hotel/customers', () => {
  const list = (token: string, query = '') => t.request('GET', `/api/hotel/customers${query}`, { token });

  /** Every page from `query` on, by X-Next-Cursor. */
  async function walk(token: string, query: Record<string, string>) {
    const rows: HotelCustomer[] = [];
    let cursor: string | null = null;
    let total = -1;
    for (let pages = 0; pages < 50; pages++) {
      const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
      const res = await list(token, `?${params}`);
      expect(res.status, res.text).toBe(200);
      total = Number(res.headers.get('X-Total-Count'));
      rows.push(...(res.body as HotelCustomer[]));
      cursor = res.headers.get('X-Next-Cursor');
      if (!cursor) return { rows, total };
    }
    throw new Error('Paging did not end');
  }

  async function expectedRows(hotelId: string, from?: string, to?: string) {
    const day = sql`(s.scan_date at time zone ${tz})::date`;
    return rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`
        select s.id, s.customer_name, s.mobile_number, s.checkout_date::text as checkout_date,
          count(c.id)::int as collected, (count(c.id) filter (where c.is_redeemed))::int as redeemed
        from customer_scans s left join coupons c on c.scan_id = s.id
        where s.hotel_id = ${hotelId}
          and ${from ? sql`${day} >= ${from}::date` : sql`true`} and ${to ? sql`${day} <= ${to}::date` : sql`true`}
        group by s.id order by s.scan_date desc, s.id desc`),
    );
  }

  it('pages through every guest of the hotel once, newest first, with the exact total', async () => {
    const { rows, total } = await walk(hotels.a.token, { limit: '3' });
    const expected = await expectedRows(hotels.a.id);
    expect(total).toBe(10);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(rows.map((r) => [r.customer_name, r.checkout_date, r.vouchers_collected, r.vouchers_redeemed])).toEqual(
      expected.map((r) => [r.customer_name, r.checkout_date, r.collected, r.redeemed]),
    );
    expect(rows[0]!.scan_date > rows.at(-1)!.scan_date).toBe(true);
  });

  it('masks every mobile (first 2 and last 3 digits) and never sends a whole one', async () => {
    const res = await list(hotels.a.token, '?limit=200');
    const expected = await expectedRows(hotels.a.id);
    const byId = new Map(expected.map((r) => [r.id, String(r.mobile_number)]));
    for (const row of res.body as HotelCustomer[]) {
      const mobile = byId.get(row.id)!;
      expect(row.mobile_masked).toBe(`${mobile.slice(0, 2)}*****${mobile.slice(-3)}`);
      expect(row).not.toHaveProperty('mobile_number');
    }
    for (const mobile of byId.values()) expect(res.text).not.toContain(mobile);
    expect(maskMobile('9812345210')).toBe('98*****210');
  });

  it('filters by the business days of the scan (To inclusive); the total counts the same days', async () => {
    const from = addDays(today, -12);
    const to = addDays(today, -1);
    const { rows, total } = await walk(hotels.a.token, { from, to, limit: '2' });
    const expected = await expectedRows(hotels.a.id, from, to);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(total).toBe(expected.length);
    expect(expected.length).toBe(3);
  });

  it("never lists another hotel's guests", async () => {
    const a = (await walk(hotels.a.token, {})).rows.map((r) => r.customer_name);
    const b = (await walk(hotels.b.token, {})).rows.map((r) => r.customer_name);
    expect(a.length).toBe(10);
    expect(a.every((name) => name.startsWith('Alpha Guest'))).toBe(true);
    expect(b.sort()).toEqual(['Beta Guest 0', 'Beta Guest 1']);
  });

  it('refuses a bad cursor, a reversed range and a bad limit with 422', async () => {
    for (const query of ['?cursor=nonsense', `?from=${today}&to=${addDays(today, -1)}`, '?limit=0', '?limit=201']) {
      const res = await list(hotels.a.token, query);
      expect(res.status, query).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('is for hotel logins only', async () => {
    expect((await t.request('GET', '/api/hotel/customers')).status).toBe(401);
    expect((await list(adminToken)).status).toBe(403);
    expect((await list(merchantToken)).status).toBe(403);
  });
});

describe('GET /api/hotels/{id}/room-cards.pdf', () => {
  const cards = (id: string, token?: string, query = '') =>
    t.request('GET', `/api/hotels/${id}/room-cards.pdf${query}`, { token });

  it('gives a hotel its own cards as a PDF: one A6 page, or one A4 sheet of four', async () => {
    const a6 = await cards(hotels.a.id, hotels.a.token);
    expect(a6.status).toBe(200);
    expect(a6.headers.get('Content-Type')).toBe('application/pdf');
    expect(a6.headers.get('Content-Disposition')).toContain('Hotel_Alpha_Room_Cards_A6.pdf');
    expect(a6.text.startsWith('%PDF-')).toBe(true);
    expect(a6.text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(a6.text).toContain('/MediaBox [0 0 297.64 419.53]');
    // The other language is drawn as shaped outlines: no font file is embedded (Helvetica is pdfkit's own).
    expect(a6.text).not.toContain('/FontFile');

    const a4 = await cards(hotels.a.id, hotels.a.token, '?layout=a4x4');
    expect(a4.status).toBe(200);
    expect(a4.text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(a4.text).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it("a hotel cannot fetch another hotel's cards (404, as if it did not exist); the back office fetches any", async () => {
    const other = await cards(hotels.b.id, hotels.a.token);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe('Hotel not found');
    expect((await cards(hotels.b.id, hotels.b.token)).status).toBe(200);
    expect((await cards(hotels.a.id, adminToken)).status).toBe(200);
    expect((await cards(hotels.a.id, merchantToken)).status).toBe(403);
    expect((await cards(hotels.a.id)).status).toBe(401);
  });

  it('refuses an unknown layout with 422', async () => {
    const res = await cards(hotels.a.id, adminToken, '?layout=letter');
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('layout must be a6 or a4x4');
  });

  it('prints English and the language asked for (`lang`, Hindi without one); English alone or another is 422', async () => {
    const drawn = async (query: string) => {
      const res = await t.app.request(`/api/hotels/${hotels.a.id}/room-cards.pdf${query}`, {
        headers: { Authorization: `Bearer ${hotels.a.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      return { text: pdfText(bytes), contents: pdfContents(bytes).join('\n') };
    };
    const [standard, hindi, tamil, marathi] = await Promise.all([
      drawn(''),
      drawn('?lang=hi'),
      drawn('?lang=ta'),
      drawn('?layout=a6&lang=mr'),
    ]);
    expect(standard.contents).toBe(hindi.contents);
    expect(tamil.contents).not.toBe(hindi.contents);
    // Marathi is Devanagari too, in its own words (and its own forms of some letters).
    expect(marathi.contents).not.toBe(hindi.contents);
    for (const card of [hindi, tamil]) {
      // The English stays text; the other language is filled outlines (curves, then a fill).
      expect(card.text).toContain('Offers for our guests');
      expect(card.text).toContain('Show the code at the shop');
      expect(card.contents).toMatch(/ c\n[^]* c\nh\n[^]*\nf\n/);
    }
    // Without `lang`, the hotel location's guest page language (docs/PRODUCT.md "Languages"), which the dashboard
    // names for the card language select.
    const location = sql`(select location_id from hotels where id = ${hotels.a.id})`;
    await t.db.execute(sql`update locations set default_language = 'ta' where id = ${location}`);
    try {
      expect((await drawn('')).contents).toBe(tamil.contents);
      const dashboard = await t.request('GET', '/api/hotel/dashboard', { token: hotels.a.token });
      expect(dashboard.body.default_language).toBe('ta');
    } finally {
      await t.db.execute(sql`update locations set default_language = 'en' where id = ${location}`);
    }
    for (const lang of ['en', 'fr', 'HI']) {
      const res = await cards(hotels.a.id, hotels.a.token, `?lang=${lang}`);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe('lang must be one of hi, ta, te, kn, ml, bn, mr');
    }
  });
});
