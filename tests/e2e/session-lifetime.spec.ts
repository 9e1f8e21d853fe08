import { expect, login, test, toast } from './support/app';

/**
 * A session that ran out (docs/SECURITY.md "Sessions") as the web shows it: the next call's 401 signs the tab out and
 * the login screen says "Signed out after inactivity" until the next sign-in. The server's side (30 minutes without a
 * request, which this test cannot wait for, and the 401's detail) is tests/api/session-lifetime.test.ts; here the
 * server's answer to an idle session is given to the page as the API gives it.
 */
const shot = (name: string, project: string) => ({ path: `test-results/e2e/screens/${name}-${project}.png` });

test('after a sign-out by inactivity the login screen says so, until the next sign-in', async ({ page }, info) => {
  await login(page, 'superadmin');
  await page.route('**/api/**', (route) =>
    route.request().headers().authorization
      ? route.fulfill({ status: 401, json: { detail: 'Signed out after inactivity' } })
      : route.fallback(),
  );
  await page.reload();

  await expect(page).toHaveURL(/\/login\/superadmin$/);
  const notice = page.getByRole('status').filter({ hasText: 'Signed out after inactivity' });
  await expect(notice).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.screenshot(shot('login-signed-out-idle', info.project.name));

  // Signing in again forgets it: a later Logout shows no such notice.
  await page.unrouteAll();
  await login(page, 'superadmin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  await expect(page.getByText('Signed out after inactivity')).toHaveCount(0);
});

test('a back-office tab left idle for 30 minutes signs out by itself and ends its session', async ({ page }) => {
  await page.clock.install();
  await login(page, 'superadmin');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // The frame has started counting (it notes the sign-in as activity).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('backOfficeActivity'))).not.toBeNull();
  const signedOut = page.waitForResponse((res) => res.url().endsWith('/api/auth/logout'));
  await page.clock.fastForward('29:00');
  await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
  await page.keyboard.press('Shift'); // activity: 30 more minutes from here

  await page.clock.fastForward('29:30');
  await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
  await page.clock.fastForward('02:00');
  expect((await signedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/login\/superadmin$/);
  await expect(page.getByRole('status').filter({ hasText: 'Signed out after inactivity' })).toBeVisible();
  // The server ended that session: its token no longer signs anyone in.
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});
