import type { GuestLanguage } from '../../src/shared/guest-languages';
import { catalogue as bengali } from '../../src/web/features/guest/i18n/catalogue-bn';
import { catalogue as kannada } from '../../src/web/features/guest/i18n/catalogue-kn';
import { catalogue as tamil } from '../../src/web/features/guest/i18n/catalogue-ta';
import { en } from '../../src/web/features/guest/i18n/en';
import { expect, test, type Page } from './support/app';
import { freshHotel } from './support/guests';

/**
 * The language a guest page opens in (docs/PRODUCT.md "Languages"): the guest's choice on this phone, else the phone's
 * language, else the hotel location's Guest page language, else English. Each case opens the page of a hotel of its
 * own, in a location of its own whose language is set through the API as the Locations screen sets it, so no other
 * spec's hotels change language. The words come from the catalogues, which translators may still reword.
 */

/** The page is in `lang` once the details step's heading is the catalogue's and the document says so. */
async function expectPageIn(page: Page, lang: GuestLanguage, detailsTitle: string) {
  await expect(page.getByRole('heading', { name: detailsTitle, exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test.describe('a phone in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test("opens in Tamil, before the location's Kannada", async ({ page, request }) => {
    await page.goto(`/scan/${(await freshHotel(request, 'kn')).id}`);
    await expectPageIn(page, 'ta', tamil.messages.details.title);
    await expect(page.getByRole('combobox', { name: tamil.messages.language.label })).toHaveValue('ta');
  });
});

test.describe('a phone in French', () => {
  test.use({ locale: 'fr-FR' });

  test("opens in the location's language, Kannada", async ({ page, request }) => {
    await page.goto(`/scan/${(await freshHotel(request, 'kn')).id}`);
    await expectPageIn(page, 'kn', kannada.messages.details.title);
  });
});

test.describe('a phone in English', () => {
  test.use({ locale: 'en-IN' });

  test('switches to Bengali from the header, and a reload keeps Bengali', async ({ page, request }) => {
    await page.goto(`/scan/${(await freshHotel(request, 'en')).id}`);
    await expectPageIn(page, 'en', en.details.title);
    await page.getByRole('combobox', { name: en.language.label }).selectOption('bn');
    await expectPageIn(page, 'bn', bengali.messages.details.title);
    await page.reload();
    await expectPageIn(page, 'bn', bengali.messages.details.title);
    await expect(page.getByRole('combobox', { name: bengali.messages.language.label })).toHaveValue('bn');
  });

  test('opens in English where the location speaks English', async ({ page, request }) => {
    const hotelId = (await freshHotel(request, 'en')).id;
    const hotelLoaded = page.waitForResponse((res) => res.url().endsWith(`/api/hotels/${hotelId}`) && res.ok());
    await page.goto(`/scan/${hotelId}`);
    // Once the hotel (with its location's language) has arrived, the page is still English.
    expect(await (await hotelLoaded).json()).toMatchObject({ default_language: 'en' });
    await expect(page.getByRole('heading', { level: 1, name: /Language Inn/ })).toBeVisible();
    await expectPageIn(page, 'en', en.details.title);
  });
});
