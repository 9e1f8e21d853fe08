import { devices } from '@playwright/test';
import { expect, test, type Page } from './support/app';
import { codeSentTo } from './support/codes';
import { collectVouchers, demoHotel, demoHotelId, inDays, randomMobile } from './support/guests';
import { apiToken } from './support/logins';
import { newRoomCard, qrTextsOfPdf } from './support/room-cards';
import { VERIFICATION_INVALID } from '../../src/shared/schemas/verification';

// A guest's own vouchers and data (docs/PRODUCT.md "Guest trust", docs/PRIVACY.md "My data"): "Show my vouchers" on
// another phone and My data, proven by the log provider's code (read from the e2e server's log, support/codes.ts).
// Phone journeys only (390×844).
test.skip(({ isMobile }) => !isMobile, 'guest flow runs at phone size');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The hotel's first `count` guest offers. */
async function offerIds(page: Page, hotelId: string, count: number): Promise<string[]> {
  const offers = await (await page.request.get(`/api/offers?hotel_id=${hotelId}`)).json();
  return offers.slice(0, count).map((offer: { id: string }) => offer.id);
}

test('vouchers collected on one phone come back on another, proven by a code', async ({ page, browser }) => {
  const hotelId = await demoHotelId(page.request, 'Pink City Palace');
  const mobile = randomMobile('7');
  // The first phone: the guest collects two vouchers (as the guest page submits them).
  const codes = await collectVouchers(page.request, {
    hotelId,
    guestName: 'Asha Verma',
    offerIds: await offerIds(page, hotelId, 2),
    mobile,
  });

  // The second phone, a browser of its own: the same number meets "already collected", and Show my vouchers.
  const other = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await phone.goto(`/scan/${hotelId}`);
  await phone.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Verma');
  await phone.getByLabel('Phone Number').fill(mobile);
  await phone.getByLabel('Check Out Date').fill(inDays(2));
  await phone.getByRole('checkbox', { name: /I agree to share/ }).check();
  await phone.getByRole('button', { name: 'Continue' }).click();
  await expect(phone.getByRole('heading', { name: 'You have already collected vouchers for this stay' })).toBeVisible();
  await shot(phone, 'recover-offer');
  await phone.getByRole('button', { name: 'Show my vouchers' }).click();
  await phone.getByRole('button', { name: 'Send code' }).click();
  const box = phone.getByLabel('6-digit code');
  await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(box).toHaveAttribute('inputmode', 'numeric');
  await expect(phone.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

  // A wrong code is refused in plain words; the right one shows the stay's vouchers.
  const code = await codeSentTo(mobile);
  await box.fill(code === '000000' ? '111111' : '000000');
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone.getByRole('alert')).toHaveText('That code is not right: 4 tries left');
  await shot(phone, 'recover-code');
  await box.fill(code);
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone.getByRole('heading', { name: /Congratulations, Asha/ })).toBeVisible();
  expect((await phone.locator('.voucher-code').allTextContents()).sort()).toEqual([...codes].sort());
  await shot(phone, 'recover-vouchers');

  // Saved on this phone too: they open again without a code.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  expect(await phone.locator('.voucher-code').count()).toBe(2);
  await other.close();
});

test('My data: a guest sees, downloads, corrects, stops reminders and erases their data after proving the number', async ({
  page,
}) => {
  const hotelId = await demoHotelId(page.request, 'Pink City Palace');
  const mobile = randomMobile('6');
  const codes = await collectVouchers(page.request, {
    hotelId,
    guestName: 'Ravi Nair',
    offerIds: await offerIds(page, hotelId, 1),
    mobile,
    reminders: true,
  });

  // Linked from the privacy notice.
  await page.goto('/privacy');
  await page.getByRole('link', { name: 'Or do it yourself: My data' }).click();
  await expect(page).toHaveURL(/\/my-data$/);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await codeSentTo(mobile));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Pink City Palace' })).toBeVisible();
  await expect(page.getByText('Name: Ravi Nair')).toBeVisible();
  await expect(page.getByText(codes[0]!)).toContainText('Not used');
  await expect(page.getByText('Reminders and a review request: yes')).toBeVisible();
  await shot(page, 'my-data');

  // The reminders box taken back here, as the opt-out link in a message would.
  await page.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(page.getByRole('status')).toHaveText('You will get no more reminders or review requests.');
  await expect(page.getByText('Reminders and a review request: stopped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop reminders' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^stayperks-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = JSON.parse(await streamText(await file.createReadStream()));
  expect(saved).toMatchObject({ mobile_number: mobile, scans: [{ hotel_name: 'Pink City Palace' }] });

  await page.getByLabel('Name', { exact: true }).fill('Ravi K. Nair');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status')).toHaveText('Your name was corrected.');
  await expect(page.getByText('Name: Ravi K. Nair')).toBeVisible();

  await page.getByRole('button', { name: 'Erase my data' }).click();
  await page.getByRole('button', { name: 'Yes, erase everything' }).click();
  await expect(page.getByRole('heading', { name: 'Your data was erased.' })).toBeVisible();
  await shot(page, 'my-data-erased');
  // The number is free again at the hotel, and its voucher cancelled.
  const check = await page.request.get(`/api/customer-scans/check/${hotelId}/${mobile}`);
  expect((await check.json()).can_scan).toBe(true);
});

/**
 * Runs `journey` at Palm Grove Inn (no other guest journey uses it) with the super admin's phone verification switch
 * on (docs/PRODUCT.md "Guest trust"), and switches it off after.
 */
async function withPhoneVerification(page: Page, journey: (hotelId: string) => Promise<void>) {
  const headers = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const hotel = await demoHotel(page.request, 'Palm Grove Inn');
  const switchTo = async (on: boolean) => {
    const current = await (await page.request.get(`/api/hotels/${hotel.id}`, { headers })).json();
    const res = await page.request.put(`/api/hotels/${hotel.id}`, {
      headers,
      data: { ...current, phone_verification: on },
    });
    expect(res.status()).toBe(200);
  };
  await switchTo(true);
  try {
    await journey(hotel.id);
  } finally {
    await switchTo(false);
  }
}

/**
 * The details step filled for `mobile` on the page at `path` (the hotel's, or a card's QR link), then Continue, then
 * the code the log provider printed verified; one offer picked.
 */
async function detailsAndCode(page: Page, path: string, mobile: string, shots = false) {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Meera Joshi');
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Check Out Date').fill(inDays(2));
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your mobile number' })).toBeVisible();
  if (shots) await shot(page, 'verify-send');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await codeSentTo(mobile));
  if (shots) await shot(page, 'verify-code');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a Category' })).toBeVisible();
  await page
    .getByRole('button', { name: /offers?$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
}

test("a room card's QR code with phone verification on: proven by code, vouchers issued, then back on a second phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await withPhoneVerification(page, async (hotelId) => {
    // The card as printed: its QR code read off the PDF.
    const { placement, pdf, headers } = await newRoomCard(page.request, hotelId);
    const [link] = await qrTextsOfPdf(pdf);
    expect(link).toMatch(new RegExp(`/scan/${hotelId}\\?p=[A-Za-z0-9_-]{22,64}$`));
    const mobile = randomMobile('7');
    // Without a code the server refuses the claim outright.
    const unproven = await page.request.post('/api/customer-scans', {
      data: {
        hotel_id: hotelId,
        customer_name: 'Meera Joshi',
        mobile_number: mobile,
        checkout_date: inDays(2),
        consent: true,
        selected_offers: await offerIds(page, hotelId, 1),
      },
    });
    expect(unproven.status()).toBe(403);

    await detailsAndCode(page, new URL(link!).pathname + new URL(link!).search, mobile, true);
    const submitted = page.waitForResponse(
      (res) => res.url().endsWith('/api/customer-scans') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
    const answer = await submitted;
    expect(answer.status()).toBe(201);
    // Issued at a hotel that refused the unproven claim: the submission carried the proof, and the card's token.
    const issued: string[] = (await answer.json()).coupons.map((coupon: { coupon_code: string }) => coupon.coupon_code);
    expect(issued).toHaveLength(1);
    await expect(page.getByRole('heading', { name: /Enjoying your stay/ })).toBeVisible();
    const byCard = await page.request.get(`/api/customer-scans?hotel_id=${hotelId}&placement_id=${placement.id}`, {
      headers,
    });
    expect((await byCard.json()).map((scan: { mobile_number: string }) => scan.mobile_number)).toEqual([mobile]);

    // A second phone: the same number meets "already collected", proves it again, and the voucher is there.
    const other = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const phone = await other.newPage();
    await phone.goto(`/scan/${hotelId}`);
    await phone.getByRole('textbox', { name: 'Name', exact: true }).fill('Meera Joshi');
    await phone.getByLabel('Phone Number').fill(mobile);
    await phone.getByLabel('Check Out Date').fill(inDays(2));
    await phone.getByRole('checkbox', { name: /I agree to share/ }).check();
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.getByRole('button', { name: 'Show my vouchers' }).click();
    await phone.getByRole('button', { name: 'Send code' }).click();
    await phone.getByLabel('6-digit code').fill(await codeSentTo(mobile, 1));
    await phone.getByRole('button', { name: 'Verify' }).click();
    await expect(phone.getByRole('heading', { name: /Congratulations, Meera/ })).toBeVisible();
    expect(await phone.locator('.voucher-code').allTextContents()).toEqual(issued);
    await other.close();
  });
});

test('a proof the server refuses (run out after 30 minutes) brings the Verify step back, saying so, without a toast', async ({
  page,
}) => {
  await withPhoneVerification(page, async (hotelId) => {
    await detailsAndCode(page, `/scan/${hotelId}`, randomMobile('7'));
    // The server's answer to a token past its 30 minutes (docs/PRODUCT.md "Guest trust"), without waiting for them.
    await page.route('**/api/customer-scans', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ detail: VERIFICATION_INVALID }),
      }),
    );
    await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
    await expect(page.getByRole('heading', { name: 'Verify your mobile number' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(VERIFICATION_INVALID);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await shot(page, 'verify-refused');
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
