import { and, eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { resetSecondFactorByCommand } from '../../src/server/modules/auth/second-factor.service';
import { loadConfig } from '../../src/server/platform/env';
import { auditEvents, recoveryCodes, secondFactors } from '../support/tables';
import { expectDetail, TEST_JWT_SECRET, type TestContext, type TestLogin, useTestContext } from '../support';
import { codeAt, enrolSecondFactor, nextCode, wrongCode } from '../support/second-factor';

/**
 * Two-step sign-in (docs/SECURITY.md "Second factor"): set-up by QR with a first code and ten recovery codes; a
 * sign-in with it on takes a second step; a code passes once; wrong codes are limited per login; the super admin's
 * reset; superadmin and admin users must set it up first when MFA_REQUIRED is on. Codes are computed here with the
 * same library the server checks them with.
 */

/** 32 bytes (base64) for DATA_ENCRYPTION_KEY: the secrets must be sealed at rest. */
const DATA_KEY = Buffer.alloc(32, 7).toString('base64');

async function tokenOf(t: TestContext, login: TestLogin): Promise<string> {
  const res = await t.request('POST', '/api/auth/login', {
    json: { username: login.username, password: login.password },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.access_token).toBeTypeOf('string');
  return res.body.access_token as string;
}

const enrol = enrolSecondFactor;

/** The first step of a sign-in with two-step sign-in on: its token. */
async function firstStep(t: TestContext, login: TestLogin): Promise<string> {
  const res = await t.request('POST', '/api/auth/login', {
    json: { username: login.username, password: login.password },
  });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['mfa_required', 'mfa_token']);
  expect(res.body.mfa_required).toBe(true);
  return res.body.mfa_token as string;
}

const secondStep = (t: TestContext, mfaToken: string, proof: { code?: string; recovery_code?: string }) =>
  t.request('POST', '/api/auth/login/mfa', { json: { mfa_token: mfaToken, ...proof } });

describe('two-step sign-in, optional (MFA_REQUIRED off)', () => {
  const t = useTestContext({ env: { DATA_ENCRYPTION_KEY: DATA_KEY } });

  it('sets up by secret and first code, seals the secret, gives ten recovery codes once, audited', async () => {
    const admin = await t.createAdminUser('admin');
    const token = await tokenOf(t, admin);
    // The current password first (docs/SECURITY.md "Re-authentication"): a wrong one counts against the login.
    expectDetail(await t.request('POST', '/api/auth/second-factor/setup', { token }), 422);
    const wrongPassword = await t.request('POST', '/api/auth/second-factor/setup', {
      token,
      json: { current_password: 'Not-the-password-1' },
    });
    expect(wrongPassword.body).toEqual({ detail: 'Current password is incorrect' });
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.id))).toEqual([]);
    const setup = await t.request('POST', '/api/auth/second-factor/setup', {
      token,
      json: { current_password: admin.password },
    });
    expect(setup.status, setup.text).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toBe(
      `otpauth://totp/StayPerks:${admin.username}?issuer=StayPerks&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const [stored] = await t.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.id));
    expect(stored!.secret.startsWith('v1.')).toBe(true);
    expect(stored!.secret).not.toContain(secret);

    // Not on until confirmed: a sign-in still makes a session at once.
    expect((await t.request('GET', '/api/auth/second-factor', { token })).body).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    await tokenOf(t, admin);

    const wrong = await t.request('POST', '/api/auth/second-factor/confirm', {
      token,
      json: { code: wrongCode(secret) },
    });
    expectDetail(wrong, 400);
    expect(wrong.body.detail).toMatch(/not right/);

    const confirm = await t.request('POST', '/api/auth/second-factor/confirm', {
      token,
      json: { code: codeAt(secret, Date.now()) },
    });
    expect(confirm.status, confirm.text).toBe(200);
    const recovery = confirm.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(row.codeHash.startsWith('$argon2id$')).toBe(true);

    expect((await t.request('GET', '/api/auth/second-factor', { token })).body).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    const me = await t.request('GET', '/api/auth/me', { token });
    expect(me.body.second_factor).toBe(true);
    // A second set-up while it is on is refused; the secret stays.
    expectDetail(
      await t.request('POST', '/api/auth/second-factor/setup', { token, json: { current_password: admin.password } }),
      409,
    );
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'second_factor.enable'), eq(auditEvents.entityId, admin.id)));
    expect(audited).toHaveLength(1);
  });

  it('signs in in two steps: the first answers no session, only the second with a right code does', async () => {
    const hotel = await t.createHotelLogin();
    const { secret } = await enrol(t, await tokenOf(t, hotel), hotel.password);
    const mfaToken = await firstStep(t, hotel);
    // The first step's token is no access token.
    expectDetail(await t.request('GET', '/api/auth/me', { token: mfaToken }), 401);
    expectDetail(await secondStep(t, mfaToken, { code: wrongCode(secret) }), 400);

    const done = await secondStep(t, mfaToken, { code: nextCode(secret) });
    expect(done.status, done.text).toBe(200);
    expect(Object.keys(done.body).sort()).toEqual(['access_token', 'user_id', 'user_type']);
    expect(done.body.user_type).toBe('hotel');
    const me = await t.request('GET', '/api/auth/me', { token: done.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(hotel.username);
  });

  it('never accepts a code twice: not the set-up code, not a sign-in code, not two sent at once', async () => {
    const merchant = await t.createMerchantLogin();
    const token = await tokenOf(t, merchant);
    const setup = await t.request('POST', '/api/auth/second-factor/setup', {
      token,
      json: { current_password: merchant.password },
    });
    const secret = setup.body.secret as string;
    const setupCode = codeAt(secret, Date.now());
    expect(
      (await t.request('POST', '/api/auth/second-factor/confirm', { token, json: { code: setupCode } })).status,
    ).toBe(200);

    const mfaToken = await firstStep(t, merchant);
    const again = await secondStep(t, mfaToken, { code: setupCode });
    expectDetail(again, 400);

    const code = nextCode(secret);
    const both = await Promise.all([secondStep(t, mfaToken, { code }), secondStep(t, mfaToken, { code })]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 400]);
    expectDetail(await secondStep(t, await firstStep(t, merchant), { code }), 400);
  });

  it('limits wrong codes per login: past 5, even the right code is refused for a while', async () => {
    const manager = await t.createAdminUser('manager');
    const { secret } = await enrol(t, await tokenOf(t, manager), manager.password);
    const mfaToken = await firstStep(t, manager);
    for (let i = 0; i < 5; i++) expectDetail(await secondStep(t, mfaToken, { code: wrongCode(secret) }), 400);
    const blocked = await secondStep(t, mfaToken, { code: nextCode(secret) });
    expectDetail(blocked, 429);
    expect(blocked.body.detail).toMatch(/^Too many wrong codes\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    const failures = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login.failure'), eq(auditEvents.entityId, manager.id)));
    expect(failures.map((row) => (row.after as { reason: string }).reason)).toEqual(
      Array(5).fill('Wrong two-step code'),
    );
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const admin = await t.createAdminUser('admin');
    const { recovery } = await enrol(t, await tokenOf(t, admin), admin.password);
    const first = await secondStep(t, await firstStep(t, admin), { recovery_code: recovery[3]!.toUpperCase() });
    expect(first.status, first.text).toBe(200);
    const reused = await secondStep(t, await firstStep(t, admin), { recovery_code: recovery[3]!.replace('-', '') });
    expectDetail(reused, 400);
    expect(reused.body.detail).toMatch(/recovery code/);
    const next = await secondStep(t, await firstStep(t, admin), { recovery_code: recovery[4]! });
    expect(next.status, next.text).toBe(200);
    const status = await t.request('GET', '/api/auth/second-factor', { token: next.body.access_token });
    expect(status.body.recovery_codes_left).toBe(8);
    // Both a code and a recovery code, or neither: refused before anything is checked.
    expectDetail(await secondStep(t, await firstStep(t, admin), {}), 422);
  });

  it("refuses a second step whose token is forged, expired or from before the login's new password", async () => {
    const admin = await t.createAdminUser('admin');
    const token = await tokenOf(t, admin);
    const { secret } = await enrol(t, token, admin.password);
    const now = Math.floor(Date.now() / 1000);
    const claims = { typ: 'second-step', sub: admin.id, sv: 1, dl: 'Test', iat: now - 600, exp: now - 300 };
    const expired = await sign(claims, TEST_JWT_SECRET, 'HS256');
    expectDetail(await secondStep(t, expired, { code: nextCode(secret) }), 401);
    const forged = await sign({ ...claims, exp: now + 300 }, 'another-secret-0123456789abcdef0123456789', 'HS256');
    expectDetail(await secondStep(t, forged, { code: nextCode(secret) }), 401);

    const mfaToken = await firstStep(t, admin);
    const changed = await t.request('PUT', '/api/auth/password', {
      token,
      json: { current_password: admin.password, new_password: 'A-brand-new-passphrase-7' },
    });
    expect(changed.status, changed.text).toBe(200);
    expectDetail(await secondStep(t, mfaToken, { code: nextCode(secret) }), 401);
  });

  it('turns off with the password and a code for a login whose role does not require it, audited; staff have none', async () => {
    const hotel = await t.createHotelLogin();
    const token = await tokenOf(t, hotel);
    const { secret } = await enrol(t, token, hotel.password);
    // A code alone, or a wrong password with a right code, leaves it on (docs/SECURITY.md "Re-authentication").
    expectDetail(
      await t.request('POST', '/api/auth/second-factor/turn-off', { token, json: { code: nextCode(secret) } }),
      422,
    );
    const wrongPassword = await t.request('POST', '/api/auth/second-factor/turn-off', {
      token,
      json: { current_password: 'Not-the-password-1', code: nextCode(secret) },
    });
    expect(wrongPassword.body).toEqual({ detail: 'Current password is incorrect' });
    expect((await t.request('GET', '/api/auth/second-factor', { token })).body.enabled).toBe(true);
    const off = await t.request('POST', '/api/auth/second-factor/turn-off', {
      token,
      json: { current_password: hotel.password, code: nextCode(secret) },
    });
    expect(off.status, off.text).toBe(200);
    await tokenOf(t, hotel); // a session at once again
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, hotel.id))).toEqual([]);

    const owner = await t.createMerchantLogin();
    const cashier = await t.createStaffLogin(owner.merchantId!, 'cashier');
    const cashierToken = await tokenOf(t, cashier);
    const json = { current_password: cashier.password };
    expectDetail(await t.request('POST', '/api/auth/second-factor/setup', { token: cashierToken, json }), 403);
  });

  it("lets the super admin reset another user's, audited, ending its sessions; not its own, not for admins", async () => {
    const superadmin = await t.createAdminUser('superadmin');
    const superToken = await tokenOf(t, superadmin);
    const admin = await t.createAdminUser('admin');
    const adminToken = await tokenOf(t, admin);
    await enrol(t, adminToken, admin.password);
    const listed = await t.request('GET', '/api/admin-users', { token: superToken });
    expect(listed.body.find((row: { id: string }) => row.id === admin.id).second_factor).toBe(true);

    const other = await t.createAdminUser('superadmin');
    expectDetail(await t.request('DELETE', `/api/admin-users/${other.id}/second-factor`, { token: adminToken }), 403);
    expectDetail(
      await t.request('DELETE', `/api/admin-users/${superadmin.id}/second-factor`, { token: superToken }),
      400,
    );

    const reset = await t.request('DELETE', `/api/admin-users/${admin.id}/second-factor`, { token: superToken });
    expect(reset.status, reset.text).toBe(200);
    expectDetail(await t.request('GET', '/api/auth/me', { token: adminToken }), 401);
    await tokenOf(t, admin); // no second step any more
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'second_factor.reset'), eq(auditEvents.entityId, admin.id)));
    expect(event).toMatchObject({ actorId: superadmin.id, after: { username: admin.username, was_on: true } });
  });
});

describe('npm run admin:reset-mfa', () => {
  const t = useTestContext();

  it('resets a login by username in any case, audited as the server command; an unknown name resets nothing', async () => {
    const superadmin = await t.createAdminUser('superadmin');
    const token = await tokenOf(t, superadmin);
    await enrol(t, token, superadmin.password);
    expect(await resetSecondFactorByCommand(t.db, 'no-such-login')).toBeUndefined();
    expect(await resetSecondFactorByCommand(t.db, superadmin.username.toUpperCase())).toEqual({
      id: superadmin.id,
      username: superadmin.username,
    });
    expectDetail(await t.request('GET', '/api/auth/me', { token }), 401);
    await tokenOf(t, superadmin);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'second_factor.reset'), eq(auditEvents.entityId, superadmin.id)));
    expect(event).toMatchObject({ actorId: null, actorUsername: 'npm run admin:reset-mfa' });
  });
});

describe('two-step sign-in required (MFA_REQUIRED=true)', () => {
  const t = useTestContext({ env: { MFA_REQUIRED: 'true' } });

  it('signs superadmin and admin users without it in to its set-up only; managers and hotels are not held', async () => {
    const admin = await t.createAdminUser('admin');
    const token = await tokenOf(t, admin);
    const me = await t.request('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ second_factor: false, second_factor_required: true });
    const held = await t.request('GET', '/api/hotels', { token });
    expectDetail(held, 403);
    expect(held.body.detail).toBe('Set up two-step sign-in first');
    expectDetail(await t.request('GET', '/api/auth/sessions', { token }), 403);

    const manager = await t.createAdminUser('manager');
    const managerToken = await tokenOf(t, manager);
    expect((await t.request('GET', '/api/hotels', { token: managerToken })).status).toBe(200);

    const { secret } = await enrol(t, token, admin.password);
    expect((await t.request('GET', '/api/hotels', { token })).status).toBe(200);
    const off = await t.request('POST', '/api/auth/second-factor/turn-off', {
      token,
      json: { current_password: admin.password, code: nextCode(secret) },
    });
    expectDetail(off, 403);
    expect((await t.request('GET', '/api/auth/second-factor', { token })).body).toMatchObject({
      enabled: true,
      required: true,
    });
    const out = await t.request('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
  });

  it('is refused off in production, on by default there and off by default elsewhere', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://stayperks.example.com' };
    expect(() => loadConfig({ ...production, MFA_REQUIRED: 'false' })).toThrow(/MFA_REQUIRED=false is refused/);
    expect(loadConfig(production).mfaRequired).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).mfaRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', MFA_REQUIRED: 'true' }).mfaRequired).toBe(true);
  });
});
