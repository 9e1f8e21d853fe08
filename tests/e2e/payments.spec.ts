import { formatRupees } from '../../src/shared/format';
import { LOG_GATEWAY_WEBHOOK_SECRET } from '../../src/server/platform/payments/log-gateway';
import { expect, login, openMenuItem, test, toast, uniqueName } from './support/app';
import { linkPaidEvent, signedWebhookHeaders } from '../support/payment-webhooks';
import { apiToken, FRESH_PASSWORD } from './support/logins';

/**
 * docs/PRODUCT.md "Payments" in the browser: a new hotel's period is unpaid; the super admin records part of it by
 * hand with TDS, sends a payment link (the log gateway), the gateway's signed webhook pays the rest, and the period
 * reads Paid with both payments; the dashboard shows the unpaid figure beside revenue.
 */
test('a period goes from Unpaid through a payment by hand to Paid by its payment link', async ({ page, browser }) => {
  const token = await apiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const [location] = (await (await page.request.get('/api/locations', { headers })).json()) as { id: number }[];
  const durations = (await (await page.request.get('/api/subscription-durations', { headers })).json()) as {
    id: number;
  }[];
  const name = uniqueName('Paying Hotel');
  const created = await page.request.post('/api/hotels', {
    headers,
    data: {
      name,
      location_id: location!.id,
      address: '3 Temple Street',
      contact_number: '9876501234',
      contact_person: 'Meera Iyer',
      subscription_duration_id: durations[0]!.id,
      subscription_revenue: 2000,
      offer_selection_type: 'all',
      selected_merchant_types: [],
    },
  });
  expect(created.status()).toBe(201);

  await login(page, 'superadmin');
  await expect(page.getByRole('group', { name: 'Unpaid (with GST)' })).toBeVisible();
  await openMenuItem(page, 'Hotels');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `View ${name}` }).click();
  await page.getByRole('dialog', { name: 'Hotel Details' }).getByRole('button', { name: 'Payments' }).click();
  const payments = page.getByRole('dialog', { name: `Payments - ${name}` });
  await expect(payments.getByText('Unpaid', { exact: true })).toBeVisible();

  // By hand: 500 received, 50 deducted at source.
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const form = page.getByRole('dialog', { name: 'Record payment' });
  await form.getByLabel('Amount received (₹)').fill('500');
  await form.getByLabel('TDS deducted (₹)').fill('50');
  await form.getByLabel('Method').selectOption('bank_transfer');
  await form.getByLabel('Reference').fill('UTR5550001');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded: partly paid')).toBeVisible();
  await expect(payments.getByText('Partly paid', { exact: true })).toBeVisible();
  await expect(payments.getByText('UTR5550001')).toBeVisible();

  // The rest by a payment link, paid at the gateway: its webhook, signed as the gateway signs.
  await payments.getByRole('button', { name: 'Send payment link' }).click();
  await expect(toast(page, 'Payment link sent to the hotel')).toBeVisible();
  const linkText = payments.getByRole('link', { name: /\/pay\/plink_log/ });
  await expect(linkText).toBeVisible();
  const hotelId = ((await created.json()) as { id: string }).id;

  const state = (await (await page.request.get(`/api/payments/hotels/${hotelId}`, { headers })).json()) as {
    periods: { outstanding: number; link: { id: string; url: string; amount: number } }[];
  };
  // The hotel, in its own area, sees what it owes and pays by the link (Pay now).
  const hotelLogin = { username: `h_${hotelId.slice(0, 8)}`, password: FRESH_PASSWORD };
  const made = await page.request.post(
    `/api/users/hotel?${new URLSearchParams({ ...hotelLogin, hotel_id: hotelId })}`,
    { headers },
  );
  expect(made.status()).toBe(201);
  const hotelPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await login(hotelPage, 'hotel', hotelLogin);
  await hotelPage.goto('/hotel/invoices');
  const owed = hotelPage
    .getByRole('listitem')
    .filter({ hasText: `${formatRupees(state.periods[0]!.outstanding, 2)} due` });
  await expect(owed.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', /\/pay\/plink_log/);
  await hotelPage.close();

  const link = state.periods[0]!.link;
  const body = linkPaidEvent(
    { gatewayLinkId: link.url.split('/').pop()!, referenceId: link.id, paise: Math.round(link.amount * 100) },
    `pay_e2e${Date.now()}`,
  );
  const paid = await page.request.post('/api/payment-webhooks/log', {
    data: body,
    headers: signedWebhookHeaders(body, LOG_GATEWAY_WEBHOOK_SECRET, `evt_e2e${Date.now()}`),
  });
  expect(paid.status()).toBe(200);

  await payments.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Hotel Details' }).getByRole('button', { name: 'Payments' }).click();
  await expect(payments.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(payments.getByText('Payment link', { exact: true }).first()).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
});
