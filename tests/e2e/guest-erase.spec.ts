import { expect, login, menuLink, test, toast, type APIRequestContext } from './support/app';
import { DEMO } from './support/app';
import { collectVouchers, demoHotel, randomMobile } from './support/guests';

// Customer Scans: the super admin erases one guest's data (docs/PRIVACY.md "Erasure on request").

/** A guest scan with two vouchers at a demo hotel, made through the guest API. */
async function guestScan(request: APIRequestContext, mobile: string) {
  const hotel = await demoHotel(request);
  const offers = await (await request.get(`/api/offers?hotel_id=${hotel.id}`)).json();
  const offerIds = offers.slice(0, 2).map((o: { id: string }) => o.id);
  await collectVouchers(request, { hotelId: hotel.id, guestName: 'Erase Me Sharma', mobile, offerIds });
}

test('the super admin erases a guest by mobile number after a confirm; the list shows the scan anonymised', async ({
  page,
  request,
}) => {
  const mobile = randomMobile('7');
  await guestScan(request, mobile);
  await login(page, 'superadmin');
  await (await menuLink(page, 'Customer Scans')).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(mobile);
  await expect(page.getByRole('rowheader', { name: 'Erase Me Sharma' })).toBeVisible();

  await page.getByRole('button', { name: 'Erase guest data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase guest data' });
  await expect(dialog.getByRole('textbox', { name: 'Mobile Number' })).toHaveValue(mobile);
  await expect(dialog.getByText(/cannot be undone/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('erase-dialog.png') });
  await dialog.getByRole('button', { name: 'Erase guest data' }).click();
  await expect(toast(page, 'Guest data erased: 1 scan anonymised, 2 unredeemed vouchers cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The number is gone: searching it finds nothing; the scan is listed as erased.
  await expect(page.getByText('No scans found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('erased');
  await expect(page.getByRole('rowheader', { name: 'Guest (erased)' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('erased-list.png') });

  // Asking again: nothing left to erase.
  await page.getByRole('button', { name: 'Erase guest data' }).click();
  await dialog.getByRole('textbox', { name: 'Mobile Number' }).fill(mobile);
  await dialog.getByRole('button', { name: 'Erase guest data' }).click();
  await expect(toast(page, 'No guest data was found for this mobile number')).toBeVisible();
});

test('an admin does not see Erase guest data', async ({ page }) => {
  await login(page, 'superadmin', DEMO.admin);
  await (await menuLink(page, 'Customer Scans')).click();
  await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase guest data' })).toHaveCount(0);
});
