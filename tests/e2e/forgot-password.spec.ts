import { existsSync, readFileSync } from 'node:fs';
import { RESET_CODE_SENT, RESET_DONE } from '../../src/shared/schemas/password-reset';
import { expect, login, test, toast } from './support/app';
import { codeSentTo, codesFile } from './support/codes';
import { freshMerchantLogin } from './support/logins';

/**
 * "Forgot password?" (docs/SECURITY.md "Forgot password"), from the merchant login: the code goes to the merchant's
 * contact number by the `log` provider, whose line the e2e server keeps (support/codes.ts), then a new password.
 */
const shot = (name: string, project: string) => ({ path: `test-results/e2e/screens/${name}-${project}.png` });
/** Codes already sent to numbers ending in `last4` (fresh merchants share one contact number). */
const codesSoFar = (last4: string) =>
  existsSync(codesFile())
    ? readFileSync(codesFile(), 'utf8')
        .split('\n')
        .filter((line) => line.includes(`******${last4}:`)).length
    : 0;

test('a merchant owner sets a new password with a code sent to the shop’s number, then signs in with it', async ({
  page,
  request,
}, info) => {
  const merchant = await freshMerchantLogin(request);
  await page.goto('/login/merchant');
  await page.screenshot(shot('forgot-password-link', info.project.name));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?from=merchant$/);
  // The page is drawn (the login form, with its own Username field, is gone) before typing.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Username').fill(merchant.username);
  await page.screenshot(shot('forgot-password-ask', info.project.name));
  const before = codesSoFar('1234');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toHaveText(RESET_CODE_SENT);
  const code = await codeSentTo('9876501234', before);

  await page.getByLabel('Code').fill(code);
  const newPassword = page.getByRole('textbox', { name: 'New Password', exact: true });
  await newPassword.fill('password123');
  await page.getByLabel('Confirm New Password').fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  // The rules of every password form, before anything is sent.
  await expect(page.getByRole('alert')).toHaveText('This password is too common. Choose another.');
  await page.screenshot({ ...shot('forgot-password-code', info.project.name), fullPage: true });

  await newPassword.fill('Harbour-lights-2047');
  await page.getByLabel('Confirm New Password').fill('Harbour-lights-2047');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, RESET_DONE)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/merchant$/);
  await login(page, 'merchant', { username: merchant.username, password: 'Harbour-lights-2047' });
});

test('an unknown username reads the same as a real one', async ({ page }) => {
  await page.goto('/forgot-password?from=hotel');
  await page.getByLabel('Username').fill('nobody-by-this-name');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toHaveText(RESET_CODE_SENT);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login\/hotel$/);
});
