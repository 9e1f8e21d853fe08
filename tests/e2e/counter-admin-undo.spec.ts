import { expect, test, type APIRequestContext } from './support/app';
import { DEMO, login, openMenuItem, toast, uniqueName } from './support/app';

/**
 * The super admin undoes a redemption from Customer Scans with a reason (issue #13, docs/COUNTER.md); an admin sees
 * no Undo. Back office: desktop size.
 */
test.skip(({ isMobile }) => isMobile, 'the back office runs at desktop size');

const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);
const randomMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function tokenOf(request: APIRequestContext, login: { username: string; password: string }): Promise<string> {
  return (await (await request.post('/api/auth/login', { data: login })).json()).access_token as string;
}

/** A guest's Spice Garden voucher, redeemed at the counter through the merchant API. */
async function redeemedVoucher(request: APIRequestContext, guestName: string): Promise<string> {
  const admin = await tokenOf(request, DEMO.superadmin);
  const hotels = await (await request.get('/api/hotels', { headers: { Authorization: `Bearer ${admin}` } })).json();
  const hotel = hotels.find((h: { name: string }) => h.name === 'Seaview Resort');
  const offers = await (await request.get(`/api/offers?location_id=${hotel.location_id}`)).json();
  const offer = offers.find((o: { merchant_name: string }) => o.merchant_name === 'Spice Garden');
  const scan = await request.post('/api/customer-scans', {
    data: {
      hotel_id: hotel.id,
      customer_name: guestName,
      mobile_number: randomMobile(),
      checkout_date: inDays(2),
      selected_offers: [offer.id],
      consent: true,
    },
  });
  expect(scan.status()).toBe(201);
  const code = (await scan.json()).coupons[0].coupon_code as string;
  const merchant = await tokenOf(request, DEMO.merchant);
  const redeemed = await request.post('/api/merchant/redeem-voucher', {
    headers: { Authorization: `Bearer ${merchant}` },
    data: { voucher_code: code },
  });
  expect((await redeemed.json()).status).toBe('success');
  return code;
}

test('the super admin undoes a redemption from Customer Scans with a reason', async ({ page, request }) => {
  const guest = uniqueName('Meena');
  const code = await redeemedVoucher(request, guest);
  await login(page, 'superadmin');
  await openMenuItem(page, 'Customer Scans');
  await page.getByLabel('Search').fill(guest);
  const table = page.getByRole('region', { name: 'Customer scans' });
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Redeemed');

  await row.getByRole('button', { name: `Undo redemption of ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo redemption' });
  await expect(dialog).toContainText('Spice Garden');
  await dialog.getByLabel('Reason').fill('Guest was charged in full; voucher restored');
  await page.screenshot({ path: test.info().outputPath('admin-undo-dialog.png') });
  await dialog.getByRole('button', { name: 'Undo redemption' }).click();
  await expect(toast(page, `Redemption of ${code} undone`)).toBeVisible();
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: `Undo redemption of ${code}` })).toHaveCount(0);
});

test('an admin sees no Undo in Customer Scans', async ({ page, request }) => {
  const guest = uniqueName('Farah');
  const code = await redeemedVoucher(request, guest);
  await login(page, 'superadmin', DEMO.admin);
  await openMenuItem(page, 'Customer Scans');
  await page.getByLabel('Search').fill(guest);
  const row = page.getByRole('region', { name: 'Customer scans' }).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Redeemed');
  await expect(page.getByRole('button', { name: /^Undo redemption/ })).toHaveCount(0);
});
