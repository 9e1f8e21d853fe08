import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/app';
import { formatIndianNumber, formatRupees } from '../../src/shared/format';
import type { HotelCustomer, HotelDashboard } from '../../src/shared/api-types';
import { login, openMenuItem } from './support/app';
import { apiGet } from './support/page-api';

/**
 * The hotel area with the demo hotel (Seaview Resort): its dashboard shows what GET /hotel/dashboard computes, its
 * Customers list pages and filters with masked mobiles, and its room cards download as PDFs (also from the back
 * office's QR dialog). Screenshots at phone (390×844) and desktop (1280×800) size go to the test's output folder.
 */

async function screenshot(page: Page, name: string, projectName: string, outputPath: (name: string) => string) {
  if (projectName === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: outputPath(`${name}-${projectName}.png`), fullPage: true });
}

test('a hotel signs in and sees its own figures, subscription, rating and QR kit', async ({ page }, testInfo) => {
  await login(page, 'hotel');
  await expect(page.getByRole('heading', { name: 'Seaview Resort' })).toBeVisible();
  // Other specs may add scans meanwhile: the whole comparison is retried.
  await expect(async () => {
    await page.reload();
    const { body: data } = await apiGet<HotelDashboard>(page, 'hotel/dashboard');
    const guests = page.getByRole('region', { name: 'Guests who collected vouchers' });
    await expect(guests.getByRole('group', { name: 'Today' })).toContainText(formatIndianNumber(data.guests_today), {
      timeout: 1000,
    });
    await expect(guests.getByRole('group', { name: 'This Month' })).toContainText(
      formatIndianNumber(data.guests_this_month),
      { timeout: 1000 },
    );
    await expect(guests.getByRole('group', { name: 'All Time' })).toContainText(formatIndianNumber(data.guests_total), {
      timeout: 1000,
    });
    const vouchers = page.getByRole('region', { name: 'Vouchers' });
    await expect(vouchers.getByRole('group', { name: 'Issued' })).toContainText(
      formatIndianNumber(data.vouchers_issued),
      { timeout: 1000 },
    );
    await expect(vouchers.getByRole('group', { name: 'Redeemed' })).toContainText(
      formatIndianNumber(data.vouchers_redeemed),
      { timeout: 1000 },
    );
    await expect(vouchers.getByRole('group', { name: 'Guest Spend at Partners' })).toContainText(
      formatRupees(data.guest_spend),
      { timeout: 1000 },
    );
    expect(data.guests_total).toBeGreaterThan(0);
    if (data.top_merchants[0]) await expect(page.getByText(data.top_merchants[0].name).first()).toBeVisible();
  }).toPass({ timeout: 30_000 });

  await expect(page.getByText('Guests per day, last 30 days')).toBeVisible();
  await expect(page.getByText(/Guests who collected vouchers each day/)).toBeAttached();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Google rating' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for Seaview Resort' })).toBeVisible();
  // The e2e server has no PUBLIC_URL and is opened at 127.0.0.1: the QR card says phones cannot open its code.
  await expect(page.getByRole('link', { name: /^http:\/\/127\.0\.0\.1:\d+\/scan\// })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Phones cannot open this code' })).toBeVisible();

  await screenshot(page, 'hotel-dashboard', testInfo.project.name, (n) => testInfo.outputPath(n));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Room card (A6)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Seaview_Resort_Room_Cards_A6.pdf');
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('a hotel whose subscription ended is told so plainly, with the Contact Us details', async ({ page }, testInfo) => {
  // The demo hotel is subscribed: its real answer is changed to an ended subscription on the way to the page.
  await page.route('**/api/hotel/dashboard', async (route) => {
    const response = await route.fetch();
    const data = (await response.json()) as HotelDashboard;
    const ended = { ...data.subscription, status: 'Inactive' as const, ends_on: '2026-01-31', days_left: 0 };
    await route.fulfill({ response, json: { ...data, subscription: ended } });
  });
  await login(page, 'hotel');
  const notice = page.getByRole('alert').filter({ hasText: 'Your subscription has ended' });
  await expect(notice).toContainText('It ended on 31 Jan 2026.');
  await expect(notice.getByText('Market Manager')).toBeVisible();
  await expect(notice.getByRole('link', { name: '1800 123 4567' })).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'hotel-dashboard-ended', testInfo.project.name, (n) => testInfo.outputPath(n));
});

/**
 * The page's "of N guests" is the API's total for the same list. Other specs' guests scan at this demo hotel while
 * this one runs, so the API is asked first and the page reloaded after it, again until both saw the same guests.
 */
async function expectCountAsApi(page: Page, path: string): Promise<HotelCustomer[]> {
  let rows: HotelCustomer[] = [];
  await expect(async () => {
    const answer = await apiGet<HotelCustomer[]>(page, path);
    rows = answer.body;
    await page.reload();
    await expect(page.getByText(`of ${formatIndianNumber(Number(answer.total))} guests`)).toBeVisible({
      timeout: 5000,
    });
  }).toPass({ timeout: 30_000 });
  return rows;
}

test("the Customers list pages through the hotel's guests with masked mobiles and filters by date", async ({
  page,
}, testInfo) => {
  await login(page, 'hotel');
  await openMenuItem(page, 'Customers');
  await expect(page).toHaveURL(/\/hotel\/customers$/);
  const rows = await expectCountAsApi(page, 'hotel/customers?limit=50');
  expect(rows.length).toBeGreaterThan(0);
  const list = page.getByRole('region', { name: 'Guests who collected vouchers' });
  await expect(list.getByText(rows[0]!.customer_name).first()).toBeVisible();
  // Masked: first 2 and last 3 digits; the demo guests' whole numbers never show.
  await expect(list.getByText(/^\d{2}\*{5}\d{3}$/).first()).toBeVisible();
  for (const whole of ['9876543210', '9812345678', '9988776655']) await expect(list).not.toContainText(whole);

  await screenshot(page, 'hotel-customers', testInfo.project.name, (n) => testInfo.outputPath(n));

  // A date range: the count and the rows follow the API's answer for the same days.
  const day = rows[0]!.scan_date.slice(0, 10);
  const from = page.getByLabel('From', { exact: true });
  await from.fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await expect(page).toHaveURL(new RegExp(`from=${day}.*to=${day}`));
  await expectCountAsApi(page, `hotel/customers?limit=50&from=${day}&to=${day}`);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/hotel\/customers$/);
});

test("the back office's QR dialog gives a hotel's room cards, four on an A4 sheet, in the card language chosen", async ({
  page,
}) => {
  await login(page, 'superadmin');
  await openMenuItem(page, 'Hotels');
  await page.getByRole('button', { name: 'QR code of Seaview Resort' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR Code - Seaview Resort' });
  // Each language named in its own script and in English; Hindi until another is chosen.
  const language = dialog.locator('.hotel-qr-actions').getByLabel('Card language');
  await expect(language).toHaveValue('hi');
  await expect(language.locator('option')).toHaveText([
    'हिन्दी · Hindi',
    'தமிழ் · Tamil',
    'తెలుగు · Telugu',
    'ಕನ್ನಡ · Kannada',
    'മലയാളം · Malayalam',
    'বাংলা · Bengali',
    'मराठी · Marathi',
  ]);
  await language.selectOption('ta');
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest(/\/room-cards\.pdf\?/),
    dialog.getByRole('button', { name: '4 cards on A4' }).click(),
  ]);
  expect(new URL(request.url()).searchParams.get('lang')).toBe('ta');
  expect(download.suggestedFilename()).toBe('Seaview_Resort_Room_Cards_A4X4.pdf');
  const pdf = await readFile(await download.path());
  expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
});
