import { eq, inArray, sql } from 'drizzle-orm';
import { decode, sign } from 'hono/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import {
  kidOf,
  loadSigningKeys,
  rotateSigningKeys,
  SIGNING_KEYS_SETTING,
  useSigningKeys,
} from '../../src/server/platform/lib/signing-keys';
import { issueToken, TOKEN_LIFETIME_SECONDS } from '../../src/server/platform/lib/tokens';
import { SESSION_OVER, SIGNED_OUT_IDLE } from '../../src/shared/session-lifetime';
import { appSettings, sessions } from '../support/tables';
import { sessionIdOf, TEST_JWT_SECRET, type TestLogin, useTestContext } from '../support';

/**
 * How long a sign-in lasts (docs/SECURITY.md "Sessions"): the back office 30 minutes without activity and 12 hours in
 * all; hotel and merchant devices 7 days that slide with use, their tokens renewed in X-Refreshed-Token. Time is
 * moved in SQL (and tokens issued in the past), never waited for.
 */
const t = useTestContext();

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const REFRESHED = 'X-Refreshed-Token';

interface Claims {
  sub: string;
  user_type: 'superadmin' | 'hotel' | 'merchant';
  sv: number;
  sid: string;
  iat: number;
  exp: number;
}
const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A 401 whose detail says why. */
function refused(res: Awaited<ReturnType<typeof me>>, detail: string) {
  expect(res.status, res.text).toBe(401);
  expect(res.body.detail).toBe(detail);
}

/** Signs in, answering the token and its session's id. */
async function signIn(login: TestLogin) {
  const token = await t.tokenFor(login.username, login.password);
  return { token, sid: sessionIdOf(token) };
}

/** Moves a session's columns back in SQL (`interval` text such as '31 minutes'). */
async function moveBack(sid: string, columns: ('lastSeenAt' | 'createdAt' | 'expiresAt')[], interval: string) {
  const back = (column: (typeof sessions)[(typeof columns)[number]]) => sql`${column} - ${interval}::interval`;
  await t.db
    .update(sessions)
    .set(Object.fromEntries(columns.map((column) => [column, back(sessions[column])])))
    .where(eq(sessions.id, sid));
}

const sessionRow = async (sid: string) => (await t.db.select().from(sessions).where(eq(sessions.id, sid)))[0]!;

/** The same session's token as it was issued `ageSeconds` ago (a device that signed in then), with its session aged. */
async function agedToken(token: string, ageSeconds: number): Promise<string> {
  const { sub, user_type, sv, sid } = claimsOf(token);
  await moveBack(sid, ['createdAt', 'lastSeenAt'], `${ageSeconds} seconds`);
  return issueToken({ sub, user_type, sv, sid }, TEST_JWT_SECRET, nowSeconds() - ageSeconds);
}

describe('back-office sessions', () => {
  it('last 12 hours: the token expires with its session', async () => {
    const { token, sid } = await signIn(await t.createAdminUser('manager'));
    const claims = claimsOf(token);
    expect(claims.exp - claims.iat).toBe(12 * HOUR);
    expect((await sessionRow(sid)).expiresAt.getTime()).toBe(claims.exp * 1000);
  });

  it('end after 30 minutes without a request, and say so', async () => {
    const { token, sid } = await signIn(await t.createAdminUser('admin'));
    await moveBack(sid, ['lastSeenAt'], '29 minutes');
    expect((await me(token)).status).toBe(200);
    // That request was activity: 29 more minutes are fine again.
    await moveBack(sid, ['lastSeenAt'], '29 minutes');
    expect((await me(token)).status).toBe(200);

    await moveBack(sid, ['lastSeenAt'], '31 minutes');
    const res = await me(token);
    refused(res, SIGNED_OUT_IDLE);
    expect(res.headers.get(REFRESHED)).toBeNull();
    // Nothing wrote last_seen_at back to life: the session stays over.
    refused(await me(token), SIGNED_OUT_IDLE);
  });

  it('write last seen at most every minute', async () => {
    const { token, sid } = await signIn(await t.createAdminUser('manager'));
    await moveBack(sid, ['lastSeenAt'], '50 seconds');
    const fifty = (await sessionRow(sid)).lastSeenAt.getTime();
    await me(token);
    expect((await sessionRow(sid)).lastSeenAt.getTime()).toBe(fifty);
    await moveBack(sid, ['lastSeenAt'], '20 seconds');
    await me(token);
    expect((await sessionRow(sid)).lastSeenAt.getTime()).toBeGreaterThan(fifty);
  });

  it('end 12 hours after sign-in however busy, and say so', async () => {
    const { token, sid } = await signIn(await t.createAdminUser('admin'));
    // Used a minute ago, signed in 12 hours ago: the session row is over while the token still verifies.
    await moveBack(sid, ['createdAt', 'expiresAt'], '12 hours 1 second');
    refused(await me(token), SESSION_OVER);

    // And a token past its own expiry says so too (the session expired with it).
    const other = await signIn(await t.createAdminUser('admin'));
    const { sub, sv, sid: otherSid } = claimsOf(other.token);
    await moveBack(otherSid, ['createdAt', 'expiresAt'], '12 hours 1 second');
    const iat = nowSeconds() - 12 * HOUR - 1;
    const expired = await sign(
      { sub, user_type: 'superadmin', sv, sid: otherSid, iat, exp: iat + 12 * HOUR },
      TEST_JWT_SECRET,
      'HS256',
    );
    refused(await me(expired), SESSION_OVER);
  });

  it('started with a longer token before these limits still end 12 hours after sign-in', async () => {
    const { token, sid } = await signIn(await t.createAdminUser('admin'));
    await moveBack(sid, ['createdAt'], '12 hours 1 second');
    refused(await me(token), SESSION_OVER);
  });

  it('ended by inactivity are not listed among the devices; an ended one answers no reason', async () => {
    const login = await t.createAdminUser('admin');
    const idle = await signIn(login);
    const busy = await signIn(login);
    await moveBack(idle.sid, ['lastSeenAt'], '31 minutes');
    const res = await t.request('GET', '/api/auth/sessions', { token: busy.token });
    expect(res.status, res.text).toBe(200);
    expect((res.body as { id: string }[]).map((row) => row.id)).toEqual([busy.sid]);

    expect((await t.request('POST', '/api/auth/logout', { token: busy.token })).status).toBe(200);
    refused(await me(busy.token), 'Not authenticated');
  });
});

describe.each(['hotel', 'merchant'] as const)('%s sessions', (kind) => {
  const login = () => (kind === 'hotel' ? t.createHotelLogin() : t.createMerchantLogin());

  it('slide: a token used after 6 days works and is answered a fresh one for the same session', async () => {
    const { token } = await signIn(await login());
    expect(claimsOf(token).exp - claimsOf(token).iat).toBe(8 * DAY);
    const old = await agedToken(token, 6 * DAY);

    const res = await me(old);
    expect(res.status, res.text).toBe(200);
    const fresh = res.headers.get(REFRESHED);
    expect(fresh).toBeTruthy();
    const before = claimsOf(old);
    const after = claimsOf(fresh!);
    expect(after).toMatchObject({ sub: before.sub, user_type: kind, sv: before.sv, sid: before.sid });
    expect(after.iat).toBeGreaterThan(before.iat);
    expect(after.exp - after.iat).toBe(8 * DAY);
    // The session's expiry moved with it, and the fresh token signs in (and, new, is not renewed again).
    expect((await sessionRow(before.sid)).expiresAt.getTime()).toBe(after.exp * 1000);
    const again = await me(fresh!);
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get(REFRESHED)).toBeNull();
    // The older token of the same session stays good until its own expiry.
    expect((await me(old)).status).toBe(200);
  });

  it('a token less than a day old is not renewed', async () => {
    const { token } = await signIn(await login());
    const res = await me(await agedToken(token, DAY - HOUR));
    expect(res.status).toBe(200);
    expect(res.headers.get(REFRESHED)).toBeNull();
  });

  it('end when unused for 7 days, and say so', async () => {
    const { token, sid } = await signIn(await login());
    const old = await agedToken(token, 6 * DAY);
    await moveBack(sid, ['lastSeenAt'], '1 day 1 minute');
    const res = await me(old);
    refused(res, SIGNED_OUT_IDLE);
    expect(res.headers.get(REFRESHED)).toBeNull();
  });

  it('end 90 days after sign-in however much they slid, and say so, with no fresh token', async () => {
    const { token, sid } = await signIn(await login());
    const old = await agedToken(token, 2 * DAY);
    // Used every day (seen a minute ago), but signed in 90 days ago.
    await moveBack(sid, ['createdAt'], '88 days 1 minute');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, sid));
    const res = await me(old);
    refused(res, SESSION_OVER);
    expect(res.headers.get(REFRESHED)).toBeNull();
  });

  it('never get a fresh token for the session the request ended', async () => {
    const signedIn = await login();
    const { token } = await signIn(signedIn);
    const logout = await t.request('POST', '/api/auth/logout', { token: await agedToken(token, 2 * DAY) });
    expect(logout.status, logout.text).toBe(200);
    expect(logout.headers.get(REFRESHED)).toBeNull();

    const second = await signIn(signedIn);
    const everywhere = await t.request('POST', '/api/auth/logout-everywhere', {
      token: await agedToken(second.token, 2 * DAY),
      json: { current_password: signedIn.password },
    });
    expect(everywhere.status, everywhere.text).toBe(200);
    expect(everywhere.headers.get(REFRESHED)).toBeNull();
  });
});

describe('merchant devices in the back office', () => {
  it('leave out a session unused for 7 days', async () => {
    const cashier = await t.createMerchantLogin();
    const idle = await signIn(cashier);
    const used = await signIn(cashier);
    await moveBack(idle.sid, ['lastSeenAt'], '7 days 1 minute');
    const back = await t.createAdminUser('admin');
    const admin = await t.tokenFor(back.username, back.password);
    const res = await t.request('GET', `/api/merchants/${cashier.merchantId}/sessions`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect((res.body as { id: string }[]).map((row) => row.id)).toEqual([used.sid]);
  });
});

describe('a signing-key rotation', () => {
  afterEach(async () => {
    useSigningKeys(TEST_JWT_SECRET, undefined);
    await t.db.delete(appSettings).where(inArray(appSettings.key, [SIGNING_KEYS_SETTING]));
  });

  it('reaches a sliding session at its renewal: the fresh token is signed with the new key', async () => {
    const options = { lifetimeSeconds: TOKEN_LIFETIME_SECONDS };
    const keys = await loadSigningKeys(t.db, TEST_JWT_SECRET, undefined, options);
    useSigningKeys(TEST_JWT_SECRET, keys);
    const { token } = await signIn(await t.createMerchantLogin());
    const old = await agedToken(token, 2 * DAY);
    const kidIn = (jwt: string) => (decode(jwt).header as { kid?: string }).kid;
    expect(kidIn(old)).toBe(kidOf(TEST_JWT_SECRET));

    const rotation = await rotateSigningKeys(t.db, undefined, options);
    await keys.reload();
    const res = await me(old);
    expect(res.status, res.text).toBe(200);
    const fresh = res.headers.get(REFRESHED)!;
    expect(kidIn(fresh)).toBe(rotation.added);
    expect(claimsOf(fresh).sid).toBe(claimsOf(old).sid);
    expect((await me(fresh)).status).toBe(200);
  });
});
