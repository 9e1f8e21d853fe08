import { expect, login, submitLogin, test, toast } from './support/app';
import { freshMerchantLogin } from './support/logins';

/**
 * The lockout (docs/SECURITY.md "Login limits") as the login screen shows it: an account locked to unknown devices
 * says until when, in the device's time; a browser that signed in to the account before (its device cookie, which
 * logout keeps) still gets in. The failures are sent through the API from a context with no cookie of this account.
 */
const shot = (name: string, project: string) => ({ path: `test-results/e2e/screens/${name}-${project}.png` });

test('a locked account says until when; the browser that signed in before still gets in', async ({
  page,
  browser,
  request,
}, info) => {
  const merchant = await freshMerchantLogin(request);
  // This browser signs in once and logs out: its device cookie stays.
  await login(page, 'merchant', merchant);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();

  for (let i = 0; i < 5; i++) {
    const failed = await request.post('/api/auth/login', {
      data: { username: merchant.username, password: `wrong-${i}-pw` },
    });
    expect(failed.status()).toBe(401);
  }

  // Another browser, never signed in here: refused with the time the lock ends.
  const stranger = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await submitLogin(stranger, 'merchant', merchant);
  const notice = stranger.getByRole('alert').filter({ hasText: 'Too many failed attempts' });
  await expect(notice).toHaveText(/^Too many failed attempts\. Try again after \d{1,2}:\d{2}( [AP]M)?\.$/);
  await expect(stranger).toHaveURL(/\/login\/merchant$/);
  await stranger.screenshot(shot('login-locked', info.project.name));
  await stranger.close();

  // The owner's browser gets in during the lock.
  await login(page, 'merchant', merchant);
});
