import { expect, test } from './support/app';
import { demoHotelId, inDays, randomMobile } from './support/guests';
import { newRoomCard, qrTextsOfPdf } from './support/room-cards';

// A room's card (docs/PRODUCT.md "Guest trust"): its QR code, read from the printed PDF, opens the guest page with
// the card's token; the scan is attributed to the card and the address bar keeps no token. Phone size (390×844).
test.skip(({ isMobile }) => !isMobile, 'guest flow runs at phone size');

test("a room card's QR code opens the guest page, and the scan is attributed to the room", async ({
  page,
  request,
}) => {
  const hotelId = await demoHotelId(request);
  const { placement, pdf, headers } = await newRoomCard(request, hotelId);
  const [link] = await qrTextsOfPdf(pdf);
  expect(link).toMatch(new RegExp(`/scan/${hotelId}\\?p=[A-Za-z0-9_-]{22,64}$`));
  expect(new URL(link!).search).toBe(new URL(placement.scan_path, 'http://x').search);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  // The token stays with the visit, not in the address a guest copies or shares.
  await expect(page).toHaveURL(new RegExp(`/scan/${hotelId}$`));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Meera Iyer');
  await page.getByLabel('Phone Number').fill(randomMobile('7'));
  await page.getByLabel('Check Out Date').fill(inDays(2));
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Restaurant/ }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible({ timeout: 25_000 });
  await page.screenshot({ path: test.info().outputPath('vouchers-through-room-card.png'), fullPage: true });

  const scans = await request.get(`/api/customer-scans?hotel_id=${hotelId}&placement_id=${placement.id}`, {
    headers,
  });
  expect(scans.status()).toBe(200);
  const rows = await scans.json();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ customer_name: 'Meera Iyer', placement_label: placement.label });
});
