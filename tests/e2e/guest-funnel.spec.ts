import { expect, test } from './support/app';
import { freshHotel, inDays, randomMobile } from './support/guests';
import { apiToken } from './support/logins';

// The guest page is a phone journey (docs/PRODUCT.md "Screens").
test.skip(({ isMobile }) => !isMobile, 'guest flow runs at phone size');

/**
 * The guest page's funnel events (docs/PRODUCT.md "Funnel", docs/PRIVACY.md "Funnel"): page_open once per tab
 * session (a reload sends none) and details_entered on an accepted Continue; the hotel's funnel counts them.
 */
test('the guest page sends page_open once per tab and details_entered on Continue, and the funnel counts them', async ({
  page,
  request,
}) => {
  // A beacon's body is not shown to the page's request events: each call is counted here, its effect read below.
  let calls = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/guest/events') calls++;
  });
  // A hotel of its own: other specs' scans at a demo hotel today (made through the API, without page events) would
  // hold its day's opens at their count (a scan proves its page was opened), hiding this tab's open.
  const { id: hotelId } = await freshHotel(request);
  const token = await apiToken(request);
  const funnel = async () =>
    (await (
      await request.get(`/api/hotels/${hotelId}/funnel`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { opens: number; details: number };
  const before = await funnel();
  await page.goto(`/scan/${hotelId}`);
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await expect.poll(async () => (await funnel()).opens).toBe(before.opens + 1);
  expect(calls).toBe(1);

  // A reload is the same tab session: no second open.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Funnel Guest');
  await page.getByLabel('Phone Number').fill(randomMobile());
  await page.getByLabel('Check Out Date').fill(inDays(2));
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(async () => (await funnel()).details).toBe(before.details + 1);
  expect(calls).toBe(2);
  expect((await funnel()).opens).toBe(before.opens + 1);
});
