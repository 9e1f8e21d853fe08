import { expect, test, login, menuLink, submitLogin, toast } from './support/app';
import { freshMerchantLogin } from './support/logins';

const SCREENS = [
  {
    area: 'superadmin',
    title: 'Super Admin Login',
    subtitle: 'Access your admin dashboard',
    others: ['Hotel Login', 'Merchant Login'],
  },
  {
    area: 'hotel',
    title: 'Hotel Login',
    subtitle: 'Access your hotel dashboard',
    others: ['Super Admin Login', 'Merchant Login'],
  },
  {
    area: 'merchant',
    title: 'Merchant Login',
    subtitle: 'Access your merchant dashboard',
    others: ['Super Admin Login', 'Hotel Login'],
  },
] as const;

for (const screen of SCREENS) {
  test(`${screen.title}: signs in, stores the session and lands on the dashboard`, async ({ page }) => {
    await page.goto(`/login/${screen.area}`);
    await expect(page.getByRole('heading', { name: screen.title })).toBeVisible();
    await expect(page.getByText(screen.subtitle)).toBeVisible();
    for (const other of screen.others) await expect(page.getByRole('link', { name: other })).toBeVisible();

    await login(page, screen.area);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.token).toBeTruthy();
    expect(stored.userType).toBe(screen.area);
    expect(stored.userId).toMatch(/^[0-9a-f-]{36}$/);
    if (screen.area === 'merchant') expect(stored.merchantId).toMatch(/^[0-9a-f-]{36}$/);
    else expect(stored.merchantId).toBeUndefined();
    await expect(await menuLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');
  });
}

// Refused sign-ins count towards the account's lock for unknown devices (docs/SECURITY.md "Login limits"), and every
// test's browser is one: the tests that are refused use a login of their own, never a demo login other specs share.
test('a login of another type is rejected on a screen and nothing is stored', async ({ page, request }) => {
  const merchant = await freshMerchantLogin(request);
  await submitLogin(page, 'hotel', merchant);
  await expect(toast(page, 'Invalid credentials for hotel')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/hotel$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await submitLogin(page, 'superadmin', merchant);
  await expect(toast(page, 'Invalid credentials for super admin')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong password shows the server message and keeps the user on the login screen', async ({ page, request }) => {
  const merchant = await freshMerchantLogin(request);
  await submitLogin(page, 'merchant', { username: merchant.username, password: 'not-the-password' });
  await expect(toast(page, 'Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/merchant$/);
});

test('guards: signed-out visitors go to the area login, other roles to their own dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  await page.goto('/superadmin/locations');
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  await page.goto('/merchant/offers');
  await expect(page).toHaveURL(/\/login\/merchant$/);

  await login(page, 'hotel');
  await page.goto('/superadmin/locations');
  await expect(page).toHaveURL(/\/hotel\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/hotel\/dashboard$/);
});

test('logout clears local storage but the login screen used, says so and returns to the super admin login', async ({
  page,
  request,
}) => {
  // A login of its own: logout ends every session of that login, so not the demo one other specs share.
  await login(page, 'merchant', await freshMerchantLogin(request));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  // Only which login screen was used stays: the installed app's start page (/) opens it again.
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ lastLogin: 'merchant' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/merchant$/);
  await page.goto('/merchant/dashboard');
  await expect(page).toHaveURL(/\/login\/merchant$/);
});

test('a token the server no longer accepts signs the user out on the next call (401 rule)', async ({ page }) => {
  await login(page, 'superadmin');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
  await page.goto('/superadmin/locations');
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('signing in again over an old session: a wrong password only says so, the right one replaces the session', async ({
  page,
  request,
}) => {
  const merchant = await freshMerchantLogin(request);
  await login(page, 'hotel');
  const hotelToken = await page.evaluate(() => localStorage.getItem('token'));
  await submitLogin(page, 'merchant', { username: merchant.username, password: 'wrong-password' });
  await expect(toast(page, 'Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/merchant$/);

  await login(page, 'merchant', merchant);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored.userType).toBe('merchant');
  expect(stored.merchantId).toMatch(/^[0-9a-f-]{36}$/);
  // The hotel session this device held ended with the new sign-in (docs/SECURITY.md "Sessions").
  const old = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${hotelToken}` } });
  expect(old.status()).toBe(401);
});
