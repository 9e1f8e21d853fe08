import type { BrowserContext } from '@playwright/test';
import { expect, type APIRequestContext, type Page } from './app';
import type { GuestLanguage } from '../../../src/shared/guest-languages';
import { apiToken } from './logins';

/** A mobile number no other test uses; specs pass their own first digit so parallel specs differ. */
export const randomMobile = (first = '9') => `${first}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The date `days` from today (YYYY-MM-DD), as the check-out date field takes it. */
export const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);

/** The demo hotel named `name`, read through the API as the demo super admin. */
export async function demoHotel(
  request: APIRequestContext,
  name = 'Seaview Resort',
): Promise<{ id: string; location_id: string }> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const hotels = await (await request.get('/api/hotels', { headers })).json();
  return hotels.find((h: { name: string }) => h.name === name);
}

/** A guest scan with consent through the guest API (the calls the guest screens make); answers the voucher codes. */
export async function collectVouchers(
  request: APIRequestContext,
  scan: { hotelId: string; guestName: string; offerIds: string[]; mobile?: string; reminders?: boolean },
): Promise<string[]> {
  const res = await request.post('/api/customer-scans', {
    data: {
      hotel_id: scan.hotelId,
      customer_name: scan.guestName,
      mobile_number: scan.mobile ?? randomMobile(),
      checkout_date: inDays(2),
      consent: true,
      reminders_opt_in: scan.reminders ?? false,
      selected_offers: scan.offerIds,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).coupons.map((c: { coupon_code: string }) => c.coupon_code);
}

/** A guest at Seaview Resort (Goa) collects `count` vouchers of demo merchant Spice Garden's offers. */
export async function spiceGardenVouchers(request: APIRequestContext, guestName: string, count = 1) {
  const hotel = await demoHotel(request);
  const offers = await (await request.get(`/api/offers?location_id=${hotel.location_id}`)).json();
  const spiceGarden = offers
    .filter((o: { merchant_name: string }) => o.merchant_name === 'Spice Garden')
    .map((o: { id: string }) => o.id);
  expect(spiceGarden.length).toBeGreaterThan(0);
  return collectVouchers(request, { hotelId: hotel.id, guestName, offerIds: spiceGarden.slice(0, count) });
}

/** One Spice Garden voucher of a guest at Seaview Resort. */
export async function spiceGardenVoucher(request: APIRequestContext, guestName: string): Promise<string> {
  return (await spiceGardenVouchers(request, guestName))[0] as string;
}

/** Reloads once online so the service worker controls the page, then goes offline and reloads again. */
export async function reloadOffline(page: Page, context: BrowserContext) {
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
}

/** The id of the demo hotel named `name`. */
export const demoHotelId = async (request: APIRequestContext, name = 'Seaview Resort') =>
  (await demoHotel(request, name)).id;

/** Opens the guest page of the demo hotel `name`, as its QR code links to it; answers the hotel's id. */
export async function openDemoScan(page: Page, request: APIRequestContext, name = 'Seaview Resort') {
  const hotelId = await demoHotelId(request, name);
  await page.goto(`/scan/${hotelId}`);
  return hotelId;
}

/** Today in the business time zone (APP_TIMEZONE, Asia/Kolkata), 'YYYY-MM-DD': the day the server's rules read. */
export const businessToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' date. */
export const isoWeekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * An offer of `merchantId` made through the API as the demo super admin: valid from yesterday for a month, with
 * `rules` (docs/PRODUCT.md "Offer rules"); answers the offer.
 */
export async function addOffer(
  request: APIRequestContext,
  merchantId: string,
  offer_name: string,
  rules: Record<string, unknown> = {},
): Promise<{ id: string; offer_name: string }> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post('/api/offers', {
    headers,
    data: {
      merchant_id: merchantId,
      offer_name,
      offer_type: 'percentage',
      offer_value: 15,
      validity_from: inDays(-1),
      validity_to: inDays(30),
      opening_hours: '11:00',
      closing_hours: '23:00',
      description: 'Lunch by the lake',
      terms_conditions: 'One per table',
      images: [],
      ...rules,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/**
 * Opens the guest page of demo hotel `hotel` in `page`, fills the details (check-out in two days unless given) and
 * opens the category `category`.
 */
export async function openGuestCategory(
  page: Page,
  request: APIRequestContext,
  hotel: string,
  category: string,
  checkout = inDays(2),
) {
  await openDemoScan(page, request, hotel);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Meera Joshi');
  await page.getByLabel('Phone Number').fill(randomMobile('8'));
  await page.getByLabel('Check Out Date').fill(checkout);
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: new RegExp(category) }).click();
  await expect(page.getByRole('heading', { name: category })).toBeVisible();
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A new hotel (its guest page open: a subscription from today) in a new location speaking `lang`: a spec that adds
 * offers or changes a town's language there leaves the demo towns, which other specs read, as they were.
 */
export async function freshHotel(
  request: APIRequestContext,
  lang: GuestLanguage = 'en',
): Promise<{ id: string; locationName: string }> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const locationName = unique('Town');
  const location = await request.post('/api/locations', {
    headers,
    data: { name: locationName, default_language: lang },
  });
  expect(location.status()).toBe(201);
  expect(await location.json()).toMatchObject({ default_language: lang });
  const [duration] = await (await request.get('/api/subscription-durations', { headers })).json();
  const hotel = await request.post('/api/hotels', {
    headers,
    data: {
      name: unique('Language Inn'),
      location_id: (await location.json()).id,
      address: '1 Temple Street',
      contact_number: '9876543210',
      contact_person: 'Meena Iyer',
      subscription_duration_id: duration.id,
    },
  });
  expect(hotel.status()).toBe(201);
  return { id: (await hotel.json()).id, locationName };
}
