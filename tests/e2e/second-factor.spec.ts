import { Secret, TOTP } from 'otpauth';
import { expect, openAccountMenuItem, submitLogin, test } from './support/app';
import { freshAdminUser } from './support/logins';

/**
 * Two-step sign-in from the browser (docs/PRODUCT.md "Two-step sign-in"): set up from the account menu with the QR
 * code's secret, the recovery codes saved, then a sign-in with a code computed here with the library the server
 * checks it with, and one with a recovery code.
 */

const shot = (name: string, project: string) => ({ path: `test-results/e2e/screens/${name}-${project}.png` });
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

test('set up two-step sign-in, then sign in with a computed code and with a recovery code', async ({
  page,
  request,
}, info) => {
  const user = await freshAdminUser(request, 'admin');
  await submitLogin(page, 'superadmin', user);
  await expect(page).toHaveURL(/\/superadmin\/dashboard$/);

  await openAccountMenuItem(page, 'Two-step sign-in');
  const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
  // The password again first (docs/SECURITY.md "Re-authentication"): a wrong one says so and starts nothing.
  await dialog.getByLabel('Current password').fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.screenshot(shot('two-step-password', info.project.name));
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot(shot('two-step-setup', info.project.name));

  await dialog.getByLabel('Code').fill(codeAt(secret, Date.now()));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.screenshot(shot('two-step-recovery-codes', info.project.name));
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await dialog.getByLabel('I have saved my recovery codes').check();
  await done.click();
  await expect(dialog).toBeHidden();

  // The password alone no longer signs in: the code step follows.
  await page.getByRole('button', { name: 'Logout' }).click();
  await submitLogin(page, 'superadmin', user);
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(step.getByLabel('Code')).toBeVisible();
  await page.screenshot(shot('two-step-login', info.project.name));
  // The set-up's step was used: the next one's code (accepted one step ahead).
  await step.getByLabel('Code').fill(codeAt(secret, Date.now() + 30_000));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/superadmin\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await submitLogin(page, 'superadmin', user);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(recovery);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
});

test('a user whose role requires it sees only its set-up until it is on', async ({ page, request }, info) => {
  const user = await freshAdminUser(request, 'admin');
  // This server runs as the demo does (MFA_REQUIRED off): /auth/me is answered as production would answer it (the
  // server's own refusals are tests/api/second-factor.test.ts's).
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), second_factor_required: true } });
  });
  await submitLogin(page, 'superadmin', user);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await page.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  await page.screenshot({ ...shot('two-step-required', info.project.name), fullPage: true });
  await page.getByLabel('Code').fill(codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});
