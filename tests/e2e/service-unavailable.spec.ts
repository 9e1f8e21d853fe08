import { expect, test, type Page } from './support/app';
import { SERVICE_UNAVAILABLE } from '../../src/shared/constants';
import { DEMO, login, toast } from './support/app';

/**
 * While the database is unreachable the API answers 503 with a plain message (tests/api/db-faults.test.ts shows
 * the server side); the screens show that message, also when a proxy in front answers 503 with a page of its own.
 */
const asServer = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ detail: SERVICE_UNAVAILABLE }),
};
const asProxy = {
  status: 503,
  contentType: 'text/html',
  body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
};

async function tryLogin(page: Page) {
  await page.goto('/login/superadmin');
  await page.getByLabel('Username').fill(DEMO.superadmin.username);
  await page.getByLabel('Password').fill(DEMO.superadmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

for (const [who, reply] of [
  ['the server', asServer],
  ['a proxy', asProxy],
] as const) {
  test(`login while ${who} answers 503 shows the plain message and stays on the login screen`, async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.fulfill(reply));
    await tryLogin(page);
    await expect(toast(page, SERVICE_UNAVAILABLE)).toBeVisible();
    await expect(page).toHaveURL(/\/login\/superadmin$/);
  });
}

test('a redemption at the counter while the service is unavailable shows the plain message', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the merchant app runs at phone size');
  await login(page, 'merchant');
  await page.route('**/api/merchant/redeem-voucher', (route) => route.fulfill(asServer));
  await page.getByLabel('Voucher code').fill('ABCD2345');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.locator('.ma-result')).toContainText(SERVICE_UNAVAILABLE);
  await page.screenshot({ path: test.info().outputPath('redeem-unavailable.png') });
});
