import type { Page, Route } from '@playwright/test';
import { CHECKOUT_REQUIRED } from '../../src/shared/schemas/scans';
import { expect, test, toast } from './support/app';
import { demoHotelId, inDays, randomMobile } from './support/guests';

/**
 * The guest page's first screen (docs/DEVELOPING.md "Guest page first load"): the HTML of /scan/<hotelId> shows "Enter
 * Your Details" before the app's script has run; the app takes over with what was typed and the focus. The page's
 * policy allows its one inline script (the test fails on any violation: support/app.ts).
 */
test.skip(({ isMobile }) => !isMobile, 'guest flow runs at phone size');
// A service worker would answer the reload from its cache (index.html, without the first screen).
test.use({ serviceWorkers: 'block' });

/** Holds the app's script (the entry chunk) until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const firstScreen = (page: Page) => page.locator('#guest-first-screen');

test('the first screen shows before the app, which keeps what was typed there', async ({ page, request }) => {
  const hotelId = await demoHotelId(request);
  const release = await holdAppScript(page);
  await page.goto(`/scan/${hotelId}`, { waitUntil: 'commit' });

  // Without the app: the HTML's own screen, nothing in the app's root.
  await expect(firstScreen(page).getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await expect(page.locator('#root')).toBeEmpty();
  const mobile = randomMobile();
  await firstScreen(page).getByRole('textbox', { name: 'Name', exact: true }).fill('Early Guest');
  await firstScreen(page)
    .getByRole('checkbox', { name: /I agree to share/ })
    .check();
  await firstScreen(page).getByLabel('Phone Number').fill(mobile);
  // Continue before the app runs does not reload the page (what was typed stays); the app makes it again.
  await firstScreen(page).getByRole('button', { name: 'Continue' }).click();
  await expect(firstScreen(page).getByLabel('Phone Number')).toHaveValue(mobile);
  await firstScreen(page).getByLabel('Phone Number').focus();

  release();
  await expect(firstScreen(page)).toHaveCount(0);
  const form = page.locator('#root form');
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Early Guest');
  await expect(form.getByLabel('Phone Number')).toHaveValue(mobile);
  await expect(form.getByLabel('Phone Number')).toBeFocused();
  await expect(form.getByRole('checkbox', { name: /I agree to share/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Remind me/ })).not.toBeChecked();
  // The replayed Continue checks the details as the app's own does: the date is missing.
  await expect(toast(page, CHECKOUT_REQUIRED)).toBeVisible();
  // The app's own screen goes on from there: the hotel's name arrives, the details go through.
  await expect(page.getByRole('heading', { level: 1, name: 'Seaview Resort' })).toBeVisible();
  await form.getByLabel('Check Out Date').fill(inDays(2));
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a Category' })).toBeVisible();
});

test('a reload with a draft shows no empty first screen', async ({ page, request }) => {
  const hotelId = await demoHotelId(request);
  await page.goto(`/scan/${hotelId}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Returning Guest');
  await expect(firstScreen(page)).toHaveCount(0);

  const release = await holdAppScript(page);
  await page.reload({ waitUntil: 'commit' });
  // The page's inline script found this tab's draft and removed the empty form: nothing is shown until the app is.
  await page.waitForFunction(() => document.getElementById('root') !== null);
  await expect(firstScreen(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toHaveCount(0);
  release();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Returning Guest');
});

test("the page's first reads come from the HTML's preloads, each asked once", async ({ page, request }) => {
  const hotelId = await demoHotelId(request);
  await page.goto(`/scan/${hotelId}`);
  await expect(page.getByRole('heading', { name: 'Top Categories' })).toBeVisible();
  const reads = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter(
        (entry) => ['link', 'fetch'].includes(entry.initiatorType) && new URL(entry.name).pathname.startsWith('/api/'),
      )
      .map((entry) => `${entry.initiatorType} ${new URL(entry.name).pathname}${new URL(entry.name).search}`),
  );
  // A preload the app's fetch did not match would show as a second, 'fetch' entry of the same address.
  expect(reads.sort()).toEqual(
    [
      `link /api/hotels/${hotelId}`,
      `link /api/offers?hotel_id=${hotelId}`,
      'link /api/merchant-types',
      'link /api/config',
    ].sort(),
  );
});
