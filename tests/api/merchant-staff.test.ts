import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../support/tables';
import { isoWeekday, ISO_WEEKDAYS } from '../../src/shared/offer-rules';
import { REDEEM_ANYWAY_NOT_CASHIER } from '../../src/server/areas/merchant-area/merchant-area.routes';
import { UNDO_NOT_YOURS_MESSAGE } from '../../src/server/modules/coupons/coupons.service';
import { useMerchantPairTest } from '../support/merchant-pair';
import { insertCouponFor, insertOffer } from '../support/offer-factories';

/**
 * Merchant staff logins (docs/SECURITY.md "Roles"): a supervisor may do all the owner may but manage staff; a
 * cashier the counter only, undoing its own redemptions only and never "Redeem anyway". Every merchant route's
 * answer per role is in the authorization matrix; these are the rules inside the routes.
 */
const { t, today, a, offerA } = useMerchantPairTest();

const staff = { supervisor: { token: '', id: '' }, cashier: { token: '', id: '' } };

beforeAll(async () => {
  for (const role of ['supervisor', 'cashier'] as const) {
    const login = await t.createStaffLogin(a.merchantId, role);
    staff[role] = { token: await t.tokenFor(login.username, login.password), id: login.id };
  }
});

const redeem = (token: string, code: string, extra: { override_reason?: string } = {}) =>
  t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: code, ...extra } });
const undo = (token: string, code: string) =>
  t.request('POST', `/api/merchant/redemptions/${code}/undo`, { token, json: { reason: 'Wrong guest' } });
const redeemedBy = async (code: string) =>
  (await t.db.select({ by: coupons.redeemedBy }).from(coupons).where(eq(coupons.code, code)))[0]!.by;

describe('merchant roles', () => {
  it('tells each login its merchant role on /auth/me', async () => {
    for (const [token, role] of [
      [a.token, 'owner'],
      [staff.supervisor.token, 'supervisor'],
      [staff.cashier.token, 'cashier'],
    ] as const) {
      const me = await t.request('GET', '/api/auth/me', { token });
      expect(me.body).toMatchObject({ user_type: 'merchant', merchant_role: role, merchant_id: a.merchantId });
    }
  });

  it("gives a cashier the counter (dashboard, redeem, today's list, bill) and 403 on offers, customers, settings, exports and statements", async () => {
    const { coupon } = await insertCouponFor(t.db, offerA);
    const res = await redeem(staff.cashier.token, coupon.code);
    expect(res.body.status).toBe('success');
    expect(await redeemedBy(coupon.code)).toBe(staff.cashier.id);
    const bill = await t.request('PUT', `/api/merchant/redemptions/${coupon.code}/bill`, {
      token: staff.cashier.token,
      json: { bill_amount: 300 },
    });
    expect(bill.status).toBe(200);
    for (const path of ['/api/merchant/dashboard', `/api/merchant/redemptions?date=${today}`]) {
      expect((await t.request('GET', path, { token: staff.cashier.token })).status, path).toBe(200);
    }
    for (const path of [
      '/api/merchant/my-offers',
      '/api/merchant/my-customers',
      '/api/merchant/settings',
      '/api/merchant/my-customers/export',
      '/api/merchant/my-offers/export',
      '/api/statements',
    ]) {
      const refused = await t.request('GET', path, { token: staff.cashier.token });
      expect(refused.status, path).toBe(403);
      // The supervisor reads all of them.
      expect((await t.request('GET', path, { token: staff.supervisor.token })).status, path).toBe(200);
    }
  });

  it('lets a cashier undo its own redemption only; the owner and a supervisor undo any of the merchant', async () => {
    const own = (await insertCouponFor(t.db, offerA)).coupon;
    const owners = (await insertCouponFor(t.db, offerA)).coupon;
    const cashiers = (await insertCouponFor(t.db, offerA)).coupon;
    await redeem(staff.cashier.token, own.code);
    await redeem(a.token, owners.code);
    await redeem(staff.cashier.token, cashiers.code);

    const refused = await undo(staff.cashier.token, owners.code);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: UNDO_NOT_YOURS_MESSAGE });
    expect(await redeemedBy(owners.code)).toBe(a.userId);

    expect((await undo(staff.cashier.token, own.code)).status).toBe(200);
    expect(await redeemedBy(own.code)).toBeNull();
    expect((await undo(staff.supervisor.token, cashiers.code)).status).toBe(200);
    expect((await undo(a.token, owners.code)).status).toBe(200);
  });

  it('refuses "Redeem anyway" to a cashier (403, nothing redeemed) and lets a supervisor', async () => {
    const notToday = ISO_WEEKDAYS.filter((day) => day !== isoWeekday(today));
    const offer = await insertOffer(t.db, { merchantId: a.merchantId, redeemWeekdays: notToday });
    const { coupon } = await insertCouponFor(t.db, offer);
    const reason = 'Manager approved: regular guest';

    const refused = await redeem(staff.cashier.token, coupon.code, { override_reason: reason });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: REDEEM_ANYWAY_NOT_CASHIER });
    expect(await redeemedBy(coupon.code)).toBeNull();
    // Without the override the cashier sees the rule, as any login does.
    expect((await redeem(staff.cashier.token, coupon.code)).body.status).toBe('not_valid_now');

    const res = await redeem(staff.supervisor.token, coupon.code, { override_reason: reason });
    expect(res.body).toMatchObject({ status: 'success', override: true });
    expect(await redeemedBy(coupon.code)).toBe(staff.supervisor.id);
  });
});
