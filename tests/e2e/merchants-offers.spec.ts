import { deflateSync } from 'node:zlib';
import { DEMO, expect, login, openMenuItem, test, toast, uniqueName, type Page } from './support/app';
import { expectKeyColumnStays } from './support/layout';
import { deleteStatusByName } from './support/page-api';

/** A small real PNG (a 40 x 30 teal tile), as the file picker would give it. */
function pngBytes(): Buffer {
  const width = 40;
  const height = 30;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([14, 116, 144], row + 1 + x * 3);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openMerchants(page: Page) {
  await login(page, 'superadmin');
  await openMenuItem(page, 'Merchants');
  await expect(page).toHaveURL(/\/superadmin\/merchants$/);
  await expect(page.getByRole('heading', { name: 'Manage Merchants' })).toBeVisible();
}

test('create a merchant with its login, add an offer with an image, then edit and toggle the offer', async ({
  page,
  request,
  isMobile,
}) => {
  const name = uniqueName('Chai Point');
  const username = uniqueName('chai').replace(/\s+/g, '_').toLowerCase();
  await openMerchants(page);

  await page.getByRole('button', { name: 'Add Merchant' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Merchant' });
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add.getByRole('alert')).toHaveText('Please fill all required fields');
  await add.getByRole('textbox', { name: /^Merchant Name/ }).fill(name);
  await add.getByRole('combobox', { name: /^Merchant Type/ }).selectOption({ label: 'Cafe' });
  await add.getByRole('combobox', { name: /^Location/ }).selectOption({ label: 'Jaipur' });
  await add.getByRole('textbox', { name: /^Contact Number/ }).fill('9876501234');
  await add.getByRole('textbox', { name: /^Address/ }).fill('5, MI Road, Jaipur');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add.getByRole('alert')).toHaveText('Please provide username and password for merchant login');

  // A taken username: the merchant is kept, the dialog stays, and a retry does not create it twice.
  await add.getByRole('textbox', { name: /^Username/ }).fill('spicegarden');
  await add.getByRole('textbox', { name: /^Password/ }).fill('Masala-tea-4821');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add.getByRole('alert')).toHaveText('Username already exists');
  await expect(add.getByText('The merchant is saved, but its login is not.')).toBeVisible();
  await add.getByRole('textbox', { name: /^Username/ }).fill(username);
  await expect(add.getByRole('alert')).toHaveCount(0);
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Merchant created successfully!')).toBeVisible();
  await expect(add).toBeHidden();
  const merchantRow = page.getByRole('row').filter({ hasText: name });
  await expect(merchantRow).toHaveCount(1);
  await expect(merchantRow).toContainText('Jaipur');

  const signIn = await request.post('/api/auth/login', { data: { username, password: 'Masala-tea-4821' } });
  expect(signIn.status()).toBe(200);
  expect((await signIn.json()).user_type).toBe('merchant');

  await merchantRow.getByRole('button', { name: `Add Offer for ${name}` }).click();
  const create = page.getByRole('dialog', { name: 'Create Offer' });
  await expect(create.getByRole('combobox', { name: /^Offer Type/ })).toHaveValue('percentage');
  await expect(create.getByRole('spinbutton', { name: /^Offer Value/ })).toHaveValue('0');
  await create.getByRole('textbox', { name: /^Offer Name/ }).fill('Chai and samosa');
  await create.getByRole('button', { name: 'Create Offer' }).click();
  await expect(create.getByRole('alert')).toHaveText('Please select validity dates');
  await create.getByRole('combobox', { name: /^Offer Type/ }).selectOption({ label: 'Cash Discount' });
  await create.getByRole('spinbutton', { name: /^Offer Value/ }).fill('120');
  await create.getByLabel(/^Valid From/).fill('2026-01-01');
  await create.getByLabel(/^Valid To/).fill('2099-12-31');
  await create.getByLabel(/^Opening Hours/).fill('09:00');
  await create.getByLabel(/^Closing Hours/).fill('21:00');
  await create.getByRole('textbox', { name: /^Description/ }).fill('Masala chai with two samosas.');
  await create.getByRole('textbox', { name: /^Terms/ }).fill('Once per stay.');
  await create
    .locator('input[type=file]')
    .setInputFiles({ name: 'chai.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(toast(page, 'Images uploaded successfully')).toBeVisible();
  await expect(create.getByRole('img', { name: 'Offer image 1' })).toBeVisible();
  await create.getByRole('button', { name: 'Create Offer' }).click();
  await expect(toast(page, 'Offer created successfully!')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(merchantRow.getByRole('cell').nth(5)).toHaveText('1'); // Offer Count

  await openMenuItem(page, 'Offers');
  await expect(page.getByRole('heading', { name: 'All Offers' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Jaipur' });
  const offerRow = page.getByRole('row').filter({ hasText: name });
  // The offer's name sits beside its merchant's (two offers of one merchant differ by more than type and value).
  const offerHeaders = page.getByRole('region', { name: 'All offers' }).getByRole('columnheader');
  await expect(offerHeaders.nth(1)).toHaveText('Offer Name');
  await expect(offerRow.getByRole('cell').nth(1)).toHaveText('Chai and samosa');
  // On a phone the table scrolls sideways under its merchant column, and says so (docs/PRODUCT.md "Screens").
  if (isMobile)
    await expectKeyColumnStays(
      page,
      page.getByRole('region', { name: 'All offers' }),
      offerRow.getByRole('cell').first(),
    );
  await expect(offerRow).toContainText('Cash Discount');
  await expect(offerRow).toContainText('₹120');
  await expect(offerRow).toContainText('1 Jan 2026');
  await expect(offerRow).toContainText('31 Dec 2099');
  await expect(offerRow).toContainText('Active');

  await offerRow.getByRole('button', { name: 'View Chai and samosa' }).click();
  const view = page.getByRole('dialog', { name: 'Offer Details' });
  await expect(view.getByText('Valid', { exact: true })).toBeVisible();
  await expect(view.getByText('Active', { exact: true })).toBeVisible();
  const image = view.getByRole('img', { name: 'Chai and samosa, image 1' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await view.getByRole('button', { name: 'Edit Offer' }).click();

  const edit = page.getByRole('dialog', { name: 'Edit Offer' });
  await expect(edit.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  await edit.getByRole('spinbutton', { name: /^Offer Value/ }).fill('150');
  await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
  await edit.getByRole('button', { name: 'Update Offer' }).click();
  await expect(toast(page, 'Offer updated successfully!')).toBeVisible();
  await expect(offerRow).toContainText('₹150');
  await expect(offerRow).toContainText('Inactive');

  const toggle = offerRow.getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toast(page, 'Offer activated successfully')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(offerRow).toContainText('Active');
});

test('deleting a merchant asks first; a manager is refused', async ({ page, browser }) => {
  await openMerchants(page);
  const name = uniqueName('Kulfi Corner');
  await page.getByRole('button', { name: 'Add Merchant' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Merchant' });
  await add.getByRole('textbox', { name: /^Merchant Name/ }).fill(name);
  await add.getByRole('combobox', { name: /^Merchant Type/ }).selectOption({ label: 'Restaurant' });
  await add.getByRole('combobox', { name: /^Location/ }).selectOption({ label: 'Goa' });
  await add.getByRole('textbox', { name: /^Contact Number/ }).fill('9876500001');
  await add.getByRole('textbox', { name: /^Address/ }).fill('Calangute, Goa');
  await add.getByRole('textbox', { name: /^Username/ }).fill(uniqueName('kulfi').replace(/\s+/g, '_').toLowerCase());
  await add.getByRole('textbox', { name: /^Password/ }).fill('Rose-falooda-4821');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Merchant created successfully!')).toBeVisible();

  // The manager sees the merchant and may edit it, but is offered no Delete (the API refuses it too: 403).
  const managerPage = await (await browser.newContext()).newPage();
  await login(managerPage, 'superadmin', DEMO.manager);
  await managerPage.goto('/superadmin/merchants');
  await expect(managerPage.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  expect(await deleteStatusByName(managerPage, 'merchants', name)).toBe(403);
  await managerPage.context().close();

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Are you sure you want to delete this merchant?');
    void confirm.dismiss();
  });
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(toast(page, 'Merchant deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
