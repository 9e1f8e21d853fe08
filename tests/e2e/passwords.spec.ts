import type { Locator } from '@playwright/test';
import { DEMO, expect, login, openAccountMenuItem, openMenuItem, test, toast } from './support/app';
import { freshHotel } from './support/guests';
import { apiToken, FRESH_PASSWORD, freshAdminUser, freshMerchantLogin } from './support/logins';

/** Sessions and passwords (docs/SECURITY.md): Change Password, Reset Password and Logout, from the browser. */

const shot = (name: string, project: string) => ({ path: `test-results/e2e/screens/${name}-${project}.png` });

/** Types `password` as the new password and as its confirmation, in a Change or Reset Password dialog. */
async function fillNewPassword(dialog: Locator, password: string) {
  await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill(password);
  await dialog.getByLabel('Confirm New Password').fill(password);
}

test('change one’s own password from the top bar, then log in with the new one; other devices are signed out', async ({
  page,
  browser,
  request,
}, info) => {
  const user = await freshAdminUser(request, 'admin');
  const other = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await login(other, 'superadmin', user);
  await login(page, 'superadmin', user);

  await openAccountMenuItem(page, 'Change Password');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(
    dialog.getByText(
      "8 to 128 characters, not a common password, not containing the username or the hotel's or shop's name, not built on a word like hotel or StayPerks.",
    ),
  ).toBeVisible();
  await page.screenshot(shot('change-password', info.project.name));

  // The rules are told before anything is sent, in the server's words.
  await dialog.getByLabel('Current Password').fill(user.password);
  await fillNewPassword(dialog, 'password123');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This password is too common. Choose another.');
  await fillNewPassword(dialog, `My-${user.username.toUpperCase()}-2031`);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password must not contain the username');
  await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill('Sea-breeze-2031');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The new passwords do not match');

  // A wrong current password: the server's detail.
  await dialog.getByLabel('Current Password').fill('Not-my-password-9');
  await dialog.getByLabel('Confirm New Password').fill('Sea-breeze-2031');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');

  await dialog.getByLabel('Current Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, /Password changed successfully/)).toBeVisible();
  await expect(dialog).toBeHidden();

  // This device keeps working with its new token; the other one is signed out at its next call.
  await openMenuItem(page, 'Locations');
  await expect(page).toHaveURL(/\/superadmin\/locations$/);
  await other.goto('/superadmin/locations');
  await expect(other).toHaveURL(/\/login\/superadmin$/);
  await other.context().close();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Invalid username or password')).toBeVisible();
  await login(page, 'superadmin', { username: user.username, password: 'Sea-breeze-2031' });
});

test('a merchant changes their password from the top bar', async ({ page, request }, info) => {
  const merchant = await freshMerchantLogin(request);
  await login(page, 'merchant', merchant);
  await openAccountMenuItem(page, 'Change Password');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill(merchant.password);
  await fillNewPassword(dialog, 'Masala-chai-4455');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, /Password changed successfully/)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  await page.screenshot(shot('merchant-topbar', info.project.name));
  expect(
    (
      await request.post('/api/auth/login', { data: { username: merchant.username, password: 'Masala-chai-4455' } })
    ).status(),
  ).toBe(200);
});

test('reset a merchant’s password from Merchants; a manager is not offered it', async ({
  page,
  browser,
  request,
}, info) => {
  const merchant = await freshMerchantLogin(request);
  await login(page, 'superadmin');
  await openMenuItem(page, 'Merchants');
  await page.getByRole('button', { name: `Reset password of ${merchant.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog.getByText(merchant.name)).toBeVisible();
  await page.screenshot(shot('reset-password', info.project.name));

  await fillNewPassword(dialog, 'short');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password must be at least 8 characters');

  await fillNewPassword(dialog, 'Counter-reset-808');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password reset successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(
    (
      await request.post('/api/auth/login', { data: { username: merchant.username, password: 'Counter-reset-808' } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post('/api/auth/login', { data: { username: merchant.username, password: merchant.password } })
    ).status(),
  ).toBe(401);

  const managerPage = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await login(managerPage, 'superadmin', DEMO.manager);
  await managerPage.goto('/superadmin/merchants');
  await expect(managerPage.getByRole('button', { name: `Edit ${merchant.name}` })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: `Reset password of ${merchant.name}` })).toHaveCount(0);
  await managerPage.context().close();
});

test('the super admin signs a merchant out of every device from its Devices, asked first', async ({
  page,
  request,
}, info) => {
  const merchant = await freshMerchantLogin(request);
  const counterPhone = await apiToken(request, merchant);
  const me = () => request.get('/api/auth/me', { headers: { Authorization: `Bearer ${counterPhone}` } });
  await login(page, 'superadmin');
  await openMenuItem(page, 'Merchants');
  await page.getByRole('button', { name: `Devices of ${merchant.name}` }).click();
  const devices = page.getByRole('dialog', { name: `Devices of ${merchant.name}` });
  await expect(devices.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
  const button = devices.getByRole('button', { name: 'Sign out everywhere' });
  await page.screenshot(shot('merchant-sign-out', info.project.name));
  page.once('dialog', (question) => void question.dismiss());
  await button.click();
  expect((await me()).status()).toBe(200);
  page.once('dialog', (question) => void question.accept());
  await button.click();
  await expect(toast(page, `${merchant.name} signed out everywhere`)).toBeVisible();
  expect((await me()).status()).toBe(401);
  // The list is read again: none left.
  await expect(devices.getByText("No device is signed in to this merchant's logins.")).toBeVisible();
});

test("a hotel's Sign out everywhere is in its details, under Login Credentials, asked first", async ({
  page,
  request,
}, info) => {
  // A hotel with a login of this test's own: signing out everywhere must not end a login other specs share.
  const hotel = await freshHotel(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const login_ = { username: `h_${hotel.id.slice(0, 8)}`, password: FRESH_PASSWORD };
  const made = await request.post(
    `/api/users/hotel?username=${login_.username}&password=${FRESH_PASSWORD}&hotel_id=${hotel.id}`,
    { headers },
  );
  expect(made.status()).toBe(201);
  const hotelPhone = await apiToken(request, login_);
  const me = () => request.get('/api/auth/me', { headers: { Authorization: `Bearer ${hotelPhone}` } });

  await login(page, 'superadmin');
  await openMenuItem(page, 'Hotels');
  await page.getByLabel('Filter by location').selectOption({ label: hotel.locationName });
  await page
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  const credentials = page
    .getByRole('dialog', { name: 'Hotel Details' })
    .getByRole('region', { name: 'Login Credentials' });
  await expect(credentials.getByText(login_.username)).toBeVisible();
  const button = credentials.getByRole('button', { name: 'Sign out everywhere' });
  await credentials.scrollIntoViewIfNeeded();
  await page.screenshot(shot('hotel-sign-out', info.project.name));
  page.once('dialog', (question) => void question.dismiss());
  await button.click();
  expect((await me()).status()).toBe(200);
  page.once('dialog', (question) => void question.accept());
  await button.click();
  await expect(toast(page, /signed out everywhere/)).toBeVisible();
  expect((await me()).status()).toBe(401);
});

test('after Logout the old token is refused by the server', async ({ page, request }) => {
  const user = await freshAdminUser(request, 'manager');
  await login(page, 'superadmin', user);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = () => request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me()).status()).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  expect((await me()).status()).toBe(401);
});

test('Devices in the account menu: one device signed out from the list, then Sign out everywhere', async ({
  page,
  request,
}, info) => {
  const merchant = await freshMerchantLogin(request);
  const me = (token: string) => request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  const counterPhone = await apiToken(request, merchant);
  await login(page, 'merchant', merchant);

  await openAccountMenuItem(page, 'Devices');
  const dialog = page.getByRole('dialog', { name: 'Devices' });
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await page.screenshot(shot('devices', info.project.name));

  // Signing the other device out takes the password again (docs/SECURITY.md "Re-authentication"); this one stays.
  await rows
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: /^Sign out/ })
    .click();
  const ask = page.getByRole('dialog', { name: 'Sign out a device' });
  await ask.getByLabel('Current password').fill('Not-the-password-1');
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(ask.getByText('Current password is incorrect')).toBeVisible();
  await page.screenshot(shot('devices-password', info.project.name));
  expect((await me(counterPhone)).status()).toBe(200);
  await ask.getByLabel('Current password').fill(merchant.password);
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(toast(page, 'Device signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await me(counterPhone)).status()).toBe(401);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Sign out everywhere ends this device's session and every other one.
  const till = await apiToken(request, merchant);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  await openAccountMenuItem(page, 'Sign out everywhere');
  const everywhere = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await everywhere.getByLabel('Current password').fill(merchant.password);
  await everywhere.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page, 'Signed out everywhere')).toBeVisible();
  await expect(page).toHaveURL(/\/login\//);
  for (const ended of [till, token]) expect((await me(ended)).status()).toBe(401);
});

test('offline, Logout still signs out on the device', async ({ page, context, request }) => {
  const user = await freshAdminUser(request, 'manager');
  await login(page, 'superadmin', user);
  // The back office is open (its top bar drawn) before the network goes.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.setOffline(false);
});

test('a super admin’s role is not offered for change in User Management; an admin’s is', async ({ page, request }) => {
  const otherSuper = await freshAdminUser(request, 'superadmin');
  const admin = await freshAdminUser(request, 'admin');
  await login(page, 'superadmin');
  await page.goto('/superadmin/settings');
  const dialog = page.getByRole('dialog', { name: 'Edit User' });

  await page.getByRole('button', { name: `Edit ${admin.username}` }).click();
  await expect(dialog.getByLabel('Role')).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Edit ${otherSuper.username}` }).click();
  await expect(dialog.getByLabel('Role')).toBeDisabled();
  await expect(dialog.getByText("A super admin's role cannot be changed.")).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${otherSuper.username}` })).toHaveCount(0);
});
