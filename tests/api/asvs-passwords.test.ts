import { describe, expect, it } from 'vitest';
import { bootstrap, StartupError } from '../../src/server/platform/bootstrap';
import { countSuperadmins } from '../../src/server/modules/users/users.service';
import { containsUsername, PASSWORD_CONTAINS_USERNAME } from '../../src/shared/schemas/passwords';
import { uniqueName, useTestContext } from '../support';

/**
 * Passwords (docs/SECURITY.md, "Passwords"): ADMIN_PASSWORD at start-up passes the same rules as every other new
 * password, and no new password may contain its login's username (3 characters or more, any case).
 */
const t = useTestContext();

describe('ADMIN_PASSWORD at start-up', () => {
  const start = (adminUsername: string, adminPassword: string) =>
    bootstrap(t.db, { ...t.config, production: true, adminUsername, adminPassword }, t.deps.storage);

  it.each([
    ['password', /^ADMIN_PASSWORD is refused: This password is too common/],
    ['Sh0rt!', /^ADMIN_PASSWORD is refused: ADMIN_PASSWORD must be at least 8 characters/],
    ['my-OWNER-secret-9', /^ADMIN_PASSWORD is refused: Password must not contain the username \(ADMIN_USERNAME\)/],
  ])('refuses %j with a clear message and creates no super admin', async (password, message) => {
    expect(await countSuperadmins(t.db)).toBe(0);
    const error = await start('owner', password).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(message);
    expect(await countSuperadmins(t.db)).toBe(0);
  });

  it('creates the first super admin from a password that passes', async () => {
    const result = await start('owner', 'Sea-breeze-4471');
    expect(result.createdAdmin).toBe('owner');
    expect(await countSuperadmins(t.db)).toBe(1);
    expect(
      (await t.request('POST', '/api/auth/login', { json: { username: 'owner', password: 'Sea-breeze-4471' } })).status,
    ).toBe(200);
  });
});

describe('a password containing the username is refused everywhere a password is set', () => {
  const refused = (res: { status: number; body: { detail?: string } }) =>
    expect([res.status, res.body.detail]).toEqual([422, PASSWORD_CONTAINS_USERNAME]);

  it('the shared rule: any case, usernames of 3 characters or more', () => {
    expect(containsUsername('xxRavi.Kxx-2024', 'ravi.k')).toBe(true);
    expect(containsUsername('MY-SEAVIEW-PASS', ' SeaView ')).toBe(true);
    expect(containsUsername('ab-long-secret-1', 'ab')).toBe(false);
    expect(containsUsername('Sea-breeze-4471', 'owner')).toBe(false);
  });

  it('a back-office user, created or edited (a blank password on edit keeps the old one)', async () => {
    const token = await t.tokenAs('superadmin');
    const username = uniqueName('ravi').replace(/\s+/g, '_').toLowerCase();
    const body = (password: string | null) => ({ username, email: `${username}@example.com`, password, role: 'admin' });
    refused(await t.request('POST', '/api/admin-users', { token, json: body(`My-${username.toUpperCase()}-1`) }));
    const created = await t.request('POST', '/api/admin-users', { token, json: body('Sea-breeze-4471') });
    expect(created.status, created.text).toBe(201);
    const path = `/api/admin-users/${created.body.id}`;
    refused(await t.request('PUT', path, { token, json: body(`x${username}x-2024`) }));
    expect((await t.request('PUT', path, { token, json: body(null) })).status).toBe(200);
    // A two-character username is not checked: nearly any password would hold it.
    const short = await t.request('POST', '/api/admin-users', {
      token,
      json: { username: 'qz', email: 'qz@example.com', password: 'qz-long-secret-1', role: 'manager' },
    });
    expect(short.status, short.text).toBe(201);
  });

  it('a hotel or merchant login, created or reset by the back office', async () => {
    const token = await t.tokenAs('superadmin');
    const hotel = await t.createHotel();
    const merchant = await t.createMerchant();
    const name = uniqueName('seaview').replace(/\s+/g, '_').toLowerCase();
    const query = (kind: string, id: string, password: string) =>
      `/api/users/${kind}?username=${name}&password=${encodeURIComponent(password)}&${kind}_id=${id}`;
    refused(await t.request('POST', query('hotel', hotel.id, `${name.toUpperCase()}-2024`), { token }));
    refused(await t.request('POST', query('merchant', merchant.id, `x-${name}-x`), { token }));

    const hotelLogin = await t.createHotelLogin();
    refused(
      await t.request('POST', `/api/hotels/${hotelLogin.hotelId}/reset-password`, {
        token,
        json: { password: `new-${hotelLogin.username}-pass` },
      }),
    );
    const merchantLogin = await t.createMerchantLogin();
    refused(
      await t.request('POST', `/api/merchants/${merchantLogin.merchantId}/reset-password`, {
        token,
        json: { password: `${merchantLogin.username.toUpperCase()}-new-1` },
      }),
    );
    expect(
      (
        await t.request('POST', `/api/merchants/${merchantLogin.merchantId}/reset-password`, {
          token,
          json: { password: 'Sea-breeze-4471' },
        })
      ).status,
    ).toBe(200);
  });

  it("a merchant's staff, created or given a new password by the owner", async () => {
    const owner = await t.createMerchantLogin();
    const token = await t.tokenFor(owner.username, owner.password);
    const username = uniqueName('cashier').replace(/\s+/g, '_').toLowerCase();
    const staff = (password: string) => ({ username, full_name: 'Counter Cashier', password, role: 'cashier' });
    refused(await t.request('POST', '/api/merchant/staff', { token, json: staff(`${username}!2024`) }));
    const created = await t.request('POST', '/api/merchant/staff', { token, json: staff('Sea-breeze-4471') });
    expect(created.status, created.text).toBe(201);
    refused(
      await t.request('PUT', `/api/merchant/staff/${created.body.id}/password`, {
        token,
        json: { password: `Reset-${username}` },
      }),
    );
  });

  it("one's own password change, before the current password is checked (nothing counted)", async () => {
    const me = await t.createMerchantLogin();
    const token = await t.tokenFor(me.username, me.password);
    const change = (current: string, next: string) =>
      t.request('PUT', '/api/auth/password', { token, json: { current_password: current, new_password: next } });
    for (let i = 0; i < 12; i++) refused(await change(`wrong-${i}-pass`, `${me.username}-new`));
    const changed = await change(me.password, 'Sea-breeze-4471');
    expect(changed.status, changed.text).toBe(200);
  });
});
