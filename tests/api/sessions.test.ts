import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { runRetention } from '../../src/server/modules/customer-scans/guest-retention.job';
import { deviceLabel } from '../../src/server/modules/users/device-label';
import { auditEvents, sessions, users } from '../support/tables';
import {
  expectAnswer,
  expectDetail,
  insertOwnerLogin,
  sessionIdOf,
  TEST_JWT_SECRET,
  type TestLogin,
  useTestContext,
} from '../support';
import { enrolSecondFactor, nextCode } from '../support/second-factor';

/**
 * Sessions (docs/SECURITY.md, "Sessions"): one row per signed-in device, named by the token (`sid`); logout ends this
 * device's; "Sign out everywhere", a password change or reset and a role change end them all (the session version
 * moves on too), so every token issued before stops working at once, on every device.
 */
const t = useTestContext();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs in as `login` from a browser (its user agent) or with a device label, answering the token. */
async function signIn(login: TestLogin, device: { userAgent?: string; label?: string } = {}): Promise<string> {
  const res = await t.request('POST', '/api/auth/login', {
    json: { username: login.username, password: login.password, device_label: device.label },
    headers: device.userAgent ? { 'User-Agent': device.userAgent } : {},
  });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
}

const devices = async (token: string) => {
  const res = await t.request('GET', '/api/auth/sessions', { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const liveSessionsOf = (userId: string) =>
  t.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));

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
  it('carry the session version (sv), the device session (sid), an expiry and HS256', async () => {
    const login = await t.createAdminUser('admin');
    const token = await t.tokenFor(login.username, login.password);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: login.id, user_type: 'superadmin', sv: 1, sid: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(12 * 60 * 60); // the back office: 12 hours (session-lifetime.test.ts)
    // The session lives exactly as long as its token.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(row).toMatchObject({ userId: login.id, endedAt: null });
    expect(row!.expiresAt.getTime()).toBe(claims.exp * 1000);
  });

  it('are refused once their session ended or expired, and with another login’s session', async () => {
    const login = await t.createAdminUser('admin');
    const other = await t.createAdminUser('admin');
    const token = await t.tokenFor(login.username, login.password);
    const { sid } = claimsOf(token);
    const now = Math.floor(Date.now() / 1000);
    const signed = (sub: string) =>
      sign({ sub, user_type: 'superadmin', sv: 1, sid, iat: now, exp: now + 3600 }, TEST_JWT_SECRET, 'HS256');
    expect((await me(await signed(login.id))).status).toBe(200);
    expect((await me(await signed(other.id))).status).toBe(401);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, sid));
    expect((await me(token)).status).toBe(401);
  });

  it('are refused once the session version moved on, and when it is ahead', async () => {
    const login = await t.createAdminUser('admin');
    const { sid } = claimsOf(await t.tokenFor(login.username, login.password));
    const now = Math.floor(Date.now() / 1000);
    const withVersion = (sv: number) =>
      sign({ sub: login.id, user_type: 'superadmin', sv, sid, iat: now, exp: now + 3600 }, TEST_JWT_SECRET, 'HS256');
    expect((await me(await withVersion(1))).status).toBe(200);
    await t.db.update(users).set({ sessionVersion: 5 }).where(eq(users.id, login.id));
    for (const sv of [1, 4, 6]) expect((await me(await withVersion(sv))).status, `sv ${sv}`).toBe(401);
    expect((await me(await withVersion(5))).status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it.each(['superadmin', 'hotel', 'merchant'] as const)(
    'ends this device’s session of a %s login only: the other device stays signed in',
    async (kind) => {
      const login = await signedIn(kind);
      const phone = await t.tokenFor(login.username, login.password);
      const laptop = await t.tokenFor(login.username, login.password);
      expect((await me(phone)).status).toBe(200);

      const res = await t.request('POST', '/api/auth/logout', { token: phone });
      expectAnswer(res, 200, { detail: 'Logged out successfully' });
      expectDetail(await me(phone), 401);
      expect((await me(laptop)).status).toBe(200);
      expect((await devices(laptop)).map((d: { id: string }) => d.id)).toEqual([sessionIdOf(laptop)]);
      // The old token cannot log out again or do anything else.
      expect((await t.request('POST', '/api/auth/logout', { token: phone })).status).toBe(401);
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

  it('is recorded in the audit trail with the caller and the device', async () => {
    const login = await t.createAdminUser('admin');
    const token = await t.tokenFor(login.username, login.password);
    await t.request('POST', '/api/auth/logout', { token });
    const [event] = await eventsFor(login.id, 'logout');
    expect(event).toMatchObject({
      actorId: login.id,
      actorUsername: login.username,
      entity: 'user',
      entityId: login.id,
      after: { session_id: sessionIdOf(token), label: 'Unknown device' },
    });
  });
});

/** POST /auth/logout-everywhere with the current password (docs/SECURITY.md "Re-authentication"). */
const everywhere = (token: string, password?: string) =>
  t.request('POST', '/api/auth/logout-everywhere', {
    token,
    json: password === undefined ? {} : { current_password: password },
  });

describe('POST /api/auth/logout-everywhere', () => {
  it.each(['superadmin', 'hotel', 'merchant'] as const)('ends every session of a %s login', async (kind) => {
    const login = await signedIn(kind);
    const phone = await t.tokenFor(login.username, login.password);
    const laptop = await t.tokenFor(login.username, login.password);
    const res = await everywhere(phone, login.password);
    expectAnswer(res, 200, { detail: 'Signed out everywhere' });
    for (const token of [phone, laptop]) expectDetail(await me(token), 401);
    const fresh = await t.tokenFor(login.username, login.password);
    expect((await devices(fresh)).map((d: { id: string }) => d.id)).toEqual([sessionIdOf(fresh)]);
    const [event] = await eventsFor(login.id, 'logout.everywhere');
    expect(event).toMatchObject({ actorId: login.id, entityId: login.id });
  });

  it('leaves other logins of the same merchant signed in', async () => {
    const owner = await t.createMerchantLogin();
    const other = await insertOwnerLogin(t.db, 'merchant', owner.merchantId!);
    const ownerToken = await t.tokenFor(owner.username, owner.password);
    const otherToken = await t.tokenFor(other.username, other.password);
    expect((await everywhere(ownerToken, owner.password)).status).toBe(200);
    expect((await me(otherToken)).status).toBe(200);
  });
});

describe('re-authentication before ending devices (docs/SECURITY.md "Re-authentication")', () => {
  it('Sign out everywhere takes the current password: none or a wrong one ends nothing', async () => {
    const login = await t.createHotelLogin();
    const phone = await signIn(login);
    const laptop = await signIn(login);
    expectAnswer(await everywhere(phone), 422, { detail: 'Current password is required' });
    expectAnswer(await everywhere(phone, 'Not-the-password-1'), 400, { detail: 'Current password is incorrect' });
    for (const token of [phone, laptop]) expect((await me(token)).status).toBe(200);
    expect(await eventsFor(login.id, 'logout.everywhere')).toEqual([]);
  });

  it('ending another device takes the current password; ending this one does not (as Logout)', async () => {
    const login = await t.createMerchantLogin();
    const laptop = await signIn(login);
    const phone = await signIn(login);
    const endPhone = (json: Record<string, string>) =>
      t.request('DELETE', `/api/auth/sessions/${sessionIdOf(phone)}`, { token: laptop, json });
    expectAnswer(await endPhone({}), 422, { detail: 'Current password is required' });
    expectAnswer(await endPhone({ current_password: 'Not-the-password-1' }), 400, {
      detail: 'Current password is incorrect',
    });
    expect((await me(phone)).status).toBe(200);
    expectAnswer(await endPhone({ current_password: login.password }), 200, { detail: 'Device signed out' });
    expectDetail(await me(phone), 401);

    const own = await t.request('DELETE', `/api/auth/sessions/${sessionIdOf(laptop)}`, { token: laptop });
    expectAnswer(own, 200, { detail: 'Device signed out' });
    expectDetail(await me(laptop), 401);
  });

  it('wrong passwords count against the login’s current-password limit only: 10, then 429 even for the right one', async () => {
    const login = await t.createHotelLogin();
    const other = await t.createHotelLogin();
    const token = await signIn(login);
    for (let i = 0; i < 10; i++) expectDetail(await everywhere(token, `Wrong-password-${i}`), 400);
    expectDetail(await everywhere(token, login.password), 429);
    expectDetail(
      await t.request('PUT', '/api/auth/password', {
        token,
        json: { current_password: login.password, new_password: 'Another-hotel-pass-42' },
      }),
      429,
    );
    expect((await me(token)).status).toBe(200);
    // Its sign-in and another login are untouched.
    expect(
      (await t.request('POST', '/api/auth/login', { json: { username: login.username, password: login.password } }))
        .status,
    ).toBe(200);
    expect((await everywhere(await signIn(other), other.password)).status).toBe(200);
  });
});

describe('a sign-in from a device that holds a session (docs/SECURITY.md "Sessions")', () => {
  const login = (who: TestLogin, previous?: string) =>
    t.request('POST', '/api/auth/login', {
      json: { username: who.username, password: who.password, previous_token: previous },
    });

  it('ends the session the device held, of the same login or another, audited as its logout', async () => {
    const hotel = await t.createHotelLogin();
    const merchant = await t.createMerchantLogin();
    const old = await signIn(hotel);
    const elsewhere = await signIn(hotel);
    const again = await login(hotel, old);
    expect(again.status, again.text).toBe(200);
    expectDetail(await me(old), 401);
    expect((await me(again.body.access_token)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(200); // another device of the login stays
    const [event] = await eventsFor(hotel.id, 'logout');
    expect(event).toMatchObject({
      actorId: hotel.id,
      actorUsername: hotel.username,
      after: { session_id: sessionIdOf(old), reason: 'Signed in again on this device' },
    });

    const switched = await login(merchant, again.body.access_token);
    expect(switched.status).toBe(200);
    expectDetail(await me(again.body.access_token), 401);
  });

  it('a refused sign-in ends nothing; a token that is not ours, or is over, ends nothing either', async () => {
    const hotel = await t.createHotelLogin();
    const old = await signIn(hotel);
    const wrong = await t.request('POST', '/api/auth/login', {
      json: { username: hotel.username, password: 'Not-the-password-1', previous_token: old },
    });
    expectDetail(wrong, 401);
    expect((await me(old)).status).toBe(200);
    const forged = await sign(
      { ...claimsOf(old), sid: sessionIdOf(old) },
      'another-secret-0123456789abcdef01234',
      'HS256',
    );
    expect((await login(hotel, forged)).status).toBe(200);
    expect((await login(hotel, 'not-a-token')).status).toBe(200);
    expect((await me(old)).status).toBe(200);
  });

  it('with two-step sign-in, at the second step: the password alone ends nothing', async () => {
    const admin = await t.createAdminUser('admin');
    const old = await signIn(admin);
    const { secret } = await enrolSecondFactor(t, old, admin.password);
    const first = await login(admin, old);
    expect(first.body.mfa_required).toBe(true);
    expect((await me(old)).status).toBe(200);
    const second = await t.request('POST', '/api/auth/login/mfa', {
      json: { mfa_token: first.body.mfa_token, code: nextCode(secret), previous_token: old },
    });
    expect(second.status, second.text).toBe(200);
    expectDetail(await me(old), 401);
  });
});

describe('what else ends every session of a login', () => {
  it('changing one’s own password: other devices are signed out, the answer carries a working token', async () => {
    const login = await t.createMerchantLogin();
    const phone = await signIn(login, { userAgent: ANDROID_CHROME });
    const counter = await t.tokenFor(login.username, login.password);
    const res = await t.request('PUT', '/api/auth/password', {
      token: phone,
      json: { current_password: login.password, new_password: 'Counter-fresh-42' },
    });
    expectAnswer(res, 200, { access_token: expect.any(String), user_type: 'merchant', user_id: login.id });
    for (const token of [phone, counter]) expect((await me(token)).status).toBe(401);
    expect((await me(res.body.access_token)).status).toBe(200);
    // This device goes on under a new session with the same name; the others are no longer listed.
    expect(await devices(res.body.access_token)).toEqual([
      expect.objectContaining({ label: 'Chrome on Android', current: true }),
    ]);
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
    expect(await liveSessionsOf(login.id)).toEqual([]);
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

describe('GET /api/auth/sessions', () => {
  it('lists the caller’s own devices, named from the browser or at login, this one marked', async () => {
    const login = await t.createMerchantLogin();
    const phone = await signIn(login, { userAgent: ANDROID_CHROME });
    const counter = await signIn(login, { userAgent: IPHONE_SAFARI });
    const till = await signIn(login, { label: 'Till 2' });
    const someoneElse = await signIn(await t.createMerchantLogin(), { userAgent: ANDROID_CHROME });

    const list = await devices(counter);
    expect(list.map((d: { label: string }) => d.label).sort()).toEqual([
      'Chrome on Android',
      'Safari on iPhone',
      'Till 2',
    ]);
    expect(list.filter((d: { current: boolean }) => d.current).map((d: { id: string }) => d.id)).toEqual([
      sessionIdOf(counter),
    ]);
    const ids = list.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([sessionIdOf(phone), sessionIdOf(till)]));
    expect(ids).not.toContain(sessionIdOf(someoneElse));
    for (const device of list)
      expect(Object.keys(device).sort()).toEqual(['created_at', 'current', 'id', 'label', 'last_seen_at']);
  });

  it('device labels: browser and system only, never a version', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceLabel(IPHONE_SAFARI)).toBe('Safari on iPhone');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe(
      'Firefox on Mac',
    );
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
    expect(deviceLabel(undefined)).toBe('Unknown device');
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('signs one of the caller’s devices out; the others stay signed in', async () => {
    const login = await t.createHotelLogin();
    const laptop = await signIn(login);
    const phone = await signIn(login);
    const json = { current_password: login.password };
    const res = await t.request('DELETE', `/api/auth/sessions/${sessionIdOf(phone)}`, { token: laptop, json });
    expectAnswer(res, 200, { detail: 'Device signed out' });
    expectDetail(await me(phone), 401);
    expect((await me(laptop)).status).toBe(200);
    const [event] = await eventsFor(login.id, 'session.end');
    expect(event).toMatchObject({ actorId: login.id, after: { session_id: sessionIdOf(phone) } });
    // Once ended it is gone: a second time is 404.
    expectDetail(await t.request('DELETE', `/api/auth/sessions/${sessionIdOf(phone)}`, { token: laptop, json }), 404);
  });

  it('cannot end another login’s session (404, as a missing one), nor see it', async () => {
    const a = await t.createMerchantLogin();
    const b = await t.createMerchantLogin();
    const tokenA = await signIn(a);
    const tokenB = await signIn(b);
    const json = { current_password: a.password };
    expectAnswer(await t.request('DELETE', `/api/auth/sessions/${sessionIdOf(tokenB)}`, { token: tokenA, json }), 404, {
      detail: 'Session not found',
    });
    expect((await me(tokenB)).status).toBe(200);
    expect((await devices(tokenA)).map((d: { id: string }) => d.id)).toEqual([sessionIdOf(tokenA)]);
  });
});

describe('the back office and a merchant’s sessions', () => {
  it('lists the sessions of the merchant’s logins only, and ends one', async () => {
    const owner = await t.createMerchantLogin();
    const second = await insertOwnerLogin(t.db, 'merchant', owner.merchantId!);
    const ownerPhone = await signIn(owner, { userAgent: ANDROID_CHROME });
    const secondPhone = await signIn(second, { userAgent: IPHONE_SAFARI });
    const elsewhere = await signIn(await t.createMerchantLogin());
    const admin = await t.tokenAs('admin');

    const res = await t.request('GET', `/api/merchants/${owner.merchantId}/sessions`, { token: admin });
    expect(res.status).toBe(200);
    expect(
      res.body.map((d: { username: string; label: string; id: string }) => [d.username, d.label, d.id]).sort(),
    ).toEqual(
      [
        [owner.username, 'Chrome on Android', sessionIdOf(ownerPhone)],
        [second.username, 'Safari on iPhone', sessionIdOf(secondPhone)],
      ].sort(),
    );

    // Another merchant's session is not one of this merchant's.
    expectDetail(
      await t.request('DELETE', `/api/merchants/${owner.merchantId}/sessions/${sessionIdOf(elsewhere)}`, {
        token: admin,
      }),
      404,
    );
    expect((await me(elsewhere)).status).toBe(200);

    const ended = await t.request('DELETE', `/api/merchants/${owner.merchantId}/sessions/${sessionIdOf(secondPhone)}`, {
      token: admin,
    });
    expectAnswer(ended, 200, { detail: 'Device signed out' });
    expectDetail(await me(secondPhone), 401);
    expect((await me(ownerPhone)).status).toBe(200);
    const [event] = await eventsFor(second.id, 'session.end');
    expect(event).toMatchObject({ entityId: second.id, after: { session_id: sessionIdOf(secondPhone) } });
  });

  it('answers 404 for an unknown merchant', async () => {
    expectDetail(
      await t.request('GET', '/api/merchants/00000000-0000-4000-8000-000000000000/sessions', {
        token: await t.tokenAs('manager'),
      }),
      404,
    );
  });
});

describe('last seen', () => {
  it('is written at most once in 5 minutes on a merchant device', async () => {
    const login = await t.createMerchantLogin();
    const token = await signIn(login);
    const sid = sessionIdOf(token);
    const lastSeen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, sid)))[0]!.at.getTime();
    /** Moves last_seen_at back (`at` in SQL), answering it. */
    const setLastSeen = async (at: ReturnType<typeof sql>) => {
      await t.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sid));
      return lastSeen();
    };

    const first = await lastSeen();
    for (let i = 0; i < 3; i += 1) expect((await me(token)).status).toBe(200);
    expect(await lastSeen()).toBe(first);

    // 4 minutes ago: still not written.
    const fourAgo = await setLastSeen(sql`now() - interval '4 minutes'`);
    await me(token);
    expect(await lastSeen()).toBe(fourAgo);

    // 6 minutes ago: the next request writes it, the one after does not.
    const sixAgo = await setLastSeen(sql`now() - interval '6 minutes'`);
    await me(token);
    const written = await lastSeen();
    expect(written - sixAgo).toBeGreaterThanOrEqual(5 * 60_000);
    const minuteBack = await setLastSeen(sql`${sessions.lastSeenAt} - interval '1 minute'`);
    await me(token);
    expect(await lastSeen()).toBe(minuteBack);
  });
});

describe('retention', () => {
  it('the retention run deletes ended and expired sessions and keeps live ones', async () => {
    const login = await t.createMerchantLogin();
    const live = await signIn(login);
    const ended = await signIn(login);
    const expired = await signIn(login);
    await t.request('POST', '/api/auth/logout', { token: ended });
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, sessionIdOf(expired)));

    const run = await runRetention({ db: t.db, config: t.config, serverId: 'sessions-test' }, new Date());
    expect(run.ran).toBe(true);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, login.id));
    expect(left.map((row) => row.id)).toEqual([sessionIdOf(live)]);
  });
});
