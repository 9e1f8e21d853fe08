import { expect, test, type APIRequestContext, type Page } from './support/app';
import { login, openMenuItem, toast, uniqueName } from './support/app';
import { inDays, reloadOffline, spiceGardenVouchers } from './support/guests';
import { expectReadableTopBar, expectWithinWidth } from './support/layout';

// The merchant app is a phone at the counter (390×844 in Chromium).
test.skip(({ isMobile }) => !isMobile, 'the merchant app runs at phone size');

/**
 * A guest at Seaview Resort (Goa) collects vouchers for demo merchant Spice Garden's offers through the guest API
 * (the same calls the guest screens make; the screens themselves are covered by guest.spec.ts).
 */
const guestCodes = (request: APIRequestContext, guestName: string) => spiceGardenVouchers(request, guestName, 2);

const stat = (page: Page, label: string) =>
  page.locator('.ma-stat').filter({ hasText: label }).locator('.ma-stat-value');
const resultPanel = (page: Page) => page.locator('.ma-result');

test("a merchant redeems a guest's code at the counter: each result, the stats, and the app offline", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const guest = uniqueName('Guest');
  const [code, secondCode] = await guestCodes(request, guest);

  await login(page, 'merchant');
  await expect(page.getByRole('heading', { name: 'Welcome, Spice Garden' })).toBeVisible();
  await expectReadableTopBar(page, 'Merchant Dashboard');
  const input = page.getByLabel('Voucher code');
  const validate = page.getByRole('button', { name: 'Validate' });

  // Phone first: the Redeem Voucher box is the first thing on the screen, above the stats.
  const redeemBox = await page.locator('.ma-redeem').boundingBox();
  const statsBox = await page.locator('.ma-stats').boundingBox();
  expect(redeemBox!.y).toBeLessThan(statsBox!.y);
  expect(redeemBox!.y).toBeLessThan(120);
  await expect(input).toHaveAttribute('autocapitalize', 'characters');
  await expect(input).toHaveAttribute('maxlength', '8');

  const redeemedBefore = Number(await stat(page, 'Redeemed').first().textContent());

  // Empty: the docs/PRODUCT.md "Forms and messages" message.
  await validate.click();
  await expect(toast(page, 'Please enter a voucher code')).toBeVisible();

  // Typed in lower case: upper-cased as typed, Enter validates → green.
  await input.pressSequentially(code!.toLowerCase());
  await expect(input).toHaveValue(code!);
  await input.press('Enter');
  await expect(page.getByRole('heading', { name: 'Voucher Redeemed Successfully' })).toBeVisible();
  await expect(resultPanel(page)).toHaveAttribute('data-status', 'success');
  await expect(resultPanel(page)).toContainText(guest);
  await expect(resultPanel(page)).toContainText(code!);
  await expect(resultPanel(page)).toContainText('Redeemed at');
  await expect(resultPanel(page)).toHaveCSS('background-color', 'rgb(220, 252, 231)');
  // The stats refresh after a success.
  await expect(stat(page, 'Redeemed').first()).toHaveText(String(redeemedBefore + 1));

  // The same code again → orange.
  await input.fill(code!);
  await validate.click();
  await expect(page.getByRole('heading', { name: 'Already Redeemed' })).toBeVisible();
  await expect(resultPanel(page)).toHaveAttribute('data-status', 'already_redeemed');
  await expect(resultPanel(page)).toContainText(guest);
  await expect(resultPanel(page)).toHaveCSS('background-color', 'rgb(255, 237, 213)');

  // A bogus code → red; at most 8 characters can be typed.
  await input.fill('');
  await input.pressSequentially('zzzz2222xyz');
  await expect(input).toHaveValue('ZZZZ2222');
  await validate.click();
  await expect(page.getByRole('heading', { name: 'Invalid Voucher' })).toBeVisible();
  await expect(resultPanel(page)).toHaveAttribute('data-status', 'invalid');
  await expect(resultPanel(page)).toHaveCSS('background-color', 'rgb(254, 226, 226)');
  await expect(resultPanel(page)).not.toContainText(guest);
  await expect(stat(page, 'Redeemed').first()).toHaveText(String(redeemedBefore + 1));

  // The result goes away by itself after 15 seconds.
  await expect(resultPanel(page)).toBeHidden({ timeout: 17_000 });

  // Offline: once the service worker controls the page, a reload still shows the last data with a notice.
  await reloadOffline(page, context);
  await expect(page.getByText('You are offline. Showing your last saved data.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Spice Garden' })).toBeVisible();
  await expect(stat(page, 'Redeemed').first()).toHaveText(String(redeemedBefore + 1));

  // Validate offline says a connection is needed and keeps the typed code.
  await input.fill(secondCode ?? 'AB3K7QPX');
  await validate.click();
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  await expect(resultPanel(page)).toContainText('needs an internet connection');
  await expect(input).toHaveValue(secondCode ?? 'AB3K7QPX');

  // Back online the same code goes through.
  await context.setOffline(false);
  if (secondCode) {
    await validate.click();
    await expect(page.getByRole('heading', { name: 'Voucher Redeemed Successfully' })).toBeVisible();
    await expect(stat(page, 'Redeemed').first()).toHaveText(String(redeemedBefore + 2));
  }

  // My Customers lists the guest with the redeemed code.
  await openMenuItem(page, 'My Customers');
  await expect(page.getByRole('cell', { name: guest }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: code!, exact: true })).toBeVisible();
  // Each voucher is a card on the phone (docs/PRODUCT.md "Screens"): its code, offer, time, bill and guest all in view.
  await expectReadableTopBar(page, 'My Customers');
  const card = page.getByRole('row').filter({ hasText: code! });
  await expectWithinWidth(page, card);
  for (const label of ['Offer', 'Redeemed At', 'Bill', 'Customer Name', 'Mobile'])
    await expectWithinWidth(page, card.locator(`td[data-label="${label}"]`));
  await expect(card.locator('td[data-label="Customer Name"]')).toHaveText(guest);
});

test('the home-screen app: / opens the dashboard, Install App shows where the browser offers it', async ({ page }) => {
  await login(page, 'merchant');
  // The manifest's start_url is /: a signed-in merchant lands on the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  const install = page.getByRole('button', { name: 'Install App' });
  await expect(page.getByRole('heading', { name: 'Welcome, Spice Garden' })).toBeVisible();
  await expect(install).toHaveCount(0);

  // What Chromium fires when the app may be installed (headless never does, so the test fires it).
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<unknown>;
    };
    offer.prompt = () => {
      (window as unknown as { prompted: boolean }).prompted = true;
      return Promise.resolve();
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(offer);
  });
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(install).toHaveCount(0);
});

test('My Offers: add a new offer and edit it; My Customers filters by date', async ({ page }) => {
  await login(page, 'merchant');
  await openMenuItem(page, 'My Offers');
  await expect(page.locator('.ma-offer-card').first()).toBeVisible();

  const name = uniqueName('Sunset thali');
  await page.getByRole('button', { name: 'Add New Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Offer' });
  await dialog.getByLabel('Offer Name').fill(name);
  await dialog.getByLabel('Offer Value (%)').fill('15');
  await dialog.getByLabel('Valid From').fill(inDays(0));
  await dialog.getByLabel('Valid To').fill(inDays(30));
  await dialog.getByLabel('Opening Hours').fill('11:00');
  await dialog.getByLabel('Closing Hours').fill('23:00');
  await dialog.getByLabel('Description').fill('Thali at sunset');
  await dialog.getByLabel('Terms & Conditions').fill('One per table');
  await dialog.getByRole('button', { name: 'Create Offer' }).click();
  await expect(toast(page, 'Offer created successfully!')).toBeVisible();
  const card = page.locator('.ma-offer-card').filter({ hasText: name });
  await expect(card).toContainText('15% OFF');
  await expect(card).toContainText('11:00 – 23:00');
  await expect(card).toContainText('Active');

  await card.getByRole('button', { name: /Edit Offer/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Offer' });
  await expect(edit.getByLabel('Offer Name')).toHaveValue(name);
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update Offer' }).click();
  await expect(toast(page, 'Offer updated successfully!')).toBeVisible();
  await expect(card).toContainText('Inactive');
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);

  await openMenuItem(page, 'My Customers');
  const customers = page.getByRole('region', { name: 'My customers' });
  await expect(customers.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('From').fill(inDays(400));
  await expect(page.getByText('No redemptions between these dates.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('From')).toHaveValue('');
  await expect(customers.getByRole('row').nth(1)).toBeVisible();
});
