import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, users } from '../support/tables';
import { isCommonPassword } from '../../src/shared/common-passwords';
import { uniqueName, type TestLogin, useTestContext, useRoleTokens } from '../support';

/** Passwords (docs/SECURITY.md, "Passwords"): the rules, changing one's own, and the back office's reset. */
const t = useTestContext();
const tokens = useRoleTokens(t);

const loginStatus = async (username: string, password: string) =>
  (await t.request('POST', '/api/auth/login', { json: { username, password } })).status;
const hashOf = async (id: string) =>
  (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h;

/** The audit event `action` recorded on the login `id` (the first, if several). */
async function auditEventOf(action: string, id: string) {
  const where = and(eq(auditEvents.action, action), eq(auditEvents.entityId, id));
  return (await t.db.select().from(auditEvents).where(where))[0];
}

/** Bad new passwords and the detail each answers (the label is the field's: "Password" or "New password"). */
const badPasswords = (label: string): [unknown, string][] => [
  ['short12', `${label} must be at least 8 characters`],
  ['x'.repeat(129), `${label} must be at most 128 characters`],
  ['password123', 'This password is too common. Choose another.'],
  ['QWERTY123', 'This password is too common. Choose another.'],
  ['iLoveYou', 'This password is too common. Choose another.'],
  ['12345678', 'This password is too common. Choose another.'],
  ['Welcome@2024', 'This password is too common. Choose another.'],
  ['good\u0000password', `${label} contains characters that are not allowed`],
];

describe('the common-password list', () => {
  it('holds the usual suspects, ignoring case, and not ordinary long passphrases', () => {
    for (const p of [
      'password',
      'Password1',
      '123456789',
      'qwertyuiop',
      'iloveyou',
      'sunshine',
      'football',
      'letmein123',
      'admin@123',
      'monkey123',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['admin-demo-24', 'Counter-fresh-42', 'correct horse battery staple', 'Test-password-123'])
      expect(isCommonPassword(p), p).toBe(false);
  });
});

describe('PUT /api/auth/password', () => {
  const change = (token: string | undefined, json: unknown) => t.request('PUT', '/api/auth/password', { token, json });

  it.each(['superadmin', 'admin', 'manager', 'hotel', 'merchant'] as const)(
    'lets a %s change their own password',
    async (kind) => {
      const login: TestLogin =
        kind === 'hotel'
          ? await t.createHotelLogin()
          : kind === 'merchant'
            ? await t.createMerchantLogin()
            : await t.createAdminUser(kind);
      const token = await t.tokenFor(login.username, login.password);
      const res = await change(token, { current_password: login.password, new_password: 'My-own-choice-77' });
      expect(res.status).toBe(200);
      expect(res.body.user_id).toBe(login.id);
      expect(await loginStatus(login.username, 'My-own-choice-77')).toBe(200);
      expect(await loginStatus(login.username, login.password)).toBe(401);
      const event = await auditEventOf('user.password_change', login.id);
      expect(event).toMatchObject({ actorId: login.id, entity: 'user' });
      expect(JSON.stringify(event)).not.toContain('My-own-choice-77');
    },
  );

  it('refuses a wrong current password with 400 and a clear detail; nothing changes', async () => {
    const login = await t.createHotelLogin();
    const token = await t.tokenFor(login.username, login.password);
    const before = await hashOf(login.id);
    const res = await change(token, { current_password: 'Not-my-password-1', new_password: 'Whatever-new-88' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Current password is incorrect' });
    expect(await hashOf(login.id)).toBe(before);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('refuses new passwords that break the rules with 422 naming the problem; nothing changes', async () => {
    // A current password that passes every rule, so the same one again is refused only for being the same.
    const login = await t.createMerchantLogin({ password: 'Harbour-lights-2047' });
    const token = await t.tokenFor(login.username, login.password);
    const before = await hashOf(login.id);
    const cases: [unknown, string][] = [
      ...badPasswords('New password').map(
        ([p, detail]) => [{ current_password: login.password, new_password: p }, detail] as [unknown, string],
      ),
      [
        { current_password: login.password, new_password: login.password },
        'The new password must be different from the current one',
      ],
      [{ current_password: login.password }, 'New password is required'],
      [{ current_password: login.password, new_password: '' }, 'New password is required'],
      [{ new_password: 'Fine-new-pass-1' }, 'Current password is required'],
      [{ current_password: '', new_password: 'Fine-new-pass-1' }, 'Current password is required'],
    ];
    for (const [json, detail] of cases) {
      const res = await change(token, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(res.body).toEqual({ detail });
    }
    expect(await hashOf(login.id)).toBe(before);
  });

  it('answers 401 without a token, before reading the body', async () => {
    expect((await change(undefined, { current_password: 'a', new_password: 'b' })).status).toBe(401);
  });
});

describe.each(['hotels', 'merchants'] as const)('POST /api/%s/{id}/reset-password', (area) => {
  const makeLogin = () => (area === 'hotels' ? t.createHotelLogin() : t.createMerchantLogin());
  const idOf = (login: TestLogin) => (area === 'hotels' ? login.hotelId! : login.merchantId!);
  const reset = (id: string, token: string | undefined, json: unknown) =>
    t.request('POST', `/api/${area}/${id}/reset-password`, { token, json });

  it.each(['superadmin', 'admin'] as const)(
    'lets a %s set a new password: it signs in, the old one no longer does',
    async (role) => {
      const login = await makeLogin();
      const res = await reset(idOf(login), tokens[role], { password: 'Office-chosen-31' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: 'Password reset successfully' });
      expect(await loginStatus(login.username, 'Office-chosen-31')).toBe(200);
      expect(await loginStatus(login.username, login.password)).toBe(401);
      const event = await auditEventOf('user.password_reset', login.id);
      expect(event).toMatchObject({ entity: 'user', after: { username: login.username } });
      expect(event!.actorId).not.toBeNull();
      expect(JSON.stringify(event)).not.toContain('Office-chosen-31');
    },
  );

  it('answers 403 to a manager, a hotel and a merchant and 401 without a token; nothing changes', async () => {
    const login = await makeLogin();
    const before = await hashOf(login.id);
    for (const token of [tokens.manager, tokens.hotel, tokens.merchant]) {
      const res = await reset(idOf(login), token, { password: 'Takeover-try-55' });
      expect(res.status).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await reset(idOf(login), undefined, { password: 'Takeover-try-55' })).status).toBe(401);
    expect(await hashOf(login.id)).toBe(before);
  });

  it('refuses passwords that break the rules with 422', async () => {
    const login = await makeLogin();
    for (const [password, detail] of [
      ...badPasswords('Password'),
      [undefined, 'Password is required'],
      ['', 'Password is required'],
    ] as [unknown, string][]) {
      const res = await reset(idOf(login), tokens.superadmin, { password });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail });
    }
    expect(await loginStatus(login.username, login.password)).toBe(200);
  });

  it('answers 404 for an unknown id, one without a login, and 422 for a malformed id', async () => {
    const missing = await reset('00000000-0000-4000-8000-0000000000aa', tokens.superadmin, {
      password: 'Nobody-here-123',
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: area === 'hotels' ? 'Hotel not found' : 'Merchant not found' });
    const bare = area === 'hotels' ? await t.createHotel() : await t.createMerchant();
    const noLogin = await reset(bare.id, tokens.superadmin, { password: 'Nobody-here-123' });
    expect(noLogin.status).toBe(404);
    expect(noLogin.body).toEqual({
      detail: area === 'hotels' ? 'This hotel has no login' : 'This merchant has no login',
    });
    expect((await reset('12', tokens.superadmin, { password: 'Nobody-here-123' })).status).toBe(422);
  });
});

describe('new hotel and merchant logins follow the rules too', () => {
  it.each([
    ['short12', 'Password must be at least 8 characters'],
    ['password1', 'This password is too common. Choose another.'],
    ['y'.repeat(129), 'Password must be at most 128 characters'],
  ])('refuses %s with 422', async (password, detail) => {
    const hotel = await t.createHotel();
    const merchant = await t.createMerchant();
    const name = () => uniqueName('login').replace(/\s+/g, '_');
    const asHotel = await t.request(
      'POST',
      `/api/users/hotel?username=${name()}&password=${password}&hotel_id=${hotel.id}`,
      { token: tokens.superadmin },
    );
    const asMerchant = await t.request(
      'POST',
      `/api/users/merchant?username=${name()}&password=${password}&merchant_id=${merchant.id}`,
      { token: tokens.superadmin },
    );
    for (const res of [asHotel, asMerchant]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail });
    }
  });
});
