import { and, desc, eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { auditEvents, users } from '../support/tables';
import { expectAnswer, expectDetail, TEST_JWT_SECRET, type TestLogin, useTestContext } from '../support';

/**
 * Sessions (docs/SECURITY.md, "Sessions"): tokens carry the login's session version; logout, a password change or
 * reset and a role change move it on, so every token issued before stops working at once, on every device.
 */
const t = useTestContext();

const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const eventsFor = (userId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, userId), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.id));

async function signedIn(kind: 'superadmin' | 'hotel' | 'merchant'): Promise<TestLogin> {
  return kind === 'hotel'
    ? t.createHotelLogin()
    : kind === 'merchant'
      ? t.createMerchantLogin()
      : t.createAdminUser('manager');
}

describe('tokens', () => {
  it('carry the session version (sv), an expiry and HS256', async () => {
    const login = await t.createAdminUser('admin');
    const token = await t.tokenFor(login.username, login.password);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: login.id, user_type: 'superadmin', sv: 1 });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
  });

  it('are refused once the session version moved on, and when it is ahead', async () => {
    const login = await t.createAdminUser('admin');
    const now = Math.floor(Date.now() / 1000);
    const withVersion = (sv: number) =>
      sign({ sub: login.id, user_type: 'superadmin', sv, iat: now, exp: now + 3600 }, TEST_JWT_SECRET, 'HS256');
    expect((await me(await withVersion(1))).status).toBe(200);
    await t.db.update(users).set({ sessionVersion: 5 }).where(eq(users.id, login.id));
    for (const sv of [1, 4, 6]) expect((await me(await withVersion(sv))).status, `sv ${sv}`).toBe(401);
    expect((await me(await withVersion(5))).status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it.each(['superadmin', 'hotel', 'merchant'] as const)(
    'ends every session of a %s login (all devices); a new login works',
    async (kind) => {
      const login = await signedIn(kind);
      const phone = await t.tokenFor(login.username, login.password);
      const laptop = await t.tokenFor(login.username, login.password);
      expect((await me(phone)).status).toBe(200);

      const res = await t.request('POST', '/api/auth/logout', { token: phone });
      expectAnswer(res, 200, { detail: 'Logged out successfully' });
      for (const token of [phone, laptop]) {
        expectDetail(await me(token), 401);
      }
      // The old token cannot log out again or do anything else.
      expect((await t.request('POST', '/api/auth/logout', { token: phone })).status).toBe(401);
      const fresh = await t.tokenFor(login.username, login.password);
      expect((await me(fresh)).status).toBe(200);
    },
  );

  it('leaves other logins signed in', async () => {
    const a = await t.createAdminUser('manager');
    const b = await t.createAdminUser('manager');
    const tokenA = await t.tokenFor(a.username, a.password);
    const tokenB = await t.tokenFor(b.username, b.password);
    expect((await t.request('POST', '/api/auth/logout', { token: tokenA })).status).toBe(200);
    expect((await me(tokenB)).status).toBe(200);
  });

  it('answers 401 without a token, changing nothing', async () => {
    expectDetail(await t.request('POST', '/api/auth/logout'), 401);
  });

  it('is recorded in the audit trail with the caller', async () => {
    const login = await t.createAdminUser('admin');
    const token = await t.tokenFor(login.username, login.password);
    await t.request('POST', '/api/auth/logout', { token });
    const [event] = await eventsFor(login.id, 'logout');
    expect(event).toMatchObject({
      actorId: login.id,
      actorUsername: login.username,
      entity: 'user',
      entityId: login.id,
    });
  });
});

describe('what else ends every session of a login', () => {
  it('changing one’s own password: other devices are signed out, the answer carries a working token', async () => {
    const login = await t.createMerchantLogin();
    const phone = await t.tokenFor(login.username, login.password);
    const counter = await t.tokenFor(login.username, login.password);
    const res = await t.request('PUT', '/api/auth/password', {
      token: phone,
      json: { current_password: login.password, new_password: 'Counter-fresh-42' },
    });
    expectAnswer(res, 200, { access_token: expect.any(String), user_type: 'merchant', user_id: login.id });
    for (const token of [phone, counter]) expect((await me(token)).status).toBe(401);
    expect((await me(res.body.access_token)).status).toBe(200);
  });

  it.each(['hotels', 'merchants'] as const)('a reset of a login from /%s/{id}/reset-password', async (area) => {
    const login = area === 'hotels' ? await t.createHotelLogin() : await t.createMerchantLogin();
    const owner = await t.tokenFor(login.username, login.password);
    const id = area === 'hotels' ? login.hotelId : login.merchantId;
    const res = await t.request('POST', `/api/${area}/${id}/reset-password`, {
      token: await t.tokenAs('admin'),
      json: { password: 'Given-by-office-9' },
    });
    expect(res.status).toBe(200);
    expect((await me(owner)).status).toBe(401);
  });

  it('deleting a hotel or a merchant (its login goes with it)', async () => {
    const hotelLogin = await t.createHotelLogin();
    const merchantLogin = await t.createMerchantLogin();
    const hotelToken = await t.tokenFor(hotelLogin.username, hotelLogin.password);
    const merchantToken = await t.tokenFor(merchantLogin.username, merchantLogin.password);
    const superadmin = await t.tokenAs('superadmin');
    expect((await t.request('DELETE', `/api/hotels/${hotelLogin.hotelId}`, { token: superadmin })).status).toBe(200);
    expect(
      (await t.request('DELETE', `/api/merchants/${merchantLogin.merchantId}`, { token: superadmin })).status,
    ).toBe(200);
    expect((await me(hotelToken)).status).toBe(401);
    expect((await me(merchantToken)).status).toBe(401);
  });
});

describe('login audit', () => {
  it('records a success and a failure with the username tried, never the password', async () => {
    const login = await t.createHotelLogin();
    await t.request('POST', '/api/auth/login', { json: { username: login.username, password: 'Not-it-at-all-1' } });
    await t.request('POST', '/api/auth/login', {
      json: { username: 'nobody-by-this-name', password: 'Not-it-at-all-2' },
    });
    await t.tokenFor(login.username, login.password);

    const [failure] = await eventsFor(login.id, 'login.failure');
    expect(failure).toMatchObject({
      actorId: null,
      actorUsername: login.username,
      entity: 'user',
      after: { username: login.username },
    });
    const [success] = await eventsFor(login.id, 'login.success');
    expect(success).toMatchObject({ actorId: login.id, actorUsername: login.username });
    const [unknown] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login.failure'), eq(auditEvents.actorUsername, 'nobody-by-this-name')));
    expect(unknown).toMatchObject({ entityId: null, after: { username: 'nobody-by-this-name' } });

    const all = JSON.stringify(await t.db.select().from(auditEvents));
    for (const secret of ['Not-it-at-all-1', 'Not-it-at-all-2', login.password, 'argon2'])
      expect(all).not.toContain(secret);
  });
});
