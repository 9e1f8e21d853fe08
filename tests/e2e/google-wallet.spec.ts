import { chooseLanguage } from './support/languages';
import { devices } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './support/app';
import { demoHotel, inDays, randomMobile } from './support/guests';

// "Add to Google Wallet" on the guest's voucher card (docs/PRODUCT.md "Google Wallet"): a phone journey. The e2e
// server has GOOGLE_WALLET_* set (support/server.ts), with Google's addresses pointing nowhere.
test.skip(({ isMobile }) => !isMobile, 'the guest flow runs at phone size');

/** A Spice Garden voucher of a new guest at Seaview Resort, through the guest API: the hotel's id and the scan. */
async function guestVoucher(request: APIRequestContext) {
  const hotel = await demoHotel(request);
  const offers = await (await request.get(`/api/offers?location_id=${hotel.location_id}`)).json();
  const offer = offers.find((o: { merchant_name: string }) => o.merchant_name === 'Spice Garden');
  const res = await request.post('/api/customer-scans', {
    data: {
      hotel_id: hotel.id,
      customer_name: 'Kavya Menon',
      mobile_number: randomMobile('6'),
      checkout_date: inDays(2),
      consent: true,
      selected_offers: [offer.id],
    },
  });
  expect(res.status()).toBe(201);
  return { hotelId: hotel.id, scan: await res.json() };
}

/** Opens the guest page with the voucher saved on the phone (saved-vouchers.ts), as after collecting it. */
async function openSaved(page: Page, hotelId: string, scan: { scan_id: string; coupons: unknown[] }) {
  await page.goto(`/scan/${hotelId}`);
  await page.evaluate(
    async ({ key, saved }) => {
      const done = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        });
      const open = indexedDB.open('keyval-store');
      open.onupgradeneeded = () => open.result.createObjectStore('keyval');
      const db = await done(open);
      await done(db.transaction('keyval', 'readwrite').objectStore('keyval').put(saved, key));
      db.close();
    },
    {
      key: `stayperks-vouchers:${hotelId}`,
      saved: {
        hotelId,
        hotelName: 'Seaview Resort',
        guestName: 'Kavya Menon',
        scanId: scan.scan_id,
        savedAt: new Date().toISOString(),
        coupons: scan.coupons,
      },
    },
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
}

test('on Android the voucher card offers Add to Google Wallet, which opens the save link of its pass', async ({
  page,
  context,
  request,
}) => {
  const { hotelId, scan } = await guestVoucher(request);
  const code: string = scan.coupons[0].coupon_code;
  // Google's page is answered here: no test reaches the internet.
  await context.route('https://pay.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google Wallet</title>' }),
  );
  expect(await page.evaluate(() => navigator.userAgent)).toContain('Android');
  await openSaved(page, hotelId, scan);
  const card = page.locator('li.voucher', { hasText: code });
  const add = card.getByRole('button', { name: 'Add to Google Wallet' });
  await expect(add).toBeVisible();
  // Google's badge: black, rounded, white words.
  await expect(add).toHaveCSS('background-color', 'rgb(31, 31, 31)');
  await expect(add).toHaveCSS('color', 'rgb(255, 255, 255)');
  await card.screenshot({ path: test.info().outputPath('voucher-card-android.png') });
  await page.screenshot({ path: test.info().outputPath('vouchers-android.png'), fullPage: true });

  const opened = context.waitForEvent('page');
  await add.click();
  const wallet = await opened;
  await wallet.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  // The link's JWT holds this voucher (the API test checks its signature and every field).
  const jwt = wallet.url().split('/').pop()!;
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
  expect(claims.typ).toBe('savetowallet');
  expect(claims.payload.offerObjects[0].barcode.value).toBe(code);
  await wallet.close();

  // In Hindi, the badge's words are Google's Hindi ones.
  await chooseLanguage(page, 'hi');
  await expect(card.getByRole('button', { name: 'Google Wallet में जोड़ें' })).toBeVisible();
  await card.screenshot({ path: test.info().outputPath('voucher-card-android-hi.png') });
});

test('on an iPhone the voucher card has no Google Wallet button', async ({ browser, request }) => {
  const { hotelId, scan } = await guestVoucher(request);
  const iphone = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 } });
  const page = await iphone.newPage();
  await openSaved(page, hotelId, scan);
  await expect(page.getByRole('button', { name: 'Download Voucher' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Google Wallet' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('vouchers-iphone.png'), fullPage: true });
  await iphone.close();
});
