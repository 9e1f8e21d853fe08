import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrap, StartupError } from '../../src/server/platform/bootstrap';
import { breachedPasswordCount, isBreachedPassword } from '../../src/server/platform/lib/breached-passwords';
import { countSuperadmins } from '../../src/server/modules/users/users.service';
import { codeHashOf } from '../../src/server/modules/verification/verification.service';
import {
  containsUsername,
  PASSWORD_CONTAINS_USERNAME,
  PASSWORD_TOO_COMMON,
  passwordContainsName,
  passwordLeansOn,
} from '../../src/shared/schemas/passwords';
import { passwordResetCodes } from '../support/tables';
import { TEST_JWT_SECRET } from '../support/harness';
import { type TestLogin, uniqueName, useTestContext } from '../support';

/**
 * Passwords (docs/SECURITY.md, "Passwords"): ADMIN_PASSWORD at start-up passes the same rules as every other new
 * password; no new password may contain its login's username (3 characters or more, any case), be in the breached
 * set, lean on a context-specific word, or contain its hotel's or merchant's name.
 */
const t = useTestContext();

describe('ADMIN_PASSWORD at start-up', () => {
  const start = (adminUsername: string, adminPassword: string) =>
    bootstrap(t.db, { ...t.config, production: true, adminUsername, adminPassword }, t.deps.storage);

  it.each([
    ['password', /^ADMIN_PASSWORD is refused: This password is too common/],
    ['Hollywood', /^ADMIN_PASSWORD is refused: This password is too common/], // from the breached set only
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
    // Not a context word ("cashier" is one: docs/SECURITY.md "Passwords"), whose own rule could answer first.
    const username = uniqueName('counter').replace(/\s+/g, '_').toLowerCase();
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

/** Breached passwords outside the web's short list, from deep in the set's rank order (3,028th to 35,093rd). */
const BREACHED = ['Hollywood', 'JohnDeere', 'SanAndreas', 'yorkshire'];

type Answer = { status: number; text: string; body: { detail?: string } };
const detailOf = (res: Answer) => [res.status, res.body.detail];

/** Every place a new password is set, each answering what it answered for `password` (the login made beforehand). */
async function everyPlace(password: string, name?: string) {
  const token = await t.tokenAs('superadmin');
  const named = () => (name ? { name: `${name} ${randomUUID().slice(0, 6)}` } : {});
  const hotel = await t.createHotel(named());
  const merchant = await t.createMerchant(named());
  const hotelLogin = await t.createHotelLogin({ hotel: named() });
  const owner = await t.createMerchantLogin({ merchant: named() });
  const ownerToken = await t.tokenFor(owner.username, owner.password);
  const staff = await t.request('POST', '/api/merchant/staff', {
    token: ownerToken,
    json: {
      username: `st${randomUUID().slice(0, 8)}`,
      full_name: 'Counter Cashier',
      password: 'Sea-breeze-4471',
      role: 'cashier',
    },
  });
  expect(staff.status, staff.text).toBe(201);
  const user = () => `u${randomUUID().slice(0, 8)}`;
  const query = (kind: string, id: string) =>
    `/api/users/${kind}?username=${user()}&password=${encodeURIComponent(password)}&${kind}_id=${id}`;
  return {
    'new hotel login': await t.request('POST', query('hotel', hotel.id), { token }),
    'new merchant login': await t.request('POST', query('merchant', merchant.id), { token }),
    'new back-office user': await t.request('POST', '/api/admin-users', {
      token,
      json: { username: user(), email: `${user()}@example.com`, password, role: 'manager' },
    }),
    'new staff login': await t.request('POST', '/api/merchant/staff', {
      token: ownerToken,
      json: { username: user(), full_name: 'Night Cashier', password, role: 'cashier' },
    }),
    'reset by the super admin': await t.request('POST', `/api/hotels/${hotelLogin.hotelId}/reset-password`, {
      token,
      json: { password },
    }),
    'staff reset by the owner': await t.request('PUT', `/api/merchant/staff/${staff.body.id}/password`, {
      token: ownerToken,
      json: { password },
    }),
    'own change': await changeOwn(hotelLogin, password),
    'Forgot password': await forgotPassword(hotelLogin, password),
  };
}

async function changeOwn(login: TestLogin, password: string): Promise<Answer> {
  const token = await t.tokenFor(login.username, login.password);
  const json = { current_password: login.password, new_password: password };
  return t.request('PUT', '/api/auth/password', { token, json });
}

/** Forgot password's confirmation with a live code of the login's, stored as the request would store it. */
async function forgotPassword(login: TestLogin, password: string): Promise<Answer> {
  const id = randomUUID();
  await t.db.insert(passwordResetCodes).values({
    id,
    userId: login.id,
    codeHash: codeHashOf(TEST_JWT_SECRET, id, '246810'),
    expiresAt: sql`now() + interval '10 minutes'`,
  });
  const json = { username: login.username, code: '246810', new_password: password };
  return t.request('POST', '/api/auth/password-reset/confirm', { json });
}

describe('breached passwords (ASVS 6.2.4, 6.2.12)', () => {
  it('the set: 17,950 breached passwords of 8 or more characters, compared ignoring case', () => {
    expect(breachedPasswordCount()).toBe(17_950);
    for (const password of BREACHED) expect(isBreachedPassword(password.toLowerCase()), password).toBe(true);
    expect(isBreachedPassword('sea-breeze-4471')).toBe(false);
  });

  it('a breached password is refused with the common-password 422 everywhere a password is set', async () => {
    const answers = await everyPlace('SanAndreas');
    for (const [place, res] of Object.entries(answers)) {
      expect(detailOf(res), place).toEqual([422, PASSWORD_TOO_COMMON]);
    }
  });
});

describe('context-specific words (ASVS 6.2.11)', () => {
  it.each([
    ['StayPerks@2026', 'stayperks'],
    ['Stay Perks 2026!', 'stayperks'],
    ['Merchant@2026', 'merchant'],
    ['h0tel-manager-1', 'hotel'],
    ['my-P@ssw0rd-99', 'password'],
  ])('refuses %j, built on %j, at creation and at change', async (password, word) => {
    const token = await t.tokenAs('superadmin');
    const hotel = await t.createHotel();
    const created = await t.request(
      'POST',
      `/api/users/hotel?username=u${randomUUID().slice(0, 8)}&password=${encodeURIComponent(password)}&hotel_id=${hotel.id}`,
      { token },
    );
    expect(detailOf(created)).toEqual([422, passwordLeansOn(word)]);
    expect(detailOf(await changeOwn(await t.createMerchantLogin(), password))).toEqual([422, passwordLeansOn(word)]);
  });

  it('accepts a long passphrase that holds one, at creation and at change', async () => {
    const passphrase = 'my hotel by the sea at dawn';
    const token = await t.tokenAs('superadmin');
    const hotel = await t.createHotel();
    const username = `u${randomUUID().slice(0, 8)}`;
    const created = await t.request(
      'POST',
      `/api/users/hotel?username=${username}&password=${encodeURIComponent(passphrase)}&hotel_id=${hotel.id}`,
      { token },
    );
    expect(created.status, created.text).toBe(201);
    expect((await t.request('POST', '/api/auth/login', { json: { username, password: passphrase } })).status).toBe(200);
    const changed = await changeOwn(await t.createMerchantLogin(), 'Stay perks are best with a window seat');
    expect(changed.status, changed.text).toBe(200);
  });

  it("refuses the login's own hotel or merchant name everywhere it is known; a passphrase with it passes", async () => {
    const answers = await everyPlace('Palace@2026', 'Grand Palace');
    const kindOf = (place: string) => (/hotel|super admin|own change|Forgot/.test(place) ? 'hotel' : 'merchant');
    for (const [place, res] of Object.entries(answers)) {
      if (place === 'new back-office user') expect(res.status, place).toBe(201);
      else expect(detailOf(res), place).toEqual([422, passwordContainsName(kindOf(place))]);
    }
    const name = `Grand Palace ${randomUUID().slice(0, 6)}`;
    const login = await t.createHotelLogin({ hotel: { name } });
    const squashed = name.replace(/\s/g, '');
    expect(detailOf(await changeOwn(login, `${squashed}-and-a-long-tail`))).toEqual([
      422,
      passwordContainsName('hotel'),
    ]);
    const passing = await changeOwn(login, 'palace of winds at dawn');
    expect(passing.status, passing.text).toBe(200);
  });
});
