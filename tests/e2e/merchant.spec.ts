import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { ISO_WEEKDAYS, WEEKDAY_NAMES, weekdaysRuleText } from '../../src/shared/offer-rules';
import { expect, test, type APIRequestContext, type Page } from './support/app';
import { login, openMenuItem, toast, uniqueName } from './support/app';
import {
  addOffer,
  businessToday,
  collectVouchers,
  demoHotelId,
  inDays,
  isoWeekdayOf,
  openGuestCategory,
  reloadOffline,
  spiceGardenVouchers,
} from './support/guests';
import { expectReadableTopBar, expectWithinWidth } from './support/layout';
import { freshMerchantLogin } from './support/logins';

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

  // Offline, a code the phone does not keep cannot be checked, and the typed code stays (docs/COUNTER.md "Without a
  // network"; counter-offline.spec.ts has the queue).
  await input.fill('AB3K7QPX');
  await validate.click();
  await expect(page.getByRole('heading', { name: "Can't check this code offline" })).toBeVisible();
  await expect(input).toHaveValue('AB3K7QPX');

  // A code it keeps is accepted offline (amber) and redeemed when the network is back.
  if (secondCode) {
    await input.fill(secondCode);
    await validate.click();
    await expect(page.getByRole('heading', { name: 'Accepted offline, will sync' })).toBeVisible();
  }
  await context.setOffline(false);
  if (secondCode) await expect(stat(page, 'Redeemed').first()).toHaveText(String(redeemedBefore + 2));

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
  await edit.getByLabel('Offer Value (%)').fill('20');
  await edit.getByRole('button', { name: 'Update Offer' }).click();
  await expect(toast(page, 'Offer updated successfully!')).toBeVisible();
  await expect(card).toContainText('20% OFF');
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

/**
 * docs/PRODUCT.md "Offer rules". A merchant of its own in Udaipur (a restaurant: Lakeside Haveli's guests see it, and
 * no other spec uses that town), so its rules change no other test's vouchers. "Today" is the business time zone's.
 */
const shots = process.env.RULES_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`) });
};
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 864e5).toISOString().slice(0, 10);
/** Every weekday but today's (business time zone): an offer that cannot be redeemed today, but tomorrow. */
const allButToday = () => ISO_WEEKDAYS.filter((day) => day !== isoWeekdayOf(businessToday()));

/** A guest's phone of its own (nothing saved from another guest), in India's time zone as the business. */
async function guestPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kolkata',
  });
  return context.newPage();
}

test("My Offers: an offer's rules, pause and cap, and the guest page following them", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const merchant = await freshMerchantLogin(request, undefined, { location: 'Udaipur', type: 'Restaurant' });
  const name = uniqueName('Lake thali');
  await addOffer(request, merchant.id, name);
  // Another offer of the merchant's, with no rules: the guests' Restaurant category stays whatever this one does.
  const other = await addOffer(request, merchant.id, uniqueName('Lake tea'));
  const today = businessToday();
  const days = allButToday();

  await login(page, 'merchant', merchant);
  await openMenuItem(page, 'My Offers');
  const card = page.locator('.ma-offer-card').filter({ hasText: name });
  await expect(card).toContainText('No cap');
  await card.getByRole('button', { name: `Edit Offer ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Offer' });
  // Active is the back office's switch; the merchant pauses instead.
  await expect(edit.getByRole('checkbox', { name: 'Active' })).toHaveCount(0);
  await edit.getByText('Limits and conditions').click();
  for (const day of days) await edit.getByRole('button', { name: WEEKDAY_NAMES[day], exact: true }).click();
  await edit.getByLabel('Daily cap').fill('5');
  await edit.getByLabel('Total cap').fill('2');
  await edit.getByRole('button', { name: 'Update Offer' }).click();
  // The schema's refusal, at the dialog's foot; corrected, it goes.
  await expect(edit.getByRole('alert')).toHaveText('Daily cap cannot be more than the total cap');
  await edit.getByLabel('Daily cap').fill('1');
  await expect(edit.getByRole('alert')).toHaveCount(0);
  await expect(edit.getByText('3 set')).toBeVisible();
  await edit.getByText('Limits and conditions').scrollIntoViewIfNeeded();
  await shot(page, 'my-offers-form-rules');
  await edit.getByRole('button', { name: 'Update Offer' }).click();
  await expect(toast(page, 'Offer updated successfully!')).toBeVisible();
  await expect(card).toContainText(weekdaysRuleText(days));
  await expect(card).toContainText('1 left of 1');
  await expect(card).toContainText('2 left of 2');

  // A guest at Lakeside Haveli, checking out in two days: not today, the next two days.
  const guest = await guestPhone(browser);
  const checkout = dayAfter(today, 2);
  await openGuestCategory(guest, request, 'Lakeside Haveli', 'Restaurant', checkout);
  const offerCard = guest.locator('.offer-card').filter({ hasText: name });
  const short = (day: string) => WEEKDAY_NAMES[isoWeekdayOf(day)]!.slice(0, 3);
  await expect(offerCard).toContainText(`Use on ${short(dayAfter(today, 1))}, ${short(checkout)}: 2 of your 3 days`);
  await offerCard.getByRole('button', { name: 'View Details' }).click();
  const details = guest.getByRole('dialog', { name });
  await expect(details.getByRole('listitem').filter({ hasText: weekdaysRuleText(days) })).toBeVisible();
  await shot(guest, 'guest-view-details');
  await guest.context().close();

  // Paused in one tap: a guest no longer sees it; the offer with no rules stays.
  await card.getByRole('button', { name: `Pause ${name}` }).click();
  // A phone has no hover: the pointer left over the button would hold the toast that opens under it (sonner keeps
  // a hovered toast), and it would cover Resume.
  await page.mouse.move(0, 0);
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Resume ${name}` })).toBeVisible();
  const pausedGuest = await guestPhone(browser);
  await openGuestCategory(pausedGuest, request, 'Lakeside Haveli', 'Restaurant');
  await expect(pausedGuest.locator('.offer-card').filter({ hasText: other.offer_name })).toBeVisible();
  await expect(pausedGuest.locator('.offer-card').filter({ hasText: name })).toHaveCount(0);
  await pausedGuest.context().close();

  // Resumed, then today's one voucher goes: "Cap reached", and guests no longer see it.
  await card.getByRole('button', { name: `Resume ${name}` }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  const hotelId = await demoHotelId(request, 'Lakeside Haveli');
  await collectVouchers(request, {
    hotelId,
    guestName: 'Dev Rathore',
    offerIds: [(await offerId(request, hotelId, name))!],
  });
  await page.reload();
  await expect(card.getByText('Cap reached')).toBeVisible();
  await expect(card).toContainText('0 left of 1');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'my-offers-badges');
  const cappedGuest = await guestPhone(browser);
  await openGuestCategory(cappedGuest, request, 'Lakeside Haveli', 'Restaurant');
  await expect(cappedGuest.locator('.offer-card').filter({ hasText: other.offer_name })).toBeVisible();
  await expect(cappedGuest.locator('.offer-card').filter({ hasText: name })).toHaveCount(0);
  await cappedGuest.context().close();
});

/** The id of the offer named `name` on the hotel's guest list (none: undefined). */
async function offerId(request: APIRequestContext, hotelId: string, name: string): Promise<string | undefined> {
  const offers: { id: string; offer_name: string }[] = await (
    await request.get(`/api/offers?hotel_id=${hotelId}`)
  ).json();
  return offers.find((offer) => offer.offer_name === name)?.id;
}

test("the counter: an offer's rules answer Not Valid Now (Redeem anyway, marked) and ask for the bill", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const merchant = await freshMerchantLogin(request, undefined, { location: 'Udaipur', type: 'Restaurant' });
  const days = allButToday();
  const weekdays = await addOffer(request, merchant.id, uniqueName('Weekday lunch'), {
    redeem_weekdays: days,
    max_party: 4,
  });
  const billed = await addOffer(request, merchant.id, uniqueName('Big dinner'), { min_bill: 500 });
  const guest = uniqueName('Nisha');
  const [dayCode, billCode] = await collectVouchers(request, {
    hotelId: await demoHotelId(request, 'Lakeside Haveli'),
    guestName: guest,
    offerIds: [weekdays.id, billed.id],
  });

  await login(page, 'merchant', merchant);
  const input = page.getByLabel('Voucher code');
  const panel = page.locator('.ma-redeem .ma-result');

  // Not today: its own colour (not orange "Already Redeemed") and mark, the rule, the offer's rules.
  await input.fill(dayCode!);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Not Valid Now' })).toBeVisible();
  await expect(panel).toHaveAttribute('data-status', 'not_valid_now');
  await expect(panel).toHaveCSS('background-color', 'rgb(243, 232, 255)');
  await expect(panel.locator('.ma-result-message')).toHaveText(weekdaysRuleText(days));
  // Its other rules, for the staff to check (the party size); the one broken is the message.
  await expect(panel.getByRole('list', { name: 'Offer rules' })).toHaveText('Up to 4 people');
  await expect(panel.locator('.ma-result-mark svg')).toBeVisible();
  await shot(page, 'counter-not-valid-now');

  // Redeem anyway: a reason is asked, then the voucher is redeemed and marked.
  await panel.getByRole('button', { name: 'Redeem anyway' }).click();
  const anyway = page.getByRole('dialog', { name: 'Redeem anyway' });
  await anyway.getByRole('button', { name: 'Redeem anyway' }).click();
  await expect(anyway.getByRole('alert')).toHaveText('Please give a reason for redeeming anyway');
  await anyway.getByLabel('Reason').fill('Manager agreed: leaves tomorrow');
  await shot(page, 'counter-redeem-anyway');
  await anyway.getByRole('button', { name: 'Redeem anyway' }).click();
  await expect(anyway).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Voucher Redeemed Successfully' })).toBeVisible();
  await expect(panel).toContainText('Redeemed anyway');
  const today = page.getByRole('region', { name: 'Today at this counter' });
  const entry = today.getByRole('listitem').filter({ hasText: dayCode! });
  await entry.getByRole('button', { name: 'Redeemed anyway' }).click();
  await expect(entry).toContainText('Reason: Manager agreed: leaves tomorrow');

  // A minimum bill: the bill is asked first (numeric keypad), then the voucher is redeemed with it.
  await input.fill(billCode!);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Bill Amount Needed' })).toBeVisible();
  await expect(panel.locator('.ma-result-message')).toHaveText('Enter the bill amount (minimum bill ₹500)');
  await expect(panel).toHaveAttribute('data-status', 'bill_required');
  const bill = panel.getByLabel('Bill amount (₹)');
  await expect(bill).toBeFocused();
  await expect(bill).toHaveAttribute('inputmode', 'decimal');
  await shot(page, 'counter-bill-required');
  await bill.fill('600');
  await panel.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: 'Voucher Redeemed Successfully' })).toBeVisible();
  await expect(panel).toContainText('Bill amount: ₹600.00');
  await expect(today.getByRole('listitem').filter({ hasText: billCode! })).toContainText('₹600.00');

  // My Customers marks the override too.
  await openMenuItem(page, 'My Customers');
  const row = page.getByRole('row').filter({ hasText: dayCode! });
  await expect(row.getByRole('button', { name: 'Redeemed anyway' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Redeemed anyway' })).toHaveAttribute(
    'title',
    'Reason: Manager agreed: leaves tomorrow',
  );
});
