import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { WRONG_CODES_PER_WINDOW } from '../../src/server/areas/merchant-area/wrong-code-limit';
import { createApp } from '../../src/server/platform/app';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { type TestResponse, useTestContext } from '../support';
import { merchantWithCodes } from '../support/merchant-codes';
import { insertCouponFor } from '../support/offer-factories';
import { coupons } from '../support/tables';

/**
 * The wrong-code limit at the counter (docs/SECURITY.md "Abuse limits"): 30 wrong codes per merchant in 10 minutes,
 * counted after their miss and read by the redemption's own statement, so codes in flight never refuse a right one;
 * counted in PostgreSQL with TEST_DATABASE_URL (shared by every server), else in memory.
 */
const t = useTestContext();

type Send = (token: string, code: string) => Promise<TestResponse>;
const redeem: Send = (token, code) =>
  t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: code } });

const sellerWithCodes = (count: number) => merchantWithCodes(t, count);

const redeemedCount = async (codes: string[]) =>
  (await t.db.select().from(coupons).where(inArray(coupons.code, codes))).filter((c) => c.isRedeemed).length;

function expectRefused(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(res.body.detail).toMatch(/^Too many wrong voucher codes\. Try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

describe('the wrong-code limit at the counter', () => {
  it('right codes in a burst of wrong ones are all redeemed; the 30th wrong code answers, the 31st is 429', async () => {
    const { token, offer, codes } = await sellerWithCodes(20);
    const burst = [...Array.from({ length: WRONG_CODES_PER_WINDOW - 1 }, () => generateVoucherCode()), ...codes];
    const answers = await Promise.all(burst.map((code) => redeem(token, code)));
    expect(answers.slice(0, WRONG_CODES_PER_WINDOW - 1).map((r) => r.body.status)).toEqual(
      Array(WRONG_CODES_PER_WINDOW - 1).fill('invalid'),
    );
    expect(answers.slice(WRONG_CODES_PER_WINDOW - 1).map((r) => r.body.status)).toEqual(Array(20).fill('success'));
    expect((await redeem(token, generateVoucherCode())).body.status).toBe('invalid');
    expectRefused(await redeem(token, generateVoucherCode()));
    // Once the limit is reached, a right code is refused too and stays unredeemed.
    const { coupon } = await insertCouponFor(t.db, offer);
    expectRefused(await redeem(token, coupon.code));
    expect(await redeemedCount([coupon.code])).toBe(0);
  });

  it('30 wrong codes at once, then right codes at once: all refused, none redeemed', async () => {
    const { token, codes } = await sellerWithCodes(5);
    const wrong = await Promise.all(
      Array.from({ length: WRONG_CODES_PER_WINDOW }, () => redeem(token, generateVoucherCode())),
    );
    expect(wrong.map((r) => r.body.status)).toEqual(Array(WRONG_CODES_PER_WINDOW).fill('invalid'));
    const real = await Promise.all(codes.map((code) => redeem(token, code)));
    real.forEach(expectRefused);
    expect(await redeemedCount(codes)).toBe(0);
  });

  it('50 right codes at once with 20 wrong ones counted: none is refused', async () => {
    const { token, codes } = await sellerWithCodes(50);
    for (let i = 0; i < 20; i++) expect((await redeem(token, generateVoucherCode())).body.status).toBe('invalid');
    const answers = await Promise.all(codes.map((code) => redeem(token, code)));
    expect(answers.map((r) => r.body.status)).toEqual(Array(50).fill('success'));
    expect(await redeemedCount(codes)).toBe(50);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two servers on one database share the count: 15 wrong codes through each, then both refuse',
    async () => {
      // A second app with its own pool and its own memory of refused merchants, as another server would have.
      const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
      try {
        const other = createApp({ ...t.deps, rateLimitStore: pool });
        const redeemThere: Send = async (token, code) => {
          const res = await other.request('/api/merchant/redeem-voucher', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ voucher_code: code }),
          });
          return { status: res.status, body: await res.json(), text: '', headers: res.headers };
        };
        const { token, codes } = await sellerWithCodes(2);
        for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) {
          const res = await (i % 2 ? redeemThere : redeem)(token, generateVoucherCode());
          expect(res.body.status).toBe('invalid');
        }
        expectRefused(await redeemThere(token, generateVoucherCode()));
        expectRefused(await redeem(token, codes[0]!));
        expectRefused(await redeemThere(token, codes[1]!));
        expect(await redeemedCount(codes)).toBe(0);
      } finally {
        await pool.end();
      }
    },
  );
});
