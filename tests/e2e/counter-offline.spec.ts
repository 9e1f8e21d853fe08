import { join } from 'node:path';
import { DEMO, expect, login, test, toast, uniqueName, type Page } from './support/app';
import { spiceGardenVouchers } from './support/guests';
import { apiToken } from './support/logins';

// The merchant app is a phone at the counter (390×844 in Chromium).
test.skip(({ isMobile }) => !isMobile, 'the merchant app runs at phone size');

/** SCREENSHOTS=<folder> keeps the amber state, the queue and "Needs attention" to look at. */
const shots = process.env.SCREENSHOTS;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};
const resultPanel = (page: Page) => page.locator('.ma-result');
const pending = (page: Page) => page.getByTestId('offline-pending');

/**
 * docs/COUNTER.md "Without a network": with the network cut, known codes are accepted offline (amber, never green)
 * and queued, an unknown one cannot be checked; the queue survives closing the page and is sent on reconnecting,
 * where one code redeemed elsewhere meanwhile lands in "Needs attention".
 */
test('the counter redeems without a network and syncs the queue when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [first, second] = await spiceGardenVouchers(request, uniqueName('Guest'), 2);
  const [third] = await spiceGardenVouchers(request, uniqueName('Guest'), 1);

  // Online first: the visit reads the merchant's pending codes into the phone, and the service worker takes over.
  const codesRead = page.waitForResponse((res) => res.url().includes('/api/merchant/offline-codes') && res.ok());
  await login(page, 'merchant');
  await expect(page.getByRole('heading', { name: 'Welcome, Spice Garden' })).toBeVisible();
  await codesRead;
  // Once the service worker is active, a reload makes the page its own.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Spice Garden' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);

  await context.setOffline(true);
  const input = page.getByLabel('Voucher code');
  const validate = page.getByRole('button', { name: 'Validate' });
  for (const [n, code] of [first!, second!, third!].entries()) {
    await input.fill(code);
    await validate.click();
    await expect(page.getByRole('heading', { name: 'Accepted offline, will sync' })).toBeVisible();
    await expect(resultPanel(page)).toHaveAttribute('data-status', 'offline_accepted');
    await expect(resultPanel(page)).toContainText(code);
    await expect(pending(page)).toContainText(`${n + 1} ${n === 0 ? 'redemption' : 'redemptions'} accepted offline`);
  }
  // Amber, never the green success.
  await expect(resultPanel(page)).toHaveCSS('background-color', 'rgb(255, 251, 235)');
  await shoot(page, 'offline-accepted');

  // A code this phone does not hold cannot be checked offline, and is not queued.
  await input.fill('ZZZZ2345');
  await validate.click();
  await expect(page.getByRole('heading', { name: "Can't check this code offline" })).toBeVisible();
  await expect(pending(page)).toContainText('3 redemptions');

  // Meanwhile the second code is redeemed elsewhere (another counter phone, online).
  const token = await apiToken(request, DEMO.merchant);
  const elsewhere = await request.post('/api/merchant/redeem-voucher', {
    headers: { Authorization: `Bearer ${token}` },
    data: { voucher_code: second },
  });
  expect((await elsewhere.json()).status).toBe('success');

  // Closing the app keeps the queue (IndexedDB): reopened offline, it still waits.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/merchant/dashboard');
  await expect(reopened.getByRole('heading', { name: 'Welcome, Spice Garden' })).toBeVisible();
  await expect(pending(reopened)).toContainText('3 redemptions accepted offline, waiting to sync');
  await shoot(reopened, 'offline-queue');

  // Back online: the queue is sent at once; two are redeemed, the one redeemed elsewhere needs attention.
  await context.setOffline(false);
  await expect(toast(reopened, '2 offline redemptions synced, 1 needs attention')).toBeVisible({ timeout: 20_000 });
  await expect(pending(reopened)).toBeHidden();
  const attention = reopened.getByRole('region', { name: /Needs attention/ });
  await expect(attention).toContainText(second!);
  await expect(attention).toContainText('Already redeemed before this one reached StayPerks');
  const today = reopened.locator('.ma-today').filter({ hasText: 'Today at this counter' });
  await expect(today).toContainText(first!);
  await expect(today).toContainText(third!);
  await attention.scrollIntoViewIfNeeded();
  await shoot(reopened, 'offline-needs-attention');
});
