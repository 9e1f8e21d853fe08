import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/app';
import QRCode from 'qrcode';
import { login, openMenuItem, toast, uniqueName } from './support/app';
import { DEMO_LOGINS } from '../../src/server/demo/demo-logins';
import { gstinCheckChar } from '../../src/shared/gst';

const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A GSTIN of Goa (30), its check character computed. */
const GOA_GSTIN = `30AACCO1234K1Z${gstinCheckChar('30AACCO1234K1Z')}`;

test.beforeEach(async ({ page }) => {
  await login(page, 'superadmin');
  await openMenuItem(page, 'Hotels');
  await expect(page).toHaveURL(/\/superadmin\/hotels$/);
  await expect(page.getByRole('heading', { name: 'Manage Hotels' })).toBeVisible();
});

/**
 * True when the PNG shows exactly the QR code of `text` (error correction H, margin 2 as the dialog draws it):
 * the browser reads the image's pixels at each module's centre, the qrcode package says what they must be.
 */
async function pngEncodes(page: Page, file: string, text: string): Promise<boolean> {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const size = qr.modules.size;
  const dark = await page.evaluate(
    async ({ base64, size, margin }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const scale = image.naturalWidth / (size + margin * 2);
      const cells: boolean[] = [];
      for (let row = 0; row < size; row++) {
        for (let col = 0; col < size; col++) {
          const [r] = context.getImageData(
            Math.floor((col + margin + 0.5) * scale),
            Math.floor((row + margin + 0.5) * scale),
            1,
            1,
          ).data;
          cells.push(r! < 128);
        }
      }
      return cells;
    },
    { base64: readFileSync(file).toString('base64'), size, margin: 2 },
  );
  return dark.every((cell, i) => cell === Boolean(qr.modules.get(Math.floor(i / size), i % size)));
}

async function fillRequired(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Add New Hotel' });
  await dialog.getByRole('tab', { name: 'Basic Info' }).click();
  await dialog.getByLabel('Hotel Name').fill(name);
  await dialog.getByLabel('Location').selectOption({ label: 'Goa' });
  await dialog.getByLabel('Address').fill('7 Candolim Beach Road, Goa');
  await dialog.getByLabel('Contact Number').fill('9822001122');
  await dialog.getByLabel('Contact Person').fill('Rhea Fernandes');
  await dialog.getByRole('tab', { name: 'Subscription' }).click();
  await dialog.getByLabel('Subscription Duration').selectOption({ label: '6 Months' });
}

test('create a hotel through all four tabs, see and download its QR, renew it, see the history, delete it', async ({
  page,
  context,
}, testInfo) => {
  const name = uniqueName("Ocean's Edge");
  const username = uniqueName('ocean').replace(/\s/g, '').toLowerCase();

  await page.getByRole('button', { name: 'Add Hotel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Hotel' });
  await expect(dialog.getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Hotel Name').fill(name);
  await dialog.getByLabel('Location').selectOption({ label: 'Goa' });
  await dialog.getByLabel('Address').fill('7 Candolim Beach Road, Goa');
  await dialog.getByLabel('Contact Number').fill('9822001122');
  await dialog.getByLabel('Contact Person').fill('Rhea Fernandes');
  await dialog.getByLabel('Google Place ID').fill('ChIJOceanEdgeTest');
  await dialog.getByLabel('Hotel Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  await expect(dialog.locator('img.hotel-upload-preview')).toBeVisible();
  // Billing for its tax invoices, on the same tab: the GSTIN gives the state.
  await expect(dialog.getByRole('heading', { name: 'Billing (for tax invoices)' })).toBeVisible();
  await dialog.getByLabel('GSTIN').fill(GOA_GSTIN.toLowerCase());
  await dialog.getByLabel('Billing e-mail').fill('accounts@oceans-edge.test');

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Subscription Duration').selectOption({ label: '6 Months' });
  await dialog.getByLabel('Subscription Revenue (₹)').fill('15000');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Manual selection').click();
  await dialog.getByLabel('Restaurant').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('tab', { name: 'Credentials' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill('Coral-reef-31');
  await dialog.getByRole('button', { name: 'Create Hotel' }).click();
  await expect(toast(page, 'Hotel created successfully! View QR code in the table.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');

  // Details: credentials show the username, never the password.
  await row.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name: 'Hotel Details' });
  for (const section of [
    'Basic Information',
    'Login Credentials',
    'Contact Information',
    'Subscription Details',
    'Offer Settings',
    'Links & Media',
  ]) {
    await expect(details.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(details.getByText(username, { exact: true })).toBeVisible();
  await expect(details.getByText('Cannot display hashed password')).toBeVisible();
  await expect(details.getByText('Restaurant', { exact: true })).toBeVisible();
  // The billing details were saved with the hotel.
  await details.getByRole('button', { name: 'Billing details' }).click();
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing.getByLabel('GSTIN')).toHaveValue(GOA_GSTIN);
  await expect(billing.getByLabel('State')).toHaveValue('30');
  await expect(billing.getByLabel('Billing e-mail')).toHaveValue('accounts@oceans-edge.test');
  await billing.getByRole('button', { name: 'Cancel' }).click();
  await details.getByRole('button', { name: 'Close' }).click();

  // QR: the scan URL, Test Scan Page in a new tab, Download QR as <Hotel_Name>_QR_Code.png that encodes the URL.
  await row.getByRole('button', { name: `QR code of ${name}` }).click();
  const qr = page.getByRole('dialog', { name: `QR Code - ${name}` });
  const scanLink = qr.getByRole('link', { name: 'Scan URL' });
  await expect(scanLink).toHaveText(/\/scan\/[0-9a-f-]{36}$/);
  const scanUrl = (await scanLink.textContent())!;
  expect(scanUrl.startsWith(new URL(page.url()).origin)).toBe(true);
  // Without PUBLIC_URL the code encodes this page's origin, here 127.0.0.1: the dialog says no phone can open it.
  expect(scanUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/scan\//);
  await expect(qr.getByRole('alert')).toHaveText(/^Phones cannot open this code: it points to this computer\./);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    qr.getByRole('button', { name: 'Test Scan Page' }).click(),
  ]);
  await expect(tab).toHaveURL(scanUrl);
  await tab.close();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'Download QR' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name.replace(/[^a-zA-Z0-9]/g, '_')}_QR_Code.png`);
  const file = testInfo.outputPath('qr.png');
  await download.saveAs(file);
  expect(await pngEncodes(page, file, scanUrl)).toBe(true);
  await expect(toast(page, 'QR code downloaded!')).toBeVisible();
  await qr.getByRole('button', { name: 'Close' }).click();

  // Renew: count +1, history lists it with the summary.
  await row.getByRole('button', { name: `Renew ${name}` }).click();
  const renew = page.getByRole('dialog', { name: 'Renew Hotel Subscription' });
  await renew.getByLabel('Subscription Duration').selectOption('');
  await renew.getByRole('button', { name: 'Renew' }).click();
  await expect(renew.getByRole('alert')).toHaveText('Please select subscription duration');
  await renew.getByLabel('Subscription Duration').selectOption({ label: '3 Months' });
  await renew.getByLabel('Subscription Revenue (₹)').fill('125000');
  await renew.getByRole('button', { name: 'Renew' }).click();
  await expect(toast(page, 'Hotel renewed successfully!')).toBeVisible();
  await expect(renew).toBeHidden();
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  await row.getByRole('button', { name: `Renewal history of ${name}` }).click();
  const history = page.getByRole('dialog', { name: `Renewal History - ${name}` });
  const summary = history.getByLabel('Renewal summary');
  await expect(summary).toContainText('Total Renewals1');
  await expect(summary).toContainText('₹1,25,000');
  await expect(history.getByRole('row')).toHaveCount(2); // header + one renewal
  await history.getByRole('button', { name: 'Close' }).click();

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Are you sure you want to delete this hotel?');
    void confirm.accept();
  });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(toast(page, 'Hotel deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the form names what is missing; editing replaces the credentials with a notice', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Hotel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Hotel' });
  await dialog.getByRole('tab', { name: 'Credentials' }).click();
  await dialog.getByRole('button', { name: 'Create Hotel' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill all required fields');
  await expect(dialog.getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');

  await fillRequired(page, uniqueName('Half Done'));
  await dialog.getByRole('tab', { name: 'Credentials' }).click();
  await dialog.getByRole('button', { name: 'Create Hotel' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please provide username and password for hotel login');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const row = page.getByRole('row').filter({ hasText: 'Seaview Resort' });
  await row.getByRole('button', { name: 'Edit Seaview Resort' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Hotel' });
  await expect(edit.getByLabel('Hotel Name')).toHaveValue('Seaview Resort');
  await edit.getByRole('tab', { name: 'Credentials' }).click();
  await expect(edit.getByText(/cannot be changed here/)).toBeVisible();
  await expect(edit.getByLabel('Username')).toHaveCount(0);
  // A GSTIN of another state than the one chosen is refused before sending, on the tab that shows it.
  const gstin = edit.getByLabel('GSTIN');
  await edit.getByRole('tab', { name: 'Basic Info' }).click();
  const saved = await gstin.inputValue();
  const state = await edit.getByLabel('State').inputValue();
  await gstin.fill(GOA_GSTIN);
  await edit.getByLabel('State').selectOption('27');
  await edit.getByRole('tab', { name: 'Credentials' }).click();
  await edit.getByRole('button', { name: 'Update Hotel' }).click();
  await expect(edit.getByRole('alert')).toHaveText("GSTIN's state code must match the hotel's state");
  await expect(edit.getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');
  await gstin.fill(saved);
  await edit.getByLabel('State').selectOption(state);
  await edit.getByRole('button', { name: 'Update Hotel' }).click();
  await expect(toast(page, 'Hotel updated successfully!')).toBeVisible();
});

test('the location filter and Clear Filter', async ({ page }) => {
  const filter = page.getByLabel('Filter by location');
  await filter.selectOption({ label: 'Jaipur' });
  await expect(page.getByRole('row').filter({ hasText: 'Pink City Palace' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Seaview Resort' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(filter).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: 'Seaview Resort' })).toHaveCount(1);
});

test('a manager sees no subscription amounts: not in a hotel’s details, not in its renewal history', async ({
  page,
}, info) => {
  await login(page, 'superadmin', DEMO_LOGINS.manager);
  await openMenuItem(page, 'Hotels');
  const name = 'Palm Grove Inn'; // renewed once in the demo data
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name: 'Hotel Details' });
  await expect(details.getByRole('heading', { name: 'Subscription Details' })).toBeVisible();
  await expect(details.getByText('Subscription Revenue')).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Renewal history of ${name}` }).click();
  const history = page.getByRole('dialog', { name: `Renewal History - ${name}` });
  await expect(history.getByLabel('Renewal summary')).toContainText('Total Renewals1');
  await expect(history.getByText('Total Revenue')).toHaveCount(0);
  await expect(history.getByRole('columnheader', { name: 'Amount' })).toHaveCount(0);
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).not.toContainText('₹');
  await page.screenshot({ path: `test-results/e2e/screens/manager-renewal-history-${info.project.name}.png` });
});
