import { readFile } from 'node:fs/promises';
import type { Hotel, Invoice } from '../../src/shared/api-types';
import { expect, login, openMenuItem, test, toast } from './support/app';
import { apiToken } from './support/logins';
import { apiGet } from './support/page-api';

/** A 1x1 PNG: the upload re-encodes it, the PDF draws it above the signatory's name. */
const SIGNATURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * docs/PRODUCT.md "Tax invoices" in the browser: the super admin sets up Settings › Billing (the GSTIN checked as
 * typed, the signature image uploaded), a renewal of the demo hotel gets an invoice listed in Invoices with its PDF
 * (the signature drawn), and the hotel sees it in its own area. Settings are saved as they are (the same for every
 * run), so the spec can run again.
 */
test('Settings › Billing, an invoice on renewal in Invoices, and the hotel downloads it', async ({ page, browser }) => {
  await login(page, 'superadmin');
  await openMenuItem(page, 'Settings');
  const section = page.getByRole('region', { name: 'Billing' });
  await section.getByRole('button', { name: /Set up|Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: /billing/i });
  await dialog.getByLabel('Legal name').fill('StayPerks Hospitality Pvt Ltd');
  await dialog.getByLabel('Address').fill('4th Floor, 12 MG Road, Bengaluru 560001');
  await dialog.getByLabel('State').selectOption('29');
  await dialog.getByLabel('SAC code').fill('998361');
  await dialog.getByLabel('Tax rate (%)').fill('18');
  await dialog.getByLabel('Invoice prefix').fill('SP');
  await dialog.getByLabel('Authorised signatory').fill('Asha Menon');
  // The signature image: uploaded at once, shown, printed on the PDF below.
  await dialog
    .getByLabel('Signature image')
    .setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: SIGNATURE });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  await expect(dialog.locator('img.hotel-upload-preview')).toBeVisible();
  // A typo in the check character is refused with the reason, in the form.
  await dialog.getByLabel('GSTIN').fill('29AAGCB7383J1Z5');
  await dialog.getByRole('button', { name: /Create|Update/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('check character');
  await dialog.getByLabel('GSTIN').fill('29AAGCB7383J1Z4');
  await dialog.getByRole('button', { name: /Create|Update/ }).click();
  await expect(toast(page, 'Billing settings saved')).toBeVisible();
  await expect(section.getByText('29AAGCB7383J1Z4')).toBeVisible();
  await expect(section.getByRole('img', { name: 'Signature' })).toBeVisible();

  // A renewal of the demo hotel (through the API, as the Renew dialog sends it) is invoiced.
  const token = await apiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const hotels: Hotel[] = await (await page.request.get('/api/hotels', { headers })).json();
  const seaview = hotels.find((h) => h.name === 'Seaview Resort')!;
  const durations: { id: number }[] = await (await page.request.get('/api/subscription-durations', { headers })).json();
  const renewed = await page.request.post(`/api/hotels/${seaview.id}/renew`, {
    headers,
    data: { subscription_duration_id: durations[0]!.id, subscription_revenue: 999.99 },
  });
  expect(renewed.status()).toBe(200);
  const [invoice] = (await apiGet<Invoice[]>(page, `invoices?hotel_id=${seaview.id}&limit=1`)).body;
  expect(invoice).toMatchObject({ taxable_value: 999.99, total: 1179.99, recipient_name: 'Seaview Resort' });

  await openMenuItem(page, 'Invoices');
  const row = page.getByRole('row').filter({ hasText: invoice!.number });
  await expect(row).toBeVisible();
  await expect(row).toContainText('₹1,179.99');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download PDF of ${invoice!.number}` }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`${invoice!.number.replace(/\//g, '-')}.pdf`);
  const pdf = await readFile(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('/Subtype /Image'); // the signature

  // The hotel sees the same invoice in its area, with its PDF.
  const hotelContext = await browser.newContext();
  const hotelPage = await hotelContext.newPage();
  await login(hotelPage, 'hotel');
  await openMenuItem(hotelPage, 'Invoices');
  const own = hotelPage.getByRole('row').filter({ hasText: invoice!.number });
  await expect(own).toBeVisible();
  await expect(hotelPage.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  // The hotel keeps its own billing details (the same each run).
  await hotelPage.getByRole('button', { name: 'Edit' }).click();
  const ownBilling = hotelPage.getByRole('dialog', { name: 'Billing details' });
  await ownBilling.getByLabel('Billing e-mail').fill('accounts@seaview.test');
  await ownBilling.getByRole('button', { name: 'Update' }).click();
  await expect(toast(hotelPage, 'Billing details saved')).toBeVisible();
  await expect(hotelPage.getByText('accounts@seaview.test')).toBeVisible();
  const [ownFile] = await Promise.all([
    hotelPage.waitForEvent('download'),
    own.getByRole('button', { name: `Download PDF of ${invoice!.number}` }).click(),
  ]);
  expect((await readFile(await ownFile.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await hotelContext.close();
});
