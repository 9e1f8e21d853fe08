import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './support/app';
import { toast } from './support/app';
import { demoHotelId, inDays, openDemoScan, randomMobile, reloadOffline } from './support/guests';
import { apiToken } from './support/logins';

// The guest journey is a phone journey (docs/PRODUCT.md "Screens" public guest flow; issue: 390×844 in Chromium).
test.skip(({ isMobile }) => !isMobile, 'guest flow runs at phone size');

/**
 * Where the shop is (docs/PRODUCT.md "Screens", the guest flow): the demo Spice Garden's address, its map link and its
 * store number to call, and on a voucher the offer's hours.
 */
async function expectShopPlace(scope: Locator, withHours: boolean) {
  await expect(scope.getByText(/^\d+, Market Street, Goa$/)).toBeVisible();
  await expect(scope.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
    'href',
    /^https:\/\/maps\.google\.com\/\?q=Spice%20Garden/,
  );
  await expect(scope.getByRole('link', { name: /^Call 0832\d+$/ })).toHaveAttribute('href', /^tel:0832\d+$/);
  if (withHours) await expect(scope.getByText(/^Open \d\d:\d\d – \d\d:\d\d$/)).toBeVisible();
}

/**
 * The vouchers saved on the phone (idb-keyval's store, saved-vouchers.ts). `strip` first takes away the shop's place
 * and the offer's hours, so they are as a phone saved them before those were on the card.
 */
const savedCoupons = (page: Page, hotelId: string, strip = false) =>
  page.evaluate(
    async ({ key, strip }) => {
      const done = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        });
      const db = await done(indexedDB.open('keyval-store'));
      const store = (mode: IDBTransactionMode) => db.transaction('keyval', mode).objectStore('keyval');
      const saved = await done(store('readonly').get(key));
      if (strip) {
        for (const { merchant, offer } of saved.coupons) {
          delete merchant.address;
          delete merchant.store_contact_number;
          delete merchant.map_link;
          delete offer.opening_hours;
          delete offer.closing_hours;
        }
        await done(store('readwrite').put(saved, key));
      }
      db.close();
      return saved.coupons as { merchant: { address?: string } }[];
    },
    { key: `stayperks-vouchers:${hotelId}`, strip },
  );

async function fillDetails(page: Page, mobile: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Anil Kumar');
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Check Out Date').fill(inDays(2));
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
}

test('a guest goes from the QR link to saved codes, which survive going offline and download as a PNG', async ({
  page,
  request,
  context,
}) => {
  const hotelId = await openDemoScan(page, request);
  await expect(page.getByRole('heading', { name: 'Seaview Resort' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Categories' })).toBeVisible();

  // Details are checked before anything is sent.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Please enter your name')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Anil Kumar');
  await page.getByLabel('Phone Number').fill('98765');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Please enter a valid 10-digit mobile number')).toBeVisible();
  await fillDetails(page, randomMobile());
  await page.getByRole('button', { name: 'Continue' }).click();

  // Categories → offers; at most 3 vouchers.
  await expect(page.getByRole('heading', { name: 'Choose a Category' })).toBeVisible();
  await page.getByRole('button', { name: /Restaurant/ }).click();
  await expect(page.getByRole('heading', { name: 'Restaurant' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offers-step.png'), fullPage: true });
  await page.getByRole('button', { name: 'View Details' }).first().click();
  const details = page.getByRole('dialog');
  // The list carries only the cards; the dialog fetches the rest of the offer when opened.
  await expect(details.getByText('Terms & Conditions')).toBeVisible();
  await expect(details.getByText(/ · Restaurant$/)).toBeVisible();
  await expect(details.getByText('Timings')).toBeVisible();
  await expectShopPlace(details, false);
  await details.screenshot({ path: test.info().outputPath('offer-details.png') });
  await details.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await page.getByRole('button', { name: 'Select More' }).click();
  await page.getByRole('button', { name: /Cafe/ }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Confirm 3 Voucher(s)' })).toBeVisible();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await expect(toast(page, 'You can select maximum 3 vouchers')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm 3 Voucher(s)' }).click();

  // Rating, with its disclaimer and countdown, then the vouchers.
  await expect(page.getByRole('heading', { name: /Enjoying your stay/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rate us on Google' })).toHaveAttribute(
    'href',
    /search\.google\.com\/local\/writereview\?placeid=/,
  );
  await expect(page.getByText(/not a reward for reviews/)).toBeVisible();
  await expect(page.getByText(/Showing your vouchers in/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible({ timeout: 25_000 });
  const codes = await page.locator('.voucher-code').allTextContents();
  expect(codes).toHaveLength(3);
  for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
  const firstCard = page.getByRole('article', { name: `Voucher ${codes[0]}` });
  await expectShopPlace(firstCard, true);
  await expect(page.getByRole('heading', { name: 'Want More Vouchers?' })).toBeVisible();

  // Reload once online so the service worker controls the page, then go offline and reload again.
  await reloadOffline(page, context);
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  expect(await page.locator('.voucher-code').allTextContents()).toEqual(codes);
  await expectShopPlace(firstCard, true);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Voucher' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`StayPerks_Voucher_${codes[0]}.png`);
  const png = readFileSync(await download.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await expect(toast(page, 'Voucher downloaded!')).toBeVisible();

  // The installed app starts at / (the manifest's start_url): this guest lands on the vouchers, even offline.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/scan/${hotelId}$`));
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  await context.setOffline(false);

  // A voucher saved on the phone before the shop's place was on the card gains it once the page is open online.
  await savedCoupons(page, hotelId, true);
  await page.goto(`/scan/${hotelId}`);
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  await expectShopPlace(firstCard, true);
  const addresses = async () => (await savedCoupons(page, hotelId)).map((c) => c.merchant.address);
  await expect
    .poll(addresses)
    .toEqual([expect.stringMatching(/Market Street, Goa$/), expect.any(String), expect.any(String)]);
});

test('confirming offline says a connection is needed and keeps everything; back online it succeeds', async ({
  page,
  request,
  context,
}) => {
  const hotelId = await demoHotelId(request, 'Pink City Palace');
  const mobile = randomMobile();
  await page.goto(`/scan/${hotelId}`);
  await fillDetails(page, mobile);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('button', { name: /offers?$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();

  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
  await expect(toast(page, /You are offline\. Connect to the internet/)).toBeVisible();
  await expect(page.getByRole('button', { name: '✓ Selected' })).toBeVisible();

  // Even a reload while offline opens the same offers again, with the pick (the draft keeps the step too).
  await page.reload();
  await expect(page.getByText(/You are offline/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '✓ Selected' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
  await expect(page.getByRole('heading', { name: /Enjoying your stay/ })).toBeVisible();

  // The same number cannot collect a second set for this stay.
  const again = await request.get(`/api/customer-scans/check/${hotelId}/${mobile}`);
  expect(await again.json()).toEqual({ can_scan: false, message: 'You have already collected vouchers for this stay' });
});

/** Adds offers to demo merchant Munnar Trek Co. (the one merchant of Tea Hills Retreat's town) as the super admin. */
async function addMunnarOffers(request: APIRequestContext, names: string[]) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const merchants = await (await request.get('/api/merchants', { headers })).json();
  const trek = merchants.find((m: { name: string }) => m.name === 'Munnar Trek Co.');
  for (const offer_name of names) {
    const res = await request.post('/api/offers', {
      headers,
      data: {
        merchant_id: trek.id,
        offer_name,
        offer_type: 'percentage',
        offer_value: 10,
        validity_from: inDays(-1),
        validity_to: inDays(30),
        opening_hours: '06:00',
        closing_hours: '18:00',
        description: 'A walk through the tea estates',
        terms_conditions: 'One per guest',
        images: [],
      },
    });
    expect(res.status()).toBe(201);
  }
}

/** Scrolled to the very bottom, the middle of `button` is the button itself (nothing fixed lies over it). */
async function reachableAtBottom(page: Page, button: Locator): Promise<{ x: number; y: number }> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const centre = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    return { x, y, onTop: el.contains(document.elementFromPoint(x, y)) };
  });
  expect(centre.onTop, `the element at the middle of ${await button.textContent()} is the button`).toBe(true);
  return centre;
}

test('a garbled link is a hotel not found; the last of four offers can be tapped above the selection bar, on any phone', async ({
  page,
  request,
}) => {
  // A link that cannot be a hotel's says what an unknown hotel says (not "Failed to load hotel data").
  const notFound = 'This hotel was not found. Please scan the QR code in your room again.';
  await page.goto('/scan/abc');
  await expect(page.getByText(notFound)).toBeVisible();
  await page.goto('/scan/7a0c5b4e-0000-4000-8000-000000000000');
  await expect(page.getByText(notFound)).toBeVisible();

  await addMunnarOffers(request, ['Tea tasting 10% off', 'Spice plantation walk', 'Waterfall picnic']);
  const hotelId = await demoHotelId(request, 'Tea Hills Retreat');
  await page.goto(`/scan/${hotelId}`);
  await fillDetails(page, randomMobile());
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Adventure/ }).click();
  const cards = page.locator('.offer-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(4);

  // Each card has the server's thumbnail (here the merchant type's): its size set before it loads, loaded lazily.
  const thumb = cards.first().locator('img.offer-thumb');
  await expect(thumb).toHaveAttribute('width', '72');
  await expect(thumb).toHaveAttribute('height', '72');
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  await expect(thumb).toHaveAttribute('decoding', 'async');
  await expect(thumb).toHaveAttribute('src', /^\/api\/files\/thumbnails\/merchant_types\//);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(144);

  // Nothing picked: Confirm waits for a pick.
  await expect(page.getByRole('button', { name: 'Confirm 0 Voucher(s)' })).toBeDisabled();

  const lastSelect = cards.last().locator('.offer-select');
  const centre = await reachableAtBottom(page, lastSelect);
  await page.touchscreen.tap(centre.x, centre.y);
  await expect(lastSelect).toHaveAttribute('aria-pressed', 'true');
  const confirm = page.getByRole('button', { name: 'Confirm 1 Voucher(s)' });
  await expect(confirm).toBeEnabled();
  // "Confirm 1 Voucher(s)" on one line at 390 px.
  const lines = await confirm.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await page.screenshot({ path: test.info().outputPath('offers-bottom-390.png') });

  // The smallest phone: the bar is taller there (Confirm wraps), and the page still makes room for it.
  await page.setViewportSize({ width: 320, height: 568 });
  const small = await reachableAtBottom(page, lastSelect);
  await page.touchscreen.tap(small.x, small.y);
  await expect(lastSelect).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: test.info().outputPath('offers-bottom-320.png') });
});
