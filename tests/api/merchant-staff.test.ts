import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, coupons, sessions, users } from '../support/tables';
import { PASSWORD_TOO_COMMON } from '../../src/shared/schemas/passwords';
import { OWNER_NOT_STAFF, STAFF_NOT_FOUND } from '../../src/server/modules/users/staff.service';
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
const { t, today, a, b, offerA, tokens } = useMerchantPairTest();

const staff = {
  supervisor: { token: '', id: '', username: '' },
  cashier: { token: '', id: '', username: '' },
};

beforeAll(async () => {
  for (const role of ['supervisor', 'cashier'] as const) {
    const login = await t.createStaffLogin(a.merchantId, role);
    staff[role] = { token: await t.tokenFor(login.username, login.password), id: login.id, username: login.username };
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

  it("names who redeemed each of today's list, and offers a cashier the undo of its own only", async () => {
    const mine = (await insertCouponFor(t.db, offerA)).coupon;
    const supervisors = (await insertCouponFor(t.db, offerA)).coupon;
    await redeem(staff.cashier.token, mine.code);
    await redeem(staff.supervisor.token, supervisors.code);
    const rowOf = (body: { coupon_code: string }[], code: string) => body.find((row) => row.coupon_code === code);

    const asCashier = await t.request('GET', `/api/merchant/redemptions?date=${today}`, { token: staff.cashier.token });
    expect(rowOf(asCashier.body, mine.code)).toMatchObject({
      redeemed_by: staff.cashier.username,
      undo_until: expect.any(String),
    });
    expect(rowOf(asCashier.body, supervisors.code)).toMatchObject({
      redeemed_by: staff.supervisor.username,
      undo_until: null,
    });
    const asOwner = await t.request('GET', `/api/merchant/redemptions?date=${today}`, { token: a.token });
    expect(rowOf(asOwner.body, mine.code)).toMatchObject({ undo_until: expect.any(String) });
  });

  it("names who redeemed a voucher in My Customers and in the back office's Customer Scans", async () => {
    const { coupon } = await insertCouponFor(t.db, offerA);
    await redeem(staff.cashier.token, coupon.code);
    const customers = await t.request('GET', '/api/merchant/my-customers', { token: a.token });
    const vouchers = (
      customers.body as { redeemed_vouchers: { coupon_code: string; redeemed_by: string }[] }[]
    ).flatMap((group) => group.redeemed_vouchers);
    expect(vouchers.find((v) => v.coupon_code === coupon.code)?.redeemed_by).toBe(staff.cashier.username);

    const scans = await t.request('GET', `/api/customer-scans?merchant_id=${a.merchantId}`, {
      token: tokens.superadmin,
    });
    expect(scans.status, scans.text).toBe(200);
    const coupons = (scans.body as { coupons: { coupon_code: string; redeemed_by: string | null }[] }[]).flatMap(
      (scan) => scan.coupons,
    );
    expect(coupons.find((c) => c.coupon_code === coupon.code)?.redeemed_by).toBe(staff.cashier.username);
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

describe('/api/merchant/staff (the owner)', () => {
  const add = (token: string, json: Record<string, unknown>) =>
    t.request('POST', '/api/merchant/staff', { token, json });
  const body = (role: string) => ({
    username: `staff_${role}_${Math.random().toString(36).slice(2, 8)}`,
    full_name: `Test ${role}`,
    password: 'Counter-pass-2024',
    role,
  });
  const actionsOn = async (id: string) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).map((e) => e.action).sort();

  it('adds a cashier who signs in with that role; the list shows every login of the merchant, owner first, with last seen', async () => {
    const input = body('cashier');
    const res = await add(a.token, input);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: input.username,
      full_name: 'Test cashier',
      role: 'cashier',
      mobile: null,
      created_at: expect.any(String),
      last_seen_at: null,
    });
    const token = await t.tokenFor(input.username, input.password);
    expect((await t.request('GET', '/api/auth/me', { token })).body).toMatchObject({ merchant_role: 'cashier' });
    expect(await actionsOn(res.body.id)).toEqual(['login.success', 'user.create']);

    const list = await t.request('GET', '/api/merchant/staff', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: a.userId, role: 'owner', last_seen_at: expect.any(String) });
    expect(list.body.find((row: { id: string }) => row.id === res.body.id)).toMatchObject({
      role: 'cashier',
      last_seen_at: expect.any(String),
    });
    // Merchant B's owner sees none of A's logins.
    const other = await t.request('GET', '/api/merchant/staff', { token: b.token });
    expect(other.body.map((row: { id: string }) => row.id)).not.toContain(res.body.id);
  });

  it('refuses a taken username (409), a common password and a role that is not supervisor or cashier (422)', async () => {
    const input = body('supervisor');
    expect((await add(a.token, input)).status).toBe(201);
    expect((await add(a.token, { ...input, role: 'cashier' })).status).toBe(409);
    const common = await add(a.token, { ...body('cashier'), password: 'password123' });
    expect(common.status).toBe(422);
    expect(common.body.detail).toBe(PASSWORD_TOO_COMMON);
    expect((await add(a.token, body('owner'))).status).toBe(422);
  });

  it("resets a staff login's password: its sessions end, the new password signs in", async () => {
    const input = body('cashier');
    const { id } = (await add(a.token, input)).body;
    const old = await t.tokenFor(input.username, input.password);
    const res = await t.request('PUT', `/api/merchant/staff/${id}/password`, {
      token: a.token,
      json: { password: 'Fresh-counter-2024' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await t.request('GET', '/api/merchant/dashboard', { token: old })).status).toBe(401);
    const fresh = await t.tokenFor(input.username, 'Fresh-counter-2024');
    expect((await t.request('GET', '/api/merchant/dashboard', { token: fresh })).status).toBe(200);
    expect(await actionsOn(id)).toContain('user.password_reset');
  });

  it('removes a staff login and ends its sessions at once; its redemptions keep who redeemed them', async () => {
    const input = body('cashier');
    const { id } = (await add(a.token, input)).body;
    const token = await t.tokenFor(input.username, input.password);
    const { coupon } = await insertCouponFor(t.db, offerA);
    await redeem(token, coupon.code);

    const res = await t.request('DELETE', `/api/merchant/staff/${id}`, { token: a.token });
    expect(res.status, res.text).toBe(200);
    expect((await t.request('GET', '/api/merchant/dashboard', { token })).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await redeemedBy(coupon.code)).toBe(id);
    // Still named where "Redeemed by" shows: today's list, My Customers and Customer Scans.
    const named = `${input.username} (removed)`;
    const today = await t.request('GET', '/api/merchant/redemptions', { token: a.token });
    expect(today.body.find((row: { coupon_code: string }) => row.coupon_code === coupon.code)).toMatchObject({
      redeemed_by: named,
    });
    const customers = await t.request('GET', '/api/merchant/my-customers', { token: a.token });
    const vouchers = (
      customers.body as { redeemed_vouchers: { coupon_code: string; redeemed_by: string }[] }[]
    ).flatMap((group) => group.redeemed_vouchers);
    expect(vouchers.find((v) => v.coupon_code === coupon.code)?.redeemed_by).toBe(named);
    const scans = await t.request('GET', `/api/customer-scans?merchant_id=${a.merchantId}`, {
      token: tokens.superadmin,
    });
    const scanCoupons = (scans.body as { coupons: { coupon_code: string; redeemed_by: string | null }[] }[]).flatMap(
      (scan) => scan.coupons,
    );
    expect(scanCoupons.find((c) => c.coupon_code === coupon.code)?.redeemed_by).toBe(named);
    expect(await actionsOn(id)).toContain('user.delete');
    expect((await t.request('DELETE', `/api/merchant/staff/${id}`, { token: a.token })).status).toBe(404);
  });

  it("keeps a staff login's own mobile: given at Add Staff, changed and cleared by the owner only, audited without the number", async () => {
    const created = await add(a.token, { ...body('cashier'), mobile: '+91 98765 43210' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.mobile).toBe('9876543210');
    const id: string = created.body.id;
    const setMobile = (token: string, mobile: unknown) =>
      t.request('PUT', `/api/merchant/staff/${id}/mobile`, { token, json: { mobile } });
    const mobileNow = async () =>
      (await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, id)))[0]!.mobile;

    for (const bad of ['12345', '1234567890', 'not a number', 42]) {
      const res = await setMobile(a.token, bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.detail).toMatch(/mobile/i);
    }
    expect(await mobileNow()).toBe('9876543210');
    expect((await setMobile(b.token, '9123456780')).status).toBe(404);
    expect((await setMobile(staff.supervisor.token, '9123456780')).status).toBe(403);
    expect(await mobileNow()).toBe('9876543210');

    expect((await setMobile(a.token, '09123456780')).body).toEqual({ detail: 'Mobile saved' });
    expect(await mobileNow()).toBe('9123456780');
    expect((await setMobile(a.token, '')).body).toEqual({ detail: 'Mobile removed' });
    expect(await mobileNow()).toBeNull();
    const owner = await t.request('PUT', `/api/merchant/staff/${a.userId}/mobile`, {
      token: a.token,
      json: { mobile: '9123456780' },
    });
    expect(owner.status).toBe(403);

    const changes = await t.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(sql`${auditEvents.entityId} = ${id} and ${auditEvents.action} = 'user.mobile_change'`);
    expect(changes.map((e) => (e.after as { has_mobile: boolean }).has_mobile)).toEqual([true, false]);
    expect(JSON.stringify(changes)).not.toContain('9123456780');
  });

  it("never resets or removes an owner (itself or another), and another merchant's staff login is not found", async () => {
    for (const path of [`/api/merchant/staff/${a.userId}`, `/api/merchant/staff/${a.userId}/password`]) {
      const res = path.endsWith('password')
        ? await t.request('PUT', path, { token: a.token, json: { password: 'Another-pass-2024' } })
        : await t.request('DELETE', path, { token: a.token });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ detail: OWNER_NOT_STAFF });
    }
    // A second owner of the same merchant (made before staff logins existed) is an owner too.
    const second = await t.createStaffLogin(a.merchantId, 'owner');
    expect((await t.request('DELETE', `/api/merchant/staff/${second.id}`, { token: a.token })).status).toBe(403);

    const { id } = (await add(a.token, body('cashier'))).body;
    const other = await t.request('DELETE', `/api/merchant/staff/${id}`, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: STAFF_NOT_FOUND });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, id))).toHaveLength(1);
  });
});
