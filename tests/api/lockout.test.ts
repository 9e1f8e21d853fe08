import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_TOKEN_TTL_SECONDS,
  DEVICE_TOKENS_PER_DEVICE,
  deviceCookieName,
  issueDeviceToken,
} from '../../src/server/modules/auth/device-token';
import { auditEvents, loginLocks } from '../support/tables';
import {
  expectAnswer,
  TEST_JWT_SECRET,
  type TestLogin,
  type TestResponse,
  uniqueName,
  useTestContext,
} from '../support';
import { enrolSecondFactor, nextCode } from '../support/second-factor';

/**
 * The lockout that protects without punishing (docs/SECURITY.md "Login limits"): failures from unknown devices lock
 * the account to unknown devices (5 failures, then 30 s doubling up to an hour), while a device that signed in to it
 * before (its device cookie) is never refused because of that lock and has a limit of its own. Counted in the
 * database (login_locks) on both databases; each request names its address in X-Forwarded-For.
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });

let nextAddress = 1;
const freshAddress = () => `10.77.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

const login = (username: string, password: string, options: { cookie?: string; address?: string } = {}) =>
  t.request('POST', '/api/auth/login', {
    json: { username, password },
    headers: {
      'X-Forwarded-For': options.address ?? freshAddress(),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
  });

/** The device cookies an answer sets, as `name=value` for a later Cookie header, by name. */
function setCookies(res: TestResponse): Map<string, { pair: string; attributes: string }> {
  const out = new Map<string, { pair: string; attributes: string }>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    out.set(pair.slice(0, pair.indexOf('=')), { pair, attributes: attributes.join('; ') });
  }
  return out;
}

/** Signs `user` in from a new device: the device cookie it is given (`name=value`). */
async function knownDeviceOf(user: TestLogin): Promise<string> {
  const res = await login(user.username, user.password);
  expect(res.status, res.text).toBe(200);
  const cookie = setCookies(res).get(deviceCookieName(user.username));
  expect(cookie).toBeDefined();
  return cookie!.pair;
}

/** `count` wrong passwords from unknown devices (a new address each), each answered 401. */
async function fail(user: TestLogin, count: number) {
  for (let i = 0; i < count; i++) expect((await login(user.username, `wrong-${i}-pw`)).status).toBe(401);
}

function expectLocked(res: TestResponse, maxSeconds: number, minSeconds = 0) {
  expect(res.status, res.text).toBe(429);
  expect(Object.keys(res.body).sort()).toEqual(['detail', 'locked_until']);
  expect(res.body.detail).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(minSeconds);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  const until = Date.parse(res.body.locked_until as string);
  expect(Math.abs(until - (Date.now() + retryAfter * 1000))).toBeLessThan(5_000);
}

const keyOf = (username: string) => createHash('sha256').update(username.toLowerCase()).digest('base64url');

/** Moves the account's lock into the past (the wait is over) and, with `forgotten`, its last failure beyond a day. */
async function waitOut(username: string, { forgotten = false } = {}) {
  await t.db
    .update(loginLocks)
    .set({
      lockedUntil: sql`now() - interval '1 second'`,
      ...(forgotten ? { lastFailureAt: sql`now() - interval '25 hours'` } : {}),
    })
    .where(eq(loginLocks.account, keyOf(username)));
}

describe('an account under attack from unknown devices', () => {
  it('locks after the 5th failure, refuses even the right password, but lets a device that signed in before in', async () => {
    const user = await t.createHotelLogin();
    const device = await knownDeviceOf(user);
    await fail(user, 5);
    // The 6th attempt, the right password from a new address, is refused before the password is checked.
    expectLocked(await login(user.username, user.password), 30);
    // The owner's device signs in during the lock, and is given a fresh cookie.
    const owner = await login(user.username, user.password, { cookie: device });
    expect(owner.status, owner.text).toBe(200);
    expect(setCookies(owner).has(deviceCookieName(user.username))).toBe(true);
    // Its sign-in lifted nothing for the others.
    expectLocked(await login(user.username, user.password), 30);
  });

  it('grows: 30 s after the 5th failure, 60 s after the 6th, 120 s after the 7th; a lock refuses without counting', async () => {
    const user = await t.createMerchantLogin();
    await fail(user, 5);
    expectLocked(await login(user.username, 'while-locked-1'), 30);
    expectLocked(await login(user.username, 'while-locked-2'), 30);
    await waitOut(user.username);
    await fail(user, 1);
    expectLocked(await login(user.username, user.password), 60, 30);
    await waitOut(user.username);
    await fail(user, 1);
    expectLocked(await login(user.username, user.password), 120, 60);
    const [row] = await t.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.account, keyOf(user.username)));
    expect(row!.failures).toBe(7); // the refusals while locked were not counted
  });

  it('decays: a day after the last failure the count starts again', async () => {
    const user = await t.createHotelLogin();
    await fail(user, 5);
    await waitOut(user.username, { forgotten: true });
    await fail(user, 4); // counted from 1 again: no lock yet
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('a right password gives its count back', async () => {
    const user = await t.createHotelLogin();
    await fail(user, 4);
    expect((await login(user.username, user.password)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.account, keyOf(user.username)));
    expect(row).toMatchObject({ failures: 4, lockedUntil: null });
    await fail(user, 1);
    expectLocked(await login(user.username, user.password), 30);
  });

  it('counts parallel guesses at once: of 12 sent together, 5 have their password checked', async () => {
    const user = await t.createMerchantLogin();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.username, `parallel-${i}`)));
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('counts unknown usernames the same way (a 429 tells nothing about whether the account exists)', async () => {
    const name = uniqueName('ghost').replace(/\s+/g, '_');
    for (let i = 0; i < 5; i++) expect((await login(name, `ghost-${i}-pw`)).status).toBe(401);
    expectLocked(await login(name, 'ghost-5-pw'), 30);
  });

  it('tells the super admin in the activity log when the lock starts and when it grows past 15 minutes', async () => {
    const user = await t.createAdminUser('manager');
    await fail(user, 5);
    const lockedEvents = () =>
      t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'login.locked'), eq(auditEvents.actorUsername, user.username)));
    const [started, ...rest] = await lockedEvents();
    expect(rest).toHaveLength(0);
    expect(started).toMatchObject({ actorId: null, entity: 'user', after: { username: user.username, failures: 5 } });
    const after = started!.after as Record<string, unknown>;
    expect(Object.keys(after).sort()).toEqual(['failures', 'lock_seconds', 'until', 'username']);
    expect(JSON.stringify(after)).not.toContain('wrong-');

    // Failures 6 to 9 lock for 1, 2, 4 and 8 minutes: no new event; the 10th locks for 16 minutes: one more.
    for (let failure = 6; failure <= 10; failure++) {
      await waitOut(user.username);
      await fail(user, 1);
    }
    const events = await lockedEvents();
    expect(events.map((e) => (e.after as { failures: number }).failures).sort()).toEqual([10, 5]);
    expectLocked(await login(user.username, user.password), 16 * 60, 15 * 60);

    const admin = await t.tokenAs('superadmin');
    const listed = await t.request('GET', '/api/audit-events?action=login.locked', { token: admin });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.some((e: { actor_username: string }) => e.actor_username === user.username)).toBe(true);
  });
});

describe('a known device', () => {
  it('its wrong passwords count against its cookie only: 10, then that cookie alone is refused', async () => {
    const user = await t.createHotelLogin();
    const device = await knownDeviceOf(user);
    for (let i = 0; i < 10; i++)
      expect((await login(user.username, `typo-${i}-pw`, { cookie: device })).status).toBe(401);
    const refused = await login(user.username, user.password, { cookie: device });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(
      /^Too many failed login attempts on this device\. Try again in \d+ minutes?\.$/,
    );
    expect(refused.body.locked_until).toBeUndefined();
    // The account is not locked for anyone else: another device with the right password gets in.
    expect((await login(user.username, user.password)).status).toBe(200);
    const rows = await t.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.account, keyOf(user.username)));
    expect(rows).toMatchObject([{ failures: 0, lockedUntil: null }]); // the right passwords gave their counts back
  });

  it('is not refused because its network sprays usernames; unknown devices there are', async () => {
    const user = await t.createMerchantLogin();
    const device = await knownDeviceOf(user);
    const hotelWifi = freshAddress();
    for (let i = 0; i < 30; i++)
      expect(
        (await login(uniqueName(`spray${i}`).replace(/\s+/g, '_'), 'Summer-guess-1', { address: hotelWifi })).status,
      ).toBe(401);
    const unknown = await login(user.username, user.password, { address: hotelWifi });
    expect(unknown.status).toBe(429);
    expect(unknown.body.detail).toMatch(/^Too many failed login attempts from this network\./);
    const known = await login(user.username, user.password, { address: hotelWifi, cookie: device });
    expect(known.status, known.text).toBe(200);
  });

  it('a forged, another account’s or an expired cookie is an unknown device', async () => {
    const user = await t.createHotelLogin();
    const other = await t.createHotelLogin();
    const device = await knownDeviceOf(user);
    const otherDevice = await knownDeviceOf(other);
    await fail(user, 5);
    const name = deviceCookieName(user.username);
    const value = device.slice(name.length + 1);
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const othersToken = `${name}=${otherDevice.slice(otherDevice.indexOf('=') + 1)}`;
    const old = Math.floor(Date.now() / 1000) - DEVICE_TOKEN_TTL_SECONDS - 60;
    const expired = `${name}=${await issueDeviceToken(user.username, TEST_JWT_SECRET, old)}`;
    const signedElsewhere = `${name}=${await issueDeviceToken(user.username, 'another-server-secret-0123456789abcdef')}`;
    for (const cookie of [forged, othersToken, expired, signedElsewhere, 'sp_device_x=junk'])
      expectLocked(await login(user.username, user.password, { cookie }), 30);
    // The real one still works.
    expect((await login(user.username, user.password, { cookie: device })).status).toBe(200);
  });

  it('the cookie: HttpOnly, SameSite=Strict, Path=/api/auth, 180 days, Secure over HTTPS only', async () => {
    const user = await t.createHotelLogin();
    const plain = setCookies(await login(user.username, user.password)).get(deviceCookieName(user.username))!;
    expect(plain.attributes.split('; ').sort()).toEqual(
      ['HttpOnly', 'Max-Age=15552000', 'Path=/api/auth', 'SameSite=Strict'].sort(),
    );
    const https = await t.request('POST', '/api/auth/login', {
      json: { username: user.username, password: user.password },
      headers: { 'X-Forwarded-For': freshAddress(), 'X-Forwarded-Proto': 'https' },
    });
    expect(setCookies(https).get(deviceCookieName(user.username))!.attributes.split('; ')).toContain('Secure');
  });

  it(`survives logout, one cookie per account, at most ${DEVICE_TOKENS_PER_DEVICE} on a device`, async () => {
    const user = await t.createMerchantLogin();
    const signedIn = await login(user.username, user.password);
    const device = setCookies(signedIn).get(deviceCookieName(user.username))!.pair;
    const logout = await t.request('POST', '/api/auth/logout', {
      token: signedIn.body.access_token,
      headers: { Cookie: device },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()).toEqual([]);
    await fail(user, 5);
    expect((await login(user.username, user.password, { cookie: device })).status).toBe(200);

    // A shared phone with 10 other accounts' cookies: signing in to an 11th drops the oldest one.
    const now = Math.floor(Date.now() / 1000);
    const others = await Promise.all(
      Array.from({ length: DEVICE_TOKENS_PER_DEVICE }, async (_, i) => {
        const name = `colleague-${i}`;
        return `${deviceCookieName(name)}=${await issueDeviceToken(name, TEST_JWT_SECRET, now - 1000 + i)}`;
      }),
    );
    const shared = await login(user.username, user.password, { cookie: [device, ...others].join('; ') });
    expect(shared.status).toBe(200);
    const set = setCookies(shared);
    expect([...set.keys()].sort()).toEqual([deviceCookieName('colleague-0'), deviceCookieName(user.username)].sort());
    expect(set.get(deviceCookieName('colleague-0'))!.attributes).toContain('Max-Age=0');
  });

  it('with two-step sign-in, the cookie comes with the second step, not the password', async () => {
    const user = await t.createAdminUser('manager');
    const first = await login(user.username, user.password);
    const { secret } = await enrolSecondFactor(t, first.body.access_token as string, user.password);
    const step = await login(user.username, user.password);
    expect(step.body.mfa_required).toBe(true);
    expect(step.headers.getSetCookie()).toEqual([]);
    const done = await t.request('POST', '/api/auth/login/mfa', {
      json: { mfa_token: step.body.mfa_token, code: nextCode(secret) },
      headers: { 'X-Forwarded-For': freshAddress() },
    });
    expectAnswer(done, 200, { access_token: expect.any(String), user_type: 'superadmin', user_id: user.id });
    const device = setCookies(done).get(deviceCookieName(user.username))!.pair;
    await fail(user, 5);
    const during = await login(user.username, user.password, { cookie: device });
    expect(during.body.mfa_required).toBe(true);
  });
});
