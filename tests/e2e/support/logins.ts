import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_LOGINS } from '../../../src/server/demo/demo-logins';

/**
 * Logins of a test's own, made through the API as the demo super admin. Sign out everywhere and password changes end
 * every session of a login (docs/SECURITY.md "Sessions"), so a test that does either must not use a demo login other
 * specs share.
 */
export const FRESH_PASSWORD = 'Fresh-login-2024';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The access token of `login` (the demo super admin unless given), signed in through the API. */
export async function apiToken(
  request: APIRequestContext,
  login: { username: string; password: string } = DEMO_LOGINS.superadmin,
): Promise<string> {
  const res = await request.post('/api/auth/login', { data: login });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

/**
 * A new merchant with its login (the first location and merchant type unless named: `place`); answers its name, id
 * and credentials.
 */
export async function freshMerchantLogin(
  request: APIRequestContext,
  password = FRESH_PASSWORD,
  place: { location?: string; type?: string } = {},
) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const [locations, types] = await Promise.all([
    (await request.get('/api/locations', { headers })).json(),
    (await request.get('/api/merchant-types', { headers })).json(),
  ]);
  const named = (rows: { id: number; name: string }[], name?: string) =>
    name ? rows.find((row) => row.name === name)! : rows[0]!;
  const name = unique('Merchant').replace('_', ' ');
  const created = await request.post('/api/merchants', {
    headers,
    data: {
      name,
      merchant_type_id: named(types, place.type).id,
      location_id: named(locations, place.location).id,
      contact_number: '9876501234',
      address: '5, MI Road',
    },
  });
  expect(created.status()).toBe(201);
  const merchant = await created.json();
  const username = unique('m').toLowerCase();
  const login = await request.post(
    `/api/users/merchant?username=${username}&password=${encodeURIComponent(password)}&merchant_id=${merchant.id}`,
    { headers },
  );
  expect(login.status()).toBe(201);
  return { name, id: merchant.id as string, username, password };
}

/** A new back-office user with `role`; answers its credentials. */
export async function freshAdminUser(
  request: APIRequestContext,
  role: 'superadmin' | 'admin' | 'manager' = 'admin',
  password = FRESH_PASSWORD,
) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const username = unique('u').toLowerCase();
  const res = await request.post('/api/admin-users', {
    headers,
    data: { username, email: `${username}@example.test`, password, role },
  });
  expect(res.status()).toBe(201);
  return { username, password };
}
