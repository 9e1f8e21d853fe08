import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../support/tables';
import { expectAnswer, expectDetail, type TestLogin, useTestContext } from '../support';

/**
 * The back office signs a login out of every device (docs/SECURITY.md "Sessions", ASVS 7.4.5): a hotel's login, every
 * login of a merchant, another back-office user. Its tokens fail at once; it signs in again with its password.
 */
const t = useTestContext();

const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const signOut = (path: string, token: string) => t.request('POST', path, { token });
const signedOutEvents = (userId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, userId), eq(auditEvents.action, 'user.sign_out')));

async function devices(login: TestLogin): Promise<string[]> {
  return [await t.tokenFor(login.username, login.password), await t.tokenFor(login.username, login.password)];
}

describe('POST /api/{hotels,merchants,admin-users}/{id}/sign-out', () => {
  it("ends every session of a hotel's login, audited; it signs in again", async () => {
    const superadmin = await t.createAdminUser('superadmin');
    const token = await t.tokenFor(superadmin.username, superadmin.password);
    const hotel = await t.createHotelLogin();
    const other = await t.createHotelLogin();
    const [phone, desk] = await devices(hotel);
    const otherToken = await t.tokenFor(other.username, other.password);
    const res = await signOut(`/api/hotels/${hotel.hotelId}/sign-out`, token);
    expectAnswer(res, 200, { detail: `Signed out everywhere: ${hotel.username}` });
    for (const ended of [phone!, desk!]) expectDetail(await me(ended), 401);
    expect((await me(otherToken)).status).toBe(200);
    expect((await me(await t.tokenFor(hotel.username, hotel.password))).status).toBe(200);
    const [event] = await signedOutEvents(hotel.id);
    expect(event).toMatchObject({ actorId: superadmin.id, after: { username: hotel.username } });
  });

  it("ends every session of each of a merchant's logins, owner and staff", async () => {
    const admin = await t.createAdminUser('admin');
    const token = await t.tokenFor(admin.username, admin.password);
    const owner = await t.createMerchantLogin();
    const cashier = await t.createStaffLogin(owner.merchantId!, 'cashier');
    const tokens = [...(await devices(owner)), ...(await devices(cashier))];
    const res = await signOut(`/api/merchants/${owner.merchantId}/sign-out`, token);
    expect(res.status, res.text).toBe(200);
    for (const ended of tokens) expectDetail(await me(ended), 401);
    expect(await signedOutEvents(owner.id)).toHaveLength(1);
    expect(await signedOutEvents(cashier.id)).toHaveLength(1);
  });

  it('ends another back-office user’s sessions; not one’s own (400), nor a hotel login through User Management', async () => {
    const superadmin = await t.createAdminUser('superadmin');
    const token = await t.tokenFor(superadmin.username, superadmin.password);
    const manager = await t.createAdminUser('manager');
    const [laptop] = await devices(manager);
    expect((await signOut(`/api/admin-users/${manager.id}/sign-out`, token)).status).toBe(200);
    expectDetail(await me(laptop!), 401);

    const own = await signOut(`/api/admin-users/${superadmin.id}/sign-out`, token);
    expectAnswer(own, 400, { detail: 'Use Sign out everywhere in your account menu for your own devices' });
    expect((await me(token)).status).toBe(200);
    const hotel = await t.createHotelLogin();
    expectDetail(await signOut(`/api/admin-users/${hotel.id}/sign-out`, token), 404);
    expectDetail(await signOut(`/api/hotels/${crypto.randomUUID()}/sign-out`, token), 404);
  });

  it('is refused to a manager (403), who may not reset passwords either', async () => {
    const manager = await t.createAdminUser('manager');
    const token = await t.tokenFor(manager.username, manager.password);
    const hotel = await t.createHotelLogin();
    const [phone] = await devices(hotel);
    expectDetail(await signOut(`/api/hotels/${hotel.hotelId}/sign-out`, token), 403);
    expect((await me(phone!)).status).toBe(200);
  });
});
