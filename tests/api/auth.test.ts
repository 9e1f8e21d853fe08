import { eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { auditEvents, users } from '../support/tables';
import { expectAnswer, expectDetail, sessionIdOf, TEST_JWT_SECRET, useTestContext } from '../support';

// Behind one proxy: the login-screen tests below each come from an address of their own (X-Forwarded-For), so their
// refusals stay under the 30 failures an address may make.
const ctx = useTestContext({ env: { TRUST_PROXY: '1' } });

const login = (json: unknown) => ctx.request('POST', '/api/auth/login', { json });

describe('GET /api/health and unknown API paths', () => {
  it('answers 200 {status: ok} when ready', async () => {
    expectAnswer(await ctx.request('GET', '/api/health'), 200, { status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await ctx.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(res.body.detail).toEqual(expect.any(String));
    expect(res.body.detail).toContain('/api/no-such-thing');
  });
});

describe('POST /api/auth/login', () => {
  it.each(['superadmin', 'admin', 'manager'] as const)('signs in an admin user with role %s', async (role) => {
    const user = await ctx.createAdminUser(role);
    const res = await login({ username: user.username, password: user.password });
    expectAnswer(res, 200, { access_token: expect.any(String), user_type: 'superadmin', user_id: user.id });
  });

  it('signs in a hotel login', async () => {
    const user = await ctx.createHotelLogin();
    const res = await login({ username: user.username, password: user.password });
    expectAnswer(res, 200, { access_token: expect.any(String), user_type: 'hotel', user_id: user.id });
  });

  it('signs in a merchant login', async () => {
    const user = await ctx.createMerchantLogin();
    const res = await login({ username: user.username, password: user.password });
    expectAnswer(res, 200, { access_token: expect.any(String), user_type: 'merchant', user_id: user.id });
  });

  it('matches the username ignoring case and surrounding spaces', async () => {
    const user = await ctx.createAdminUser('admin');
    const res = await login({ username: `  ${user.username.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(user.id);
  });

  it('refuses a wrong password with 401', async () => {
    const user = await ctx.createAdminUser('admin');
    const res = await login({ username: user.username, password: 'wrong-password' });
    expectAnswer(res, 401, { detail: 'Invalid username or password' });
  });

  it('refuses an unknown user with the same 401', async () => {
    const res = await login({ username: 'nobody-here', password: 'whatever123' });
    expectAnswer(res, 401, { detail: 'Invalid username or password' });
  });

  it.each([
    [{ password: 'secret123' }, 'Username is required'],
    [{ username: '', password: 'secret123' }, 'Username is required'],
    [{ username: '   ', password: 'secret123' }, 'Username is required'],
    [{ username: 'someone' }, 'Password is required'],
    [{ username: 'someone', password: '' }, 'Password is required'],
  ])('answers 422 for %j', async (body, detail) => {
    expectAnswer(await login(body), 422, { detail });
  });

  it('answers 400 with a detail for malformed JSON', async () => {
    const res = await ctx.request('POST', '/api/auth/login', {
      body: '{"username": "admin", ',
      headers: { 'Content-Type': 'application/json' },
    });
    expectDetail(res, 400);
    expect(res.body.detail.length).toBeGreaterThan(0);
  });

  it('locks the account to unknown devices after 5 wrong passwords: 429 even for the right password (lockout.test.ts)', async () => {
    const user = await ctx.createAdminUser('manager');
    for (let i = 0; i < 5; i++) {
      const res = await login({ username: user.username, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await login({ username: user.username, password: 'wrong-again' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in 1 minute\.$/,
    );
    expect(Date.parse(blocked.body.locked_until)).toBeGreaterThan(Date.now());

    const right = await login({ username: user.username, password: user.password });
    expect(right.status).toBe(429);

    // Other usernames are not affected.
    const other = await ctx.createAdminUser('manager');
    expect((await login({ username: other.username, password: other.password })).status).toBe(200);
  });
});

describe("POST /api/auth/login from a login screen (user_type: the screen's role)", () => {
  const SCREENS = ['superadmin', 'hotel', 'merchant'] as const;
  const LABELS = { superadmin: 'super admin', hotel: 'hotel', merchant: 'merchant' } as const;
  const KINDS = { superadmin: 'back office', hotel: 'hotel', merchant: 'merchant' } as const;
  const TITLES = { superadmin: 'Super Admin Login', hotel: 'Hotel Login', merchant: 'Merchant Login' } as const;
  const loginOf = (kind: (typeof SCREENS)[number]) =>
    kind === 'superadmin'
      ? ctx.createAdminUser('manager')
      : kind === 'hotel'
        ? ctx.createHotelLogin()
        : ctx.createMerchantLogin();
  let addresses = 0;
  /** A sign-in from a login screen, from `address` (a new one each call unless given). */
  const screenLogin = (json: unknown, address = `198.51.100.${++addresses}`) =>
    ctx.request('POST', '/api/auth/login', { json, headers: { 'X-Forwarded-For': address } });
  const failuresOf = async (userId: string) =>
    (await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, userId))).filter(
      (event) => event.action !== 'user.create',
    );

  for (const kind of SCREENS) {
    for (const screen of SCREENS) {
      if (kind === screen) {
        it(`signs a ${kind} login in on its own screen`, async () => {
          const user = await loginOf(kind);
          const res = await screenLogin({ username: user.username, password: user.password, user_type: screen });
          expectAnswer(res, 200, { access_token: expect.any(String), user_type: kind, user_id: user.id });
        });
      } else {
        it(`refuses a ${kind} login on the ${screen} screen: 401, no token, a refused sign-in recorded`, async () => {
          const user = await loginOf(kind);
          const res = await screenLogin({ username: user.username, password: user.password, user_type: screen });
          expectAnswer(res, 401, { detail: `Invalid credentials for ${LABELS[screen]}` }); // the whole body: no token
          const events = await failuresOf(user.id);
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({
            action: 'login.failure',
            actorId: null,
            actorUsername: user.username,
            entity: 'user',
            after: { username: user.username, reason: `A ${KINDS[kind]} login on the ${TITLES[screen]} screen` },
          });
        });
      }
    }
  }

  it('counts a refusal as a failed attempt: after 5, even the right screen is refused with 429', async () => {
    const user = await ctx.createHotelLogin();
    const address = '203.0.113.9';
    for (let i = 0; i < 5; i++) {
      const res = await screenLogin(
        { username: user.username, password: user.password, user_type: 'merchant' },
        address,
      );
      expect(res.status).toBe(401);
    }
    const blocked = await screenLogin(
      { username: user.username, password: user.password, user_type: 'hotel' },
      address,
    );
    expect(blocked.status).toBe(429);
  });

  it('a wrong password on a screen is the usual refusal; an unknown user_type is 422', async () => {
    const user = await ctx.createMerchantLogin();
    expectAnswer(await screenLogin({ username: user.username, password: 'wrong-password', user_type: 'hotel' }), 401, {
      detail: 'Invalid username or password',
    });
    expectAnswer(await screenLogin({ username: user.username, password: user.password, user_type: 'admin' }), 422, {
      detail: 'user_type must be superadmin, hotel or merchant',
    });
  });
});

describe('GET /api/auth/me', () => {
  const me = (token?: string) => ctx.request('GET', '/api/auth/me', { token });
  /**
   * A super admin's claims as the server signs them, naming a live session of the login (signed in once), issued at
   * `iat` (seconds) and good for an hour unless `exp`.
   */
  const claimsOf = async (
    user: { id: string; username: string; password: string },
    iat = Math.floor(Date.now() / 1000),
    exp = iat + 3600,
  ) => ({
    sub: user.id,
    user_type: 'superadmin',
    sv: 1,
    sid: sessionIdOf(await ctx.tokenFor(user.username, user.password)),
    iat,
    exp,
  });

  it('returns the admin user behind the token', async () => {
    const user = await ctx.createAdminUser('admin', { fullName: 'Asha Admin', email: 'asha@example.test' });
    const token = await ctx.tokenFor(user.username, user.password);
    expectAnswer(await me(token), 200, {
      id: user.id,
      username: user.username,
      user_type: 'superadmin',
      role: 'admin',
      merchant_role: null,
      full_name: 'Asha Admin',
      email: 'asha@example.test',
      hotel_id: null,
      merchant_id: null,
      second_factor: false,
      second_factor_required: false,
    });
  });

  it.each([
    ['hotel_id', 'hotel'],
    ['merchant_id', 'merchant'],
  ] as const)('returns %s for a %s login', async (_field, kind) => {
    const user = kind === 'hotel' ? await ctx.createHotelLogin() : await ctx.createMerchantLogin();
    const token = await ctx.tokenFor(user.username, user.password);
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      user_type: kind,
      role: null,
      hotel_id: kind === 'hotel' ? user.hotelId : null,
      merchant_id: kind === 'merchant' ? user.merchantId : null,
    });
  });

  it('answers 401 with a detail without a token', async () => {
    expectDetail(await me(), 401);
  });

  it('answers 401 for a tampered token', async () => {
    const user = await ctx.createAdminUser('superadmin');
    const token = await ctx.tokenFor(user.username, user.password);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, user_type: 'merchant' })).toString('base64url');
    for (const bad of [`${header}.${forged}.${signature}`, `${token.slice(0, -2)}xx`, 'not-a-token']) {
      expectDetail(await me(bad), 401);
    }
  });

  it('answers 401 for a token signed with another secret', async () => {
    const user = await ctx.createAdminUser('superadmin');
    const token = await sign(await claimsOf(user), 'another-secret-0123456789abcdef0123', 'HS256');
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const user = await ctx.createAdminUser('superadmin');
    const now = Math.floor(Date.now() / 1000);
    const valid = await sign(await claimsOf(user, now), TEST_JWT_SECRET, 'HS256');
    expect((await me(valid)).status).toBe(200);

    const expired = await sign(await claimsOf(user, now - 7200, now - 60), TEST_JWT_SECRET, 'HS256');
    expectDetail(await me(expired), 401);
  });

  it('answers 401 for a token without exp, the session version or the session id, and for another algorithm than HS256', async () => {
    const user = await ctx.createAdminUser('superadmin');
    const claims = await claimsOf(user);
    expect((await me(await sign(claims, TEST_JWT_SECRET, 'HS256'))).status).toBe(200);

    const { exp: _exp, ...noExp } = claims;
    const { sv: _sv, ...noSv } = claims;
    const { sid: _sid, ...noSid } = claims;
    const unsigned = (payload: object) =>
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    for (const token of [
      await sign(noExp, TEST_JWT_SECRET, 'HS256'),
      await sign(noSv, TEST_JWT_SECRET, 'HS256'),
      await sign(noSid, TEST_JWT_SECRET, 'HS256'),
      await sign({ ...claims, sid: 'not-a-session' }, TEST_JWT_SECRET, 'HS256'),
      await sign({ ...claims, sv: '1' }, TEST_JWT_SECRET, 'HS256'),
      await sign(claims, TEST_JWT_SECRET, 'HS512'),
      unsigned(claims),
    ]) {
      expectDetail(await me(token), 401);
    }
  });

  it('answers 401 once the user behind a valid token is deleted', async () => {
    const user = await ctx.createAdminUser('manager');
    const token = await ctx.tokenFor(user.username, user.password);
    expect((await me(token)).status).toBe(200);

    await ctx.db.delete(users).where(eq(users.id, user.id));
    expectDetail(await me(token), 401);
  });
});
