import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { addDays, todayIn } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { hotelAt, merchantAt, offerOf, scanAt } from '../support/insight-factories';
import { seededRandom } from '../support/seeded-random';

/**
 * Per-offer results (docs/DATA.md "Per-offer results"): My Offers and All Offers read offer_monthly_stats; every figure
 * must equal a recount from the coupons, after issues, redemptions, undos, bills entered, corrected and cleared, and a
 * guest's erasure, through the API and by plain SQL.
 */

interface Figures {
  issued: number;
  redeemed: number;
  redemption_rate: number | null;
  bill_total: number;
  average_bill: number | null;
  bills_entered: number;
}

/** The figures counted from the coupons alone: issued by issue time, redemptions and bills by the redemption's. */
async function recount(db: ReturnType<typeof useTestContext>['db'], timeZone: string, offerId: string, month?: string) {
  const inMonth = (column: string) =>
    month
      ? sql.raw(`to_char(${column} at time zone '${timeZone}', 'YYYY-MM') = '${month.slice(0, 7)}'`)
      : sql.raw('true');
  const [row] = rowsOf<{ issued: number; redeemed: number; bill_total: number; bills_entered: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from coupons where offer_id = ${offerId} and ${inMonth('created_at')}) as issued,
        (select count(*)::int from coupons where offer_id = ${offerId} and is_redeemed
          and ${inMonth('coalesce(redeemed_at, created_at)')}) as redeemed,
        (select coalesce(sum(bill_amount), 0)::float8 from coupons where offer_id = ${offerId} and bill_amount is not null
          and ${inMonth('coalesce(redeemed_at, created_at)')}) as bill_total,
        (select count(*)::int from coupons where offer_id = ${offerId} and bill_amount is not null
          and ${inMonth('coalesce(redeemed_at, created_at)')}) as bills_entered`),
  );
  const r = row!;
  return {
    issued: r.issued,
    redeemed: r.redeemed,
    redemption_rate: r.issued === 0 ? null : r.redeemed / r.issued,
    bill_total: Math.round(r.bill_total * 100) / 100,
    average_bill: r.bills_entered === 0 ? null : Math.round((r.bill_total / r.bills_entered) * 100) / 100,
    bills_entered: r.bills_entered,
  } satisfies Figures;
}

describe('per-offer results', () => {
  const ctx = useTestContext();

  it('My Offers and All Offers equal a recount from the coupons after random issues, redemptions, undos, bills and an erasure', async () => {
    const random = seededRandom(27);
    const timeZone = ctx.config.timeZone;
    const today = todayIn(timeZone);
    const superadmin = await ctx.tokenAs('superadmin');
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { subscriptionEnd: addDays(today, 300) });
    const merchants = [];
    for (let m = 0; m < 2; m++) {
      const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
      const offers = [];
      for (let o = 0; o < 3; o++)
        offers.push(
          await offerOf(ctx.db, merchant.id, { validityFrom: '2025-01-01', validityTo: addDays(today, 400) }),
        );
      merchants.push({ merchant, offers, token: await ctx.ownerToken('merchant', merchant.id) });
    }
    const allOffers = merchants.flatMap((m) => m.offers);
    // An offer nobody picked: zeros and no rate.
    const untouched = merchants[1]!.offers[2]!;
    const picked = allOffers.filter((offer) => offer !== untouched);
    const erasedMobile = '9000000999';

    let mobile = 9000000100;
    let erasedUsed = 0;
    for (let step = 0; step < 70; step++) {
      const action = random.int(6);
      if (action === 0) {
        // A guest's vouchers through the API, issued now.
        const res = await ctx.request('POST', '/api/customer-scans', {
          json: {
            hotel_id: hotel.id,
            customer_name: 'Api Guest',
            mobile_number: erasedUsed++ === 0 ? erasedMobile : String(mobile++),
            checkout_date: addDays(today, 2),
            consent: true,
            selected_offers: [random.pick(picked).id, random.pick(picked).id].filter(
              (id, i, ids) => ids.indexOf(id) === i,
            ),
          },
        });
        expect(res.status, res.text).toBe(201);
      } else if (action === 1) {
        // Older vouchers written by plain SQL, in other months, some redeemed then.
        const month = 1 + random.int(10);
        await scanAt(ctx.db, {
          hotelId: hotel.id,
          scanDate: `2026-${String(month).padStart(2, '0')}-${String(1 + random.int(27)).padStart(2, '0')}T18:${String(random.int(60)).padStart(2, '0')}:00Z`,
          mobile: String(mobile++),
          coupons: [{ offer: random.pick(picked), redeemed: random.next() < 0.4 }],
        });
      } else if (action <= 3) {
        // A redemption at the counter now, often with a bill.
        const [coupon] = rowsOf<{ code: string; merchant_id: string }>(
          await ctx.db.execute(
            sql`select code, merchant_id::text from coupons where not is_redeemed and cancelled_at is null order by random() limit 1`,
          ),
        );
        if (!coupon) continue;
        const token = merchants.find((m) => m.merchant.id === coupon.merchant_id)!.token;
        const res = await ctx.request('POST', '/api/merchant/redeem-voucher', {
          token,
          json: { voucher_code: coupon.code },
        });
        expect(res.status, res.text).toBe(200);
        if (random.next() < 0.7) {
          const bill = await ctx.request('PUT', `/api/merchant/redemptions/${coupon.code}/bill`, {
            token,
            json: { bill_amount: 100 + random.int(400000) / 100 },
          });
          expect(bill.status, bill.text).toBe(200);
        }
      } else if (action === 4) {
        // A bill corrected (or cleared by hand) on today's redemptions.
        const [coupon] = rowsOf<{ code: string; merchant_id: string }>(
          await ctx.db.execute(
            sql`select code, merchant_id::text from coupons where is_redeemed and redeemed_at > now() - interval '5 minutes' order by random() limit 1`,
          ),
        );
        if (!coupon) continue;
        if (random.next() < 0.7) {
          const token = merchants.find((m) => m.merchant.id === coupon.merchant_id)!.token;
          const bill = await ctx.request('PUT', `/api/merchant/redemptions/${coupon.code}/bill`, {
            token,
            json: { bill_amount: 50 + random.int(90000) / 100 },
          });
          expect(bill.status, bill.text).toBe(200);
        } else await ctx.db.execute(sql`update coupons set bill_amount = null where code = ${coupon.code}`);
      } else {
        // An undo: by the merchant for today's, by the super admin for any (its bill goes with it).
        const [coupon] = rowsOf<{ code: string; merchant_id: string }>(
          await ctx.db.execute(
            sql`select code, merchant_id::text from coupons where is_redeemed order by random() limit 1`,
          ),
        );
        if (!coupon) continue;
        const res = await ctx.request('POST', `/api/coupons/${coupon.code}/undo`, {
          token: superadmin,
          json: { reason: 'Guest complaint, refunded' },
        });
        expect(res.status, res.text).toBe(200);
      }
    }
    // A guest's data erased: their unredeemed vouchers are cancelled, and stay counted as issued.
    expect(erasedUsed).toBeGreaterThan(0);
    const erased = await ctx.request('POST', '/api/customer-scans/erase', {
      token: superadmin,
      json: { mobile_number: erasedMobile },
    });
    expect(erased.status, erased.text).toBe(200);

    const month = `${today.slice(0, 7)}-01`;
    const seen = new Map<string, { this_month: Figures; all_time: Figures }>();
    for (const { token, offers } of merchants) {
      const res = await ctx.request('GET', '/api/merchant/my-offers', { token });
      expect(res.status, res.text).toBe(200);
      // Its own offers only.
      expect(res.body.map((offer: { id: string }) => offer.id).sort()).toEqual(offers.map((offer) => offer.id).sort());
      for (const offer of res.body as { id: string; results: { this_month: Figures; all_time: Figures } }[]) {
        expect(offer.results.all_time, offer.id).toEqual(await recount(ctx.db, timeZone, offer.id));
        expect(offer.results.this_month, offer.id).toEqual(await recount(ctx.db, timeZone, offer.id, month));
        seen.set(offer.id, offer.results);
      }
    }
    expect(seen.get(untouched.id)!.all_time).toEqual({
      issued: 0,
      redeemed: 0,
      redemption_rate: null,
      bill_total: 0,
      average_bill: null,
      bills_entered: 0,
    });
    // The run did what it meant to: redemptions this month with bills, and earlier months.
    const figures = [...seen.values()];
    expect(figures.some((f) => f.this_month.bills_entered > 0)).toBe(true);
    expect(figures.some((f) => f.all_time.issued > f.this_month.issued)).toBe(true);
    expect(figures.some((f) => f.all_time.redeemed > 0 && f.all_time.redeemed < f.all_time.issued)).toBe(true);

    // All Offers: the same figures, and sorted by the all-time rate, highest first, offers with none last.
    const all = await ctx.request('GET', `/api/offers?location_id=${location.id}&sort=redemption_rate`, {
      token: superadmin,
    });
    expect(all.status, all.text).toBe(200);
    const rows = all.body as { id: string; results: { this_month: Figures; all_time: Figures } }[];
    expect(rows.map((row) => row.id).sort()).toEqual(allOffers.map((offer) => offer.id).sort());
    for (const row of rows) expect(row.results).toEqual(seen.get(row.id));
    const rates = rows.map((row) => row.results.all_time.redemption_rate ?? -1);
    expect(rates).toEqual([...rates].sort((x, y) => y - x));
    expect(rows.at(-1)!.id).toBe(untouched.id);
    // Without the sort, every offer (all locations) with its results, in the list's usual order.
    const unsorted = await ctx.request('GET', '/api/offers', { token: superadmin });
    expect(unsorted.status).toBe(200);
    for (const row of unsorted.body as { id: string; results: unknown }[])
      if (seen.has(row.id)) expect(row.results).toEqual(seen.get(row.id));
    expect(unsorted.body.filter((row: { id: string }) => seen.has(row.id))).toHaveLength(allOffers.length);
  });

  it('a redemption undone is taken off the month it was counted in, with its bill', async () => {
    const today = todayIn(ctx.config.timeZone);
    const superadmin = await ctx.tokenAs('superadmin');
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const offer = await offerOf(ctx.db, merchant.id);
    const token = await ctx.ownerToken('merchant', merchant.id);
    // Issued and redeemed in March, with a bill of 680.
    const { coupons } = await scanAt(ctx.db, {
      hotelId: hotel.id,
      scanDate: '2026-03-10T06:00:00Z',
      coupons: [{ offer, redeemed: true }],
    });
    await ctx.db.execute(sql`update coupons set bill_amount = 680 where id = ${coupons[0]!.id}`);
    const results = async () =>
      (await ctx.request('GET', '/api/merchant/my-offers', { token })).body[0].results as {
        this_month: Figures;
        all_time: Figures;
      };
    expect((await results()).all_time).toMatchObject({
      issued: 1,
      redeemed: 1,
      bill_total: 680,
      average_bill: 680,
      bills_entered: 1,
    });
    const undone = await ctx.request('POST', `/api/coupons/${coupons[0]!.code}/undo`, {
      token: superadmin,
      json: { reason: 'Guest complaint, refunded' },
    });
    expect(undone.status, undone.text).toBe(200);
    const after = await results();
    expect(after.all_time).toEqual({
      issued: 1,
      redeemed: 0,
      redemption_rate: 0,
      bill_total: 0,
      average_bill: null,
      bills_entered: 0,
    });
    const [march] = rowsOf<{ redeemed: number; bills: number }>(
      await ctx.db.execute(sql`
        select sum(redeemed)::int as redeemed, sum(bills_entered)::int as bills from offer_monthly_stats
        where offer_id = ${offer.id} and month = '2026-03-01'`),
    );
    expect(march).toEqual({ redeemed: 0, bills: 0 });
    // This month has nothing of it unless this month is March.
    if (!today.startsWith('2026-03')) expect(after.this_month.issued).toBe(0);
  });
});

describe('per-offer results as CSV', () => {
  const ctx = useTestContext();

  it("the merchant's export has its own offers' figures as My Offers shows them; the back office's every offer", async () => {
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Csv Cafe' });
    const other = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Other Shop' });
    const offer = await offerOf(ctx.db, merchant.id, { offerName: 'Filter coffee, "strong"' });
    const otherOffer = await offerOf(ctx.db, other.id, { offerName: 'Other deal' });
    const { coupons } = await scanAt(ctx.db, {
      hotelId: hotel.id,
      scanDate: '2026-03-10T06:00:00Z',
      coupons: [{ offer, redeemed: true }, { offer, redeemed: true }, { offer }, { offer: otherOffer }],
    });
    await ctx.db.execute(sql`update coupons set bill_amount = 500 where id = ${coupons[0]!.id}`);
    await ctx.db.execute(sql`update coupons set bill_amount = 860.5 where id = ${coupons[1]!.id}`);
    const token = await ctx.ownerToken('merchant', merchant.id);
    const res = await ctx.request('GET', '/api/merchant/my-offers/export', { token });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Merchant,Offer,Location,Status,' +
        'Issued This Month,Used This Month,Redemption Rate % This Month,Bill Total This Month,Average Bill This Month,Bills Entered This Month,' +
        'Issued All Time,Used All Time,Redemption Rate % All Time,Bill Total All Time,Average Bill All Time,Bills Entered All Time',
    );
    // Its own offer only; all time: 3 issued, 2 used (66.7 %), 1,360.50 over 2 bills.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Csv Cafe,"Filter coffee, ""strong"""');
    expect(lines[1]!.endsWith(',3,2,66.7,1360.5,680.25,2')).toBe(true);
    const screen = (await ctx.request('GET', '/api/merchant/my-offers', { token })).body[0].results.this_month;
    expect(lines[1]).toContain(
      `,${screen.issued},${screen.redeemed},${screen.redemption_rate === null ? '' : Math.round(screen.redemption_rate * 1000) / 10},`,
    );

    const superadmin = await ctx.tokenAs('superadmin');
    const all = await ctx.request('GET', `/api/offers/export?location_id=${location.id}`, { token: superadmin });
    expect(all.status, all.text).toBe(200);
    const rows = all.text.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.startsWith('Other Shop'))!.endsWith(',1,0,0,0,,0')).toBe(true);
    // Audited like the other exports.
    const [audit] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from audit_events where action = 'export.offer_results'`),
    );
    expect(audit!.n).toBeGreaterThanOrEqual(2);
  });
});
