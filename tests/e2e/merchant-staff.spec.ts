import { expect, login, menuLink, openMenuItem, test, toast } from './support/app';
import { freshMerchantLogin } from './support/logins';

/**
 * Staff (docs/PRODUCT.md "Staff"): the owner adds a cashier, resets its password and removes it; the cashier's menu
 * holds only what it may open, and removing it signs it out. At phone and desktop size, screenshots looked at.
 */

const shot = (name: string, project: string) => ({ path: `test-results/e2e/screens/${name}-${project}.png` });

test('the owner adds a cashier, who sees the counter only; reset password and remove sign it out', async ({
  page,
  browser,
  request,
}, info) => {
  const owner = await freshMerchantLogin(request);
  await login(page, 'merchant', owner);
  await openMenuItem(page, 'Staff');
  await expect(page).toHaveURL(/\/merchant\/staff$/);
  const ownerRow = page.getByRole('row').filter({ hasText: owner.username });
  await expect(ownerRow).toContainText('Owner');
  // An owner's row has no Reset password or Remove.
  await expect(ownerRow.getByRole('button')).toHaveCount(0);

  const cashier = { username: `c_${Date.now().toString(36)}${info.project.name}`, password: 'Counter-shift-2024' };
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const add = page.getByRole('dialog', { name: 'Add Staff' });
  await add.getByLabel('Username').fill(cashier.username);
  await add.getByLabel('Full Name').fill('Ravi Kumar');
  await add.getByLabel('Password').fill('password123');
  await add.getByRole('button', { name: 'Add Staff' }).click();
  await expect(add.getByRole('alert')).toHaveText('This password is too common. Choose another.');
  await add.getByLabel('Password').fill(cashier.password);
  await page.screenshot(shot('staff-add', info.project.name));
  await add.getByRole('button', { name: 'Add Staff' }).click();
  await expect(toast(page, 'Staff login added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: cashier.username });
  await expect(row).toContainText('Cashier');
  await expect(row).toContainText('Never');
  await page.screenshot({ ...shot('staff-list', info.project.name), fullPage: true });

  // The cashier's menu: the counter, Contact Us; no My Offers, My Customers, Statements or Staff.
  const counter = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await login(counter, 'merchant', cashier);
  await menuLink(counter, 'Dashboard');
  const menu = counter.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Contact Us']);
  await counter.screenshot(shot('staff-cashier-menu', info.project.name));
  await counter.goto('/merchant/staff');
  await expect(counter).toHaveURL(/\/merchant\/dashboard$/);

  // Reset password: the cashier's device is signed out at its next call.
  await row.getByRole('button', { name: `Reset password of ${cashier.username}` }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByRole('textbox', { name: 'New Password', exact: true }).fill('Counter-night-2025');
  await reset.getByLabel('Confirm New Password').fill('Counter-night-2025');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password reset successfully')).toBeVisible();
  await counter.reload();
  await expect(counter).toHaveURL(/\/login\//);
  await login(counter, 'merchant', { username: cashier.username, password: 'Counter-night-2025' });

  // Remove, asked first: gone from the list, and its device is signed out.
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Are you sure you want to delete this staff login?');
    void confirm.accept();
  });
  await row.getByRole('button', { name: `Delete ${cashier.username}` }).click();
  await expect(toast(page, 'Staff login deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await counter.reload();
  await expect(counter).toHaveURL(/\/login\//);
  await counter.context().close();
});
