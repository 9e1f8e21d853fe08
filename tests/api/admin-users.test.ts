import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminUserView } from '../../src/server/modules/admin-users/admin-users.presenter';
import { auditEvents } from '../support/tables';
import { expectAnswer, expectDetail, uniqueName, type TestLogin, useTestContext } from '../support';

const ctx = useTestContext();
let me: TestLogin;
let superadmin: string;
let admin: string;
let manager: string;
let hotel: string;
let merchant: string;

beforeAll(async () => {
  me = await ctx.createAdminUser('superadmin');
  superadmin = await ctx.tokenFor(me.username, me.password);
  [admin, manager, hotel, merchant] = await Promise.all([
    ctx.tokenAs('admin'),
    ctx.tokenAs('manager'),
    ctx.tokenAs('hotel'),
    ctx.tokenAs('merchant'),
  ]);
});

interface AdminUser {
  id: string;
  username: string;
  email: string | null;
  role: 'superadmin' | 'admin' | 'manager';
  full_name: string | null;
  created_at: string;
}

const username = () => uniqueName('user').replace(/\s+/g, '_').toLowerCase();
const newUser = (extra: Record<string, unknown> = {}) => {
  const name = username();
  return { username: name, email: `${name}@example.test`, password: 'Secret-pass-1', full_name: 'Nisha Rao', ...extra };
};

async function list(token = superadmin): Promise<AdminUser[]> {
  const res = await ctx.request('GET', '/api/admin-users', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The calls on /api/admin-users, as the super admin unless a token is given. */
const post = (json: unknown, token = superadmin) => ctx.request('POST', '/api/admin-users', { token, json });
const put = (id: string | number, json: unknown, token = superadmin) =>
  ctx.request('PUT', `/api/admin-users/${id}`, { token, json });
const remove = (id: string, token = superadmin) => ctx.request('DELETE', `/api/admin-users/${id}`, { token });

async function create(json: Record<string, unknown> = newUser()): Promise<AdminUser> {
  const res = await post(json);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function auditOf(userId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, userId)));
}

async function loginStatus(name: string, password: string): Promise<number> {
  return (await ctx.request('POST', '/api/auth/login', { json: { username: name, password } })).status;
}

describe('GET /api/admin-users', () => {
  it('lists back-office users with id, username, email, role, full_name, created_at and never a password', async () => {
    const created = await create(newUser({ role: 'manager' }));
    const users = await list();
    expect(users).toContainEqual(created);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(Object.keys(AdminUserView.entries).sort());
    expect(JSON.stringify(users)).not.toMatch(/argon2|password/i);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
  });

  it('leaves out hotel and merchant logins', async () => {
    const hotelLogin = await ctx.createHotelLogin();
    const merchantLogin = await ctx.createMerchantLogin();
    const ids = (await list()).map((u) => u.id);
    expect(ids).not.toContain(hotelLogin.id);
    expect(ids).not.toContain(merchantLogin.id);
    expect(ids).toContain(me.id);
  });
});

describe('POST /api/admin-users', () => {
  it('creates a user who can log in as a super admin user (201), trimmed', async () => {
    const input = newUser({ role: 'manager' });
    const res = await post({
      ...input,
      username: ` ${input.username} `,
      email: ` ${input.email} `,
      full_name: ' Nisha Rao ',
    });
    expectAnswer(res, 201, {
      id: expect.any(String),
      username: input.username,
      email: input.email,
      role: 'manager',
      full_name: 'Nisha Rao',
      created_at: expect.any(String),
      second_factor: false,
    });
    const login = await ctx.request('POST', '/api/auth/login', {
      json: { username: input.username, password: input.password },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ user_type: 'superadmin', user_id: res.body.id });
  });

  it('gives a new user the role admin by default; full name is optional', async () => {
    const { full_name: _, ...input } = newUser();
    const created = await create(input);
    expect(created.role).toBe('admin');
    expect(created.full_name).toBeNull();
  });

  it.each(['username', 'email', 'password'])(
    'refuses a missing or blank %s with 422 "Please fill in all required fields"',
    async (field) => {
      for (const value of [undefined, '', null]) {
        const json: Record<string, unknown> = newUser();
        if (value === undefined) delete json[field];
        else json[field] = value;
        const res = await post(json);
        expectAnswer(res, 422, { detail: 'Please fill in all required fields' }, `${field}=${String(value)}`);
        expect((await list()).map((u) => u.username)).not.toContain(json.username);
      }
    },
  );

  it('refuses a bad email, a short, long or common password, an unknown role and a username with spaces', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ email: 'not-an-email' }), 'Please enter a valid email address'],
      [newUser({ password: 'short' }), 'Password must be at least 8 characters'],
      [newUser({ password: 'x'.repeat(129) }), 'Password must be at most 128 characters'],
      [newUser({ password: 'Password123' }), 'This password is too common. Choose another.'],
      [newUser({ role: 'owner' }), 'Role must be superadmin, admin or manager'],
      [newUser({ role: 'hotel' }), 'Role must be superadmin, admin or manager'],
      [newUser({ username: 'two words' }), 'Username cannot contain spaces'],
    ];
    for (const [json, detail] of cases) {
      expectAnswer(await post(json), 422, { detail }, detail);
    }
  });

  it('refuses a username any login already has, ignoring case, with 409 "Username already exists"', async () => {
    const existing = await create();
    const hotelLogin = await ctx.createHotelLogin();
    const merchantLogin = await ctx.createMerchantLogin();
    for (const taken of [existing.username.toUpperCase(), hotelLogin.username, merchantLogin.username]) {
      expectAnswer(await post(newUser({ username: taken })), 409, { detail: 'Username already exists' }, taken);
    }
  });
});

describe('PUT /api/admin-users/:id', () => {
  it('updates username, email, full name and role; a blank password keeps the old one', async () => {
    const input = newUser({ role: 'manager' });
    const user = await create(input);
    const renamed = username();
    for (const password of ['', null, undefined]) {
      const json: Record<string, unknown> = {
        username: renamed,
        email: `${renamed}@example.test`,
        full_name: 'New Name',
        role: 'admin',
        password,
      };
      if (password === undefined) delete json.password;
      expectAnswer(await put(user.id, json), 200, {
        ...user,
        username: renamed,
        email: `${renamed}@example.test`,
        full_name: 'New Name',
        role: 'admin',
      });
    }
    expect(await loginStatus(renamed, input.password)).toBe(200);
    expect(await list()).toContainEqual(expect.objectContaining({ id: user.id, role: 'admin' }));
  });

  it('sets a new password when one is given: the new one logs in, the old one no longer does', async () => {
    const input = newUser();
    const user = await create(input);
    const res = await put(user.id, { username: input.username, email: input.email, password: 'Brand-new-pass-2' });
    expect(res.status).toBe(200);
    expect(await loginStatus(input.username, 'Brand-new-pass-2')).toBe(200);
    expect(await loginStatus(input.username, input.password)).toBe(401);
  });

  it('keeps the role when none is sent', async () => {
    const user = await create(newUser({ role: 'manager' }));
    const res = await put(user.id, { username: user.username, email: user.email });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('manager');
  });

  it('a role change ends every session of that user at once; a new login has the new role', async () => {
    const input = newUser({ role: 'admin' });
    const user = await create(input);
    const tokens = [
      await ctx.tokenFor(input.username, input.password),
      await ctx.tokenFor(input.username, input.password),
    ];
    for (const token of tokens)
      expect(
        (await ctx.request('DELETE', '/api/merchants/00000000-0000-4000-8000-000000000000', { token })).status,
      ).toBe(404);
    const res = await put(user.id, { ...input, password: '', role: 'manager' });
    expect(res.status).toBe(200);
    for (const token of tokens) expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(401);
    const fresh = await ctx.tokenFor(input.username, input.password);
    expect((await ctx.request('GET', '/api/auth/me', { token: fresh })).body.role).toBe('manager');
    expect(
      (await ctx.request('DELETE', '/api/merchants/00000000-0000-4000-8000-000000000000', { token: fresh })).status,
    ).toBe(403);
  });

  it('editing details only (same role, blank password) keeps the user signed in', async () => {
    const input = newUser({ role: 'manager' });
    const user = await create(input);
    const token = await ctx.tokenFor(input.username, input.password);
    const res = await put(user.id, { ...input, password: '', role: 'manager', full_name: 'Renamed' });
    expect(res.status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('a new password from the super admin ends every session of that user', async () => {
    const input = newUser({ role: 'manager' });
    const user = await create(input);
    const token = await ctx.tokenFor(input.username, input.password);
    const res = await put(user.id, { ...input, password: 'Reset-by-boss-7' });
    expect(res.status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(await loginStatus(input.username, 'Reset-by-boss-7')).toBe(200);
  });

  it("refuses to lower another super admin's role with 403; the role and their sessions stay", async () => {
    const input = newUser({ role: 'superadmin' });
    const other = await create(input);
    const token = await ctx.tokenFor(input.username, input.password);
    for (const role of ['admin', 'manager']) {
      const res = await put(other.id, { ...input, password: '', role });
      expectAnswer(res, 403, { detail: "A super admin's role cannot be changed by another user" });
    }
    expect((await list()).find((u) => u.id === other.id)?.role).toBe('superadmin');
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(200);
    // Still not deletable, so the demote-then-delete path is closed.
    expect((await remove(other.id)).status).toBe(403);
    // Their other details may still be edited, keeping the role.
    const rename = await put(other.id, { ...input, password: '', role: 'superadmin', full_name: 'Still Super' });
    expect(rename.status).toBe(200);
    expect(rename.body.role).toBe('superadmin');
  });

  it('records role changes and password resets in the audit trail, never the password', async () => {
    const input = newUser({ role: 'manager' });
    const user = await create(input);
    await put(user.id, { ...input, password: 'Audit-me-please-1', role: 'admin' });
    const events = await auditOf(user.id);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user.role_change',
          actorId: me.id,
          before: { role: 'manager' },
          after: { role: 'admin' },
        }),
        expect.objectContaining({ action: 'user.password_reset', actorId: me.id }),
      ]),
    );
    expect(JSON.stringify(events)).not.toContain('Audit-me-please-1');
  });

  it('refuses a change of one’s own role with 403, but lets one edit one’s own details', async () => {
    const selfRole = await put(me.id, { username: me.username, email: `${me.username}@example.test`, role: 'admin' });
    expectAnswer(selfRole, 403, { detail: 'You cannot change your own role' });
    expect((await list()).find((u) => u.id === me.id)?.role).toBe('superadmin');

    const details = await put(me.id, {
      username: me.username,
      email: `${me.username}@example.test`,
      role: 'superadmin',
      full_name: 'Me Myself',
    });
    expect(details.status).toBe(200);
    expect(details.body.full_name).toBe('Me Myself');
  });

  it('one’s own e-mail or password takes the current password (docs/SECURITY.md "Re-authentication")', async () => {
    const self = await ctx.createAdminUser('superadmin');
    const token = await ctx.tokenFor(self.username, self.password);
    const ownPut = (body: Record<string, unknown>) =>
      ctx.request('PUT', `/api/admin-users/${self.id}`, { token, json: { username: self.username, ...body } });
    const [before] = (await list()).filter((u) => u.id === self.id);
    const email = `${self.username}-new@example.test`;
    expectAnswer(await ownPut({ email }), 422, { detail: 'Current password is required' });
    expectAnswer(await ownPut({ email, current_password: 'Not-the-password-1' }), 400, {
      detail: 'Current password is incorrect',
    });
    expectAnswer(await ownPut({ email: before!.email, password: 'Fresh-own-pass-77' }), 422, {
      detail: 'Current password is required',
    });
    expect((await list()).find((u) => u.id === self.id)?.email).toBe(before!.email);
    // The same address in another case, or a new name, is no change to how it signs in.
    expect((await ownPut({ email: before!.email!.toUpperCase(), full_name: 'Own Name' })).status).toBe(200);
    const changed = await ownPut({ email, current_password: self.password });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.email).toBe(email);
  });

  it('refuses missing username or email with 422 "Please fill in all required fields" and a short new password', async () => {
    const user = await create();
    for (const json of [
      { email: user.email },
      { username: user.username },
      { username: ' ', email: user.email },
      { username: user.username, email: '' },
    ]) {
      const res = await put(user.id, json);
      expectAnswer(res, 422, { detail: 'Please fill in all required fields' }, JSON.stringify(json));
    }
    const short = await put(user.id, { username: user.username, email: user.email, password: 'abc' });
    expectAnswer(short, 422, { detail: 'Password must be at least 8 characters' });
    expect(await list()).toContainEqual(user);
  });

  it('refuses another login’s username with 409', async () => {
    const a = await create();
    const b = await create();
    const hotelLogin = await ctx.createHotelLogin();
    for (const taken of [a.username.toUpperCase(), hotelLogin.username]) {
      expectAnswer(await put(b.id, { username: taken, email: b.email }), 409, { detail: 'Username already exists' });
    }
    expect(await list()).toContainEqual(b);
  });

  it('answers 404 for hotel and merchant logins and unknown ids, 422 for a malformed id', async () => {
    const hotelLogin = await ctx.createHotelLogin();
    const merchantLogin = await ctx.createMerchantLogin();
    const json = { username: username(), email: 'x@example.test', password: 'Takeover-123' };
    for (const id of [hotelLogin.id, merchantLogin.id, '00000000-0000-4000-8000-000000000000']) {
      expectAnswer(await put(id, json), 404, { detail: 'User not found' });
    }
    expect(await loginStatus(hotelLogin.username, hotelLogin.password)).toBe(200);
    const bad = await put(12, json);
    expect(bad.status).toBe(422);
  });
});

describe('DELETE /api/admin-users/:id', () => {
  it('deletes an admin or a manager; their token stops working', async () => {
    for (const role of ['admin', 'manager']) {
      const input = newUser({ role });
      const user = await create(input);
      const token = await ctx.tokenFor(input.username, input.password);
      expectAnswer(await remove(user.id), 200, { detail: 'User deleted successfully' });
      expect((await list()).map((u) => u.id)).not.toContain(user.id);
      expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(401);
    }
  });

  it('refuses to delete oneself with 403', async () => {
    expectAnswer(await remove(me.id), 403, { detail: 'You cannot delete your own account' });
    expect((await list()).map((u) => u.id)).toContain(me.id);
  });

  it('refuses to delete a user with the superadmin role with 403', async () => {
    const other = await create(newUser({ role: 'superadmin' }));
    expectAnswer(await remove(other.id), 403, { detail: 'Super admin users cannot be deleted' });
    expect(await list()).toContainEqual(other);
  });

  it('answers 404 for hotel and merchant logins (they are not admin users) and unknown ids', async () => {
    const hotelLogin = await ctx.createHotelLogin();
    const merchantLogin = await ctx.createMerchantLogin();
    for (const id of [hotelLogin.id, merchantLogin.id, '00000000-0000-4000-8000-000000000001']) {
      expectAnswer(await remove(id), 404, { detail: 'User not found' });
    }
    expect(await loginStatus(hotelLogin.username, hotelLogin.password)).toBe(200);
    expect(await loginStatus(merchantLogin.username, merchantLogin.password)).toBe(200);
  });
});

describe('who may manage users (docs/PRODUCT.md "Roles": role superadmin only)', () => {
  const calls = (id: string) =>
    [
      ['GET', '/api/admin-users', undefined],
      ['POST', '/api/admin-users', newUser()],
      ['PUT', `/api/admin-users/${id}`, { username: username(), email: 'x@example.test', role: 'superadmin' }],
      ['DELETE', `/api/admin-users/${id}`, undefined],
    ] as const;

  it('answers 401 to every call without a token', async () => {
    const victim = await create(newUser({ role: 'manager' }));
    const before = await list();
    for (const [method, path, json] of calls(victim.id)) {
      const res = await ctx.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await list()).toEqual(before);
  });

  it.each(['admin', 'manager', 'hotel', 'merchant'] as const)('answers 403 to every call for a %s', async (kind) => {
    const token = { admin, manager, hotel, merchant }[kind];
    const victim = await create(newUser({ role: 'manager' }));
    const before = await list();
    for (const [method, path, json] of calls(victim.id)) {
      expectDetail(await ctx.request(method, path, { token, json }), 403, `${kind} ${method} ${path}`);
    }
    expect(await list()).toEqual(before);
  });
});
