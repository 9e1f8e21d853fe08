import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from './support/app';
import { login, openMenuItem, uniqueName } from './support/app';
import { addOffer, collectVouchers, freshHotel } from './support/guests';
import { expectWithinWidth } from './support/layout';
import { apiToken, freshMerchantLogin } from './support/logins';

/**
 * Per-offer results (docs/DATA.md "Per-offer results"): a fresh restaurant's offer in a town of its own, collected by
 * three guests at a fresh hotel there, two redeemed with bills of ₹500 and ₹860; My Offers (phone and desktop) and All Offers (desktop) show them.
 */
const shots = process.env.OFFER_RESULTS_SHOTS_DIR;
const EXPECTED = '3 issued · 2 used (67 %) · ₹1,360 spent, avg ₹680 (2 bills)';

async function offerWithResults(request: APIRequestContext) {
  // A town of its own: a Goa restaurant's offer would be the first a guest spec opens at Seaview Resort.
  const hotel = await freshHotel(request);
  const merchant = await freshMerchantLogin(request, undefined, { location: hotel.locationName, type: 'Restaurant' });
  const offer = await addOffer(request, merchant.id, uniqueName('Beach thali'));
  // A second offer that nobody collects: its rate is "-", below every other in the sorted list.
  await addOffer(request, merchant.id, uniqueName('Sunset mocktail'));
  const hotelId = hotel.id;
  const codes = [];
  for (const guestName of ['Asha Rao', 'Dev Menon', 'Ira Pillai'])
    codes.push(...(await collectVouchers(request, { hotelId, guestName, offerIds: [offer.id] })));
  const headers = { Authorization: `Bearer ${await apiToken(request, merchant)}` };
  for (const [code, bill] of [
    [codes[0]!, 500],
    [codes[1]!, 860],
  ] as const) {
    const redeemed = await request.post('/api/merchant/redeem-voucher', { headers, data: { voucher_code: code } });
    expect(redeemed.status()).toBe(200);
    const billed = await request.put(`/api/merchant/redemptions/${code}/bill`, {
      headers,
      data: { bill_amount: bill },
    });
    expect(billed.status()).toBe(200);
  }
  return { merchant, offer, locationName: hotel.locationName };
}

test('My Offers: each offer shows this month and all time, issued, used with the rate, spend and average bill', async ({
  page,
  request,
  isMobile,
}) => {
  // The counter phone, and a shop's computer or tablet.
  const { merchant, offer } = await offerWithResults(request);
  await login(page, 'merchant', merchant);
  await openMenuItem(page, 'My Offers');
  const results = page.getByRole('definition').filter({ hasText: EXPECTED });
  const card = page.locator('.ma-offer-card').filter({ hasText: offer.offer_name });
  const figures = card.getByLabel(`Results of ${offer.offer_name}`);
  await expect(figures.getByText('This month')).toBeVisible();
  await expect(figures.getByText('All time')).toBeVisible();
  await expect(card.locator('.ma-offer-results dd')).toHaveText([EXPECTED, EXPECTED]);
  await expect(results).toHaveCount(2);
  await figures.scrollIntoViewIfNeeded();
  await expectWithinWidth(page, figures);
  if (shots) await card.screenshot({ path: join(shots, `my-offers-results-${isMobile ? 'phone' : 'desktop'}.png`) });
  // The same figures as a file: this month's then all time's, the rate as a percentage.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  const line = csv.split(/\r?\n/).find((l) => l.includes(offer.offer_name))!;
  expect(line.endsWith(',3,2,66.7,1360,680,2,3,2,66.7,1360,680,2')).toBe(true);
});

test("All Offers: sorted by redemption rate, with each offer's rate and results", async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'the back office table at desktop size');
  const { offer, locationName } = await offerWithResults(request);
  await login(page, 'superadmin');
  await openMenuItem(page, 'Offers');
  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: locationName });
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Redemption rate' });
  const row = page.getByRole('row').filter({ hasText: offer.offer_name });
  await expect(row).toContainText('67 %');
  await expect(row).toContainText('2 of 3');
  await expect(row.getByTitle(EXPECTED)).toBeVisible();
  // Highest rate first: the rates down the column never rise (polled: the sorted list replaces the other once loaded).
  const rates = async () =>
    (await page.locator('.mo-table tbody tr td.mo-usage strong').allTextContents()).map((text) =>
      text === '-' ? -1 : Number.parseInt(text, 10),
    );
  await expect.poll(async () => (await rates()).length).toBeGreaterThan(1);
  await expect
    .poll(async () => {
      const shown = await rates();
      return shown.every((rate, i) => i === 0 || rate <= shown[i - 1]!);
    })
    .toBe(true);
  if (shots) await page.screenshot({ path: join(shots, 'all-offers-by-rate-desktop.png') });
});
