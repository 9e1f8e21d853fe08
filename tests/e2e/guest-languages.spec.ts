import type { GuestLanguage } from '../../src/shared/guest-languages';
import { catalogue as bengali } from '../../src/web/features/guest/i18n/catalogue-bn';
import { catalogue as kannada } from '../../src/web/features/guest/i18n/catalogue-kn';
import { catalogue as tamil } from '../../src/web/features/guest/i18n/catalogue-ta';
import { en } from '../../src/web/features/guest/i18n/en';
import { expect, test, type APIRequestContext, type Page } from './support/app';
import { apiToken } from './support/logins';

/**
 * The language a guest page opens in (docs/PRODUCT.md "Languages"): the guest's choice on this phone, else the phone's
 * language, else the hotel location's Guest page language, else English. Each case opens the page of a hotel of its
 * own, in a location of its own whose language is set through the API as the Locations screen sets it, so no other
 * spec's hotels change language. The words come from the catalogues, which translators may still reword.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new hotel (its guest page is open: a subscription from today) in a new location speaking `lang`; its id. */
async function hotelWhereLocationSpeaks(request: APIRequestContext, lang: GuestLanguage): Promise<string> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const location = await request.post('/api/locations', {
    headers,
    data: { name: unique('Town'), default_language: lang },
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
  return (await hotel.json()).id;
}

/** The page is in `lang` once the details step's heading is the catalogue's and the document says so. */
async function expectPageIn(page: Page, lang: GuestLanguage, detailsTitle: string) {
  await expect(page.getByRole('heading', { name: detailsTitle, exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test.describe('a phone in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test("opens in Tamil, before the location's Kannada", async ({ page, request }) => {
    await page.goto(`/scan/${await hotelWhereLocationSpeaks(request, 'kn')}`);
    await expectPageIn(page, 'ta', tamil.messages.details.title);
    await expect(page.getByRole('combobox', { name: tamil.messages.language.label })).toHaveValue('ta');
  });
});

test.describe('a phone in French', () => {
  test.use({ locale: 'fr-FR' });

  test("opens in the location's language, Kannada", async ({ page, request }) => {
    await page.goto(`/scan/${await hotelWhereLocationSpeaks(request, 'kn')}`);
    await expectPageIn(page, 'kn', kannada.messages.details.title);
  });
});

test.describe('a phone in English', () => {
  test.use({ locale: 'en-IN' });

  test('switches to Bengali from the header, and a reload keeps Bengali', async ({ page, request }) => {
    await page.goto(`/scan/${await hotelWhereLocationSpeaks(request, 'en')}`);
    await expectPageIn(page, 'en', en.details.title);
    await page.getByRole('combobox', { name: en.language.label }).selectOption('bn');
    await expectPageIn(page, 'bn', bengali.messages.details.title);
    await page.reload();
    await expectPageIn(page, 'bn', bengali.messages.details.title);
    await expect(page.getByRole('combobox', { name: bengali.messages.language.label })).toHaveValue('bn');
  });

  test('opens in English where the location speaks English', async ({ page, request }) => {
    const hotelId = await hotelWhereLocationSpeaks(request, 'en');
    const hotelLoaded = page.waitForResponse((res) => res.url().endsWith(`/api/hotels/${hotelId}`) && res.ok());
    await page.goto(`/scan/${hotelId}`);
    // Once the hotel (with its location's language) has arrived, the page is still English.
    expect(await (await hotelLoaded).json()).toMatchObject({ default_language: 'en' });
    await expect(page.getByRole('heading', { level: 1, name: /Language Inn/ })).toBeVisible();
    await expectPageIn(page, 'en', en.details.title);
  });
});
