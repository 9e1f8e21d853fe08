import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rebuildDerived } from '../../src/server/db/derived';
import { foldCouponCounts } from '../../src/server/db/folded-counts';
import { rowsOf } from '../../src/server/db/rows';
import { startCountFoldJob } from '../../src/server/modules/coupons/count-fold.job';
import { useMerchantPairTest } from '../support/merchant-pair';
import { insertCouponFor } from '../support/offer-factories';
import { merchantStats } from '../support/tables';

/**
 * The redemption counters are folded in batches (docs/DATA.md "Folded counts", migration 0045): a redemption writes
 * one change row, and a fold (the job, or a reader first) adds the committed changes to the counters, once each.
 */

const { t, a, offerA } = useMerchantPairTest();

const redeem = async (code: string) => {
  const res = await t.request('POST', '/api/merchant/redeem-voucher', { token: a.token, json: { voucher_code: code } });
  expect(res.body.status, res.text).toBe('success');
};
const pendingChanges = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from coupon_count_changes`))[0]!.n;
/** merchant_stats as stored, without folding. */
const storedRedemptions = async () => {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${merchantStats.redemptions}), 0)::int` })
    .from(merchantStats)
    .where(eq(merchantStats.merchantId, a.merchantId));
  return row!.n;
};
const dashboardRedeemed = async () =>
  (await t.request('GET', '/api/merchant/dashboard', { token: a.token })).body.redeemed_vouchers as number;

describe('folded redemption counters', () => {
  it('a redemption waits as one change until a reader folds it; the reader counts it, once', async () => {
    await foldCouponCounts(t.db);
    const before = await storedRedemptions();
    const { coupon } = await insertCouponFor(t.db, offerA);
    await redeem(coupon.code);
    expect(await pendingChanges()).toBe(1);
    expect(await storedRedemptions()).toBe(before);
    expect(await dashboardRedeemed()).toBe(before + 1);
    expect(await pendingChanges()).toBe(0);
    expect(await storedRedemptions()).toBe(before + 1);
    expect(await foldCouponCounts(t.db)).toBe(0);
    expect(await dashboardRedeemed()).toBe(before + 1);
  });

  it('the job folds what is waiting and answers how many', async () => {
    const before = await dashboardRedeemed();
    for (let i = 0; i < 3; i++) await redeem((await insertCouponFor(t.db, offerA)).coupon.code);
    const job = startCountFoldJob({ db: t.db, timer: false, log: () => {} });
    try {
      expect(await job.tick()).toBe(3);
      expect(await job.tick()).toBe(0);
    } finally {
      await job.stop();
    }
    expect(await storedRedemptions()).toBe(before + 3);
  });

  it('folds running beside redemptions count each one exactly once', async () => {
    const before = await dashboardRedeemed();
    const codes = await Promise.all(
      Array.from({ length: 12 }, async () => (await insertCouponFor(t.db, offerA)).coupon.code),
    );
    await Promise.all([
      ...codes.map((code) => redeem(code)),
      ...Array.from({ length: 6 }, () => foldCouponCounts(t.db)),
      ...Array.from({ length: 3 }, () => dashboardRedeemed()),
    ]);
    expect(await dashboardRedeemed()).toBe(before + codes.length);
  });

  it('a rebuild recounts the changes still waiting, so no fold adds them again', async () => {
    const before = await dashboardRedeemed();
    await redeem((await insertCouponFor(t.db, offerA)).coupon.code);
    expect(await pendingChanges()).toBe(1);
    await rebuildDerived(t.db);
    expect(await pendingChanges()).toBe(0);
    expect(await storedRedemptions()).toBe(before + 1);
    expect(await dashboardRedeemed()).toBe(before + 1);
  });
});
