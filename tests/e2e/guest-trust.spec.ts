import type { BrowserContext, Locator } from '@playwright/test';
import { expect, test, type Page } from './support/app';
import { toast } from './support/app';
import { devanagariDrawnByWebFont, fontName, scriptFontResponses } from './support/fonts';
import { demoHotelId, inDays, openDemoScan, randomMobile } from './support/guests';
import { chooseLanguage, languageList } from './support/languages';

// Guest trust and reach (docs/PRIVACY.md "Notice and consent", docs/PRODUCT.md "Screens"): consent, the privacy notice,
// share, Hindi, toasts that leave the buttons free. Phone journeys only (390×844).
test.skip(({ isMobile }) => !isMobile, 'guest flow runs at phone size');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function fillDetails(page: Page, mobile = randomMobile('8')) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Anil Kumar');
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Check Out Date').fill(inDays(2));
}

/** Whether two boxes overlap (a toast over a button). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** From the details step (consent ticked) to the offers of the first category, Restaurant (English). */
async function toRestaurantOffers(page: Page) {
  await fillDetails(page);
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Restaurant/ }).click();
}

/** From the details step to the vouchers, picking the first offer of the first category (English). */
async function toVouchers(page: Page) {
  await toRestaurantOffers(page);
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible({ timeout: 25_000 });
}

test('without the consent box nothing is sent; the toast goes once it is ticked; the server refuses too', async ({
  page,
  request,
}) => {
  const hotelId = await openDemoScan(page, request);
  await fillDetails(page);
  const consent = page.getByRole('checkbox', { name: /I agree to share my name and mobile number/ });
  await expect(consent).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /offers from StayPerks partners later/ })).not.toBeChecked();
  // The reminders box (docs/PRODUCT.md "Reminders"): separate, under the privacy box, unticked.
  const reminders = page.getByRole('checkbox', { name: 'Remind me about my vouchers and ask me for a review' });
  await expect(reminders).not.toBeChecked();
  const afterConsent = (box: Element) =>
    (box.compareDocumentPosition(document.getElementById('guest-consent')!) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  expect(await reminders.evaluate(afterConsent)).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  const refused = toast(page, 'Please tick the consent box to agree to the privacy notice');
  await expect(refused).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await shot(page, 'consent-refused');

  // The toast sits above the page, not over the Continue button.
  expect(await overlaps(refused, page.getByRole('button', { name: 'Continue' }))).toBe(false);
  await consent.check();
  await expect(refused).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a Category' })).toBeVisible();

  const offers = await (await request.get(`/api/offers?hotel_id=${hotelId}`)).json();
  const res = await request.post('/api/customer-scans', {
    data: {
      hotel_id: hotelId,
      customer_name: 'No Consent',
      mobile_number: randomMobile('8'),
      checkout_date: inDays(2),
      selected_offers: [offers[0].id],
    },
  });
  expect(res.status()).toBe(422);
  expect((await res.json()).detail).toMatch(/consent/);
});

test('the privacy notice: linked from the consent box, in English and Hindi, and back keeps the details', async ({
  page,
  request,
}) => {
  await openDemoScan(page, request);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Anil Kumar');
  await page.getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
  await expect(page.getByText('Version 2026-11-26')).toBeVisible();
  for (const heading of [
    'What we collect',
    'Why',
    'Reminders and a review request',
    'Who delivers the messages',
    'For how long',
    'Who sees it',
    'Erasing your data',
    'Contact',
  ])
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(page.getByText(/Meta \(WhatsApp\) and the SMS gateway Gupshup/)).toBeVisible();
  await expect(page.getByText(/erased 180 days after your check-out date/)).toBeVisible();
  await expect(page.getByText(/first 2 and last 3 digits/)).toBeVisible();
  // The support contact from Contact Us (demo data).
  await expect(page.getByRole('link', { name: '1800 123 4567' })).toHaveAttribute('href', 'tel:18001234567');
  await expect(page.getByRole('link', { name: 'support@stayperks.in' })).toHaveAttribute(
    'href',
    'mailto:support@stayperks.in',
  );
  await shot(page, 'privacy-en');

  await chooseLanguage(page, 'hi');
  await expect(page.getByRole('heading', { name: 'गोपनीयता सूचना', level: 1 })).toBeVisible();
  await expect(page.getByText(/चेक-आउट की तारीख़ के 180 दिन बाद मिटा दिए जाते हैं/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'याद दिलाना और रिव्यू का अनुरोध' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'संदेश कौन पहुँचाता है' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await shot(page, 'privacy-hi');
  await chooseLanguage(page, 'en');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Anil Kumar');
});

test('Share: the Web Share sheet gets the voucher text, the PNG and the page link; without Web Share, a WhatsApp link', async ({
  page,
  context,
  request,
}) => {
  const hotelId = await demoHotelId(request, 'Pink City Palace');
  // A phone with Web Share and file sharing, recording what it is given; and persistent storage asked for.
  await page.addInitScript(() => {
    const w = window as unknown as { shared: unknown[]; persistAsked: number };
    w.shared = [];
    w.persistAsked = 0;
    Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: { title?: string; text?: string; files?: File[] }) => {
        const files = (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size }));
        w.shared.push({ title: data.title, text: data.text, files });
        return Promise.resolve();
      },
    });
    if (navigator.storage)
      Object.defineProperty(navigator.storage, 'persist', {
        configurable: true,
        value: () => {
          w.persistAsked += 1;
          return Promise.resolve(true);
        },
      });
  });
  await page.goto(`/scan/${hotelId}`);
  await toVouchers(page);
  expect(await page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked)).toBe(1);
  const code = (await page.locator('.voucher-code').first().textContent())!;
  const merchant = (await page.locator('.voucher-merchant').first().textContent())!;
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveCount(0);
  await shot(page, 'vouchers-share');
  await page.getByRole('button', { name: 'Share', exact: true }).first().click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(1);
  const [shared] = (await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)) as {
    title: string;
    text: string;
    files: { name: string; type: string; size: number }[];
  }[];
  expect(shared!.title).toBe('My StayPerks voucher');
  expect(shared!.text).toContain(merchant);
  expect(shared!.text).toContain(`Code: ${code}`);
  expect(shared!.text).toMatch(/Valid until \d{1,2} [A-Z][a-z]{2} \d{4}/);
  expect(shared!.text).toContain(`/scan/${hotelId}`);
  expect(shared!.files).toEqual([
    { name: `StayPerks_Voucher_${code}.png`, type: 'image/png', size: expect.any(Number) },
  ]);
  expect(shared!.files[0]!.size).toBeGreaterThan(1000);

  // The same phone without Web Share: the saved vouchers open again, with a WhatsApp link instead.
  const plain = await context.newPage();
  await plain.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
    delete (Navigator.prototype as Partial<Navigator>).canShare;
  });
  await plain.goto(`/scan/${hotelId}`);
  await expect(plain.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  const whatsApp = plain.getByRole('link', { name: 'Share on WhatsApp' }).first();
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  const href = (await whatsApp.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
  expect(text).toContain(`Code: ${code}`);
  expect(text).toContain(`/scan/${hotelId}`);
  await expect(plain.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  await shot(plain, 'vouchers-whatsapp');
  await plain.close();
});

test('selecting an offer while an error toast is showing: the toast covers neither the bar nor the buttons, and goes', async ({
  page,
  request,
}) => {
  await openDemoScan(page, request);
  await toRestaurantOffers(page);
  const select = page.getByRole('button', { name: 'Select', exact: true });
  await select.first().click();
  await select.first().click();
  await page.getByRole('button', { name: 'Select More' }).click();
  await page.getByRole('button', { name: /Cafe/ }).click();
  await select.first().click();
  await select.first().click(); // a fourth
  const tooMany = toast(page, 'You can select maximum 3 vouchers');
  await expect(tooMany).toBeVisible();
  await shot(page, 'toast-over-offers');

  const bar = page.getByRole('region', { name: 'Selected vouchers' });
  const confirm = page.getByRole('button', { name: 'Confirm 3 Voucher(s)' });
  expect(await overlaps(tooMany, bar)).toBe(false);
  expect(await overlaps(tooMany, confirm)).toBe(false);
  // The guest changes their mind at once: unselect one while the toast is up. The click lands (no waiting for the
  // toast to leave), and the toast goes with the change.
  const selected = page.getByRole('button', { name: '✓ Selected' }).first();
  await selected.scrollIntoViewIfNeeded();
  expect(await overlaps(tooMany, selected)).toBe(false);
  await selected.click({ timeout: 2_000 });
  await expect(tooMany).toBeHidden();
  await expect(page.getByRole('button', { name: 'Confirm 2 Voucher(s)' })).toBeVisible();
  await select.first().click({ timeout: 2_000 });
  await expect(confirm).toBeVisible();
});

/** A phone context as iOS Safari sees the page (for the note about the home screen). */
async function iPhoneContext(context: BrowserContext): Promise<BrowserContext> {
  const browser = context.browser()!;
  const iphone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL: test.info().project.use.baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  return iphone;
}

test('a Hindi journey to the vouchers, remembered on the phone, with Hindi dates and amounts (iOS: the home-screen note)', async ({
  context,
  request,
}) => {
  const hotelId = await demoHotelId(request, 'Seaview Resort');
  const iphone = await iPhoneContext(context);
  const page = await iphone.newPage();
  const fonts = scriptFontResponses(page);
  // The font arrives late, after the page is drawn: nothing in the header may move when it does (a layout shift).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.woff2', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/scan/${hotelId}`);
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seaview Resort' })).toBeVisible();
  // The language list names the page's language; an English page draws no other script, so it fetches no script font.
  const pill = page.locator('.guest-lang-names');
  await expect(pill).toHaveText('English');
  await expect(languageList(page)).toHaveAccessibleName('Language');
  await shot(page, 'en-details-switch');
  await chooseLanguage(page, 'hi');
  await expect(page.getByRole('heading', { name: 'अपनी जानकारी भरें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'मुख्य श्रेणियाँ' })).toBeVisible();
  await expect(pill).toHaveText('हिन्दी · Hindi');
  await expect(languageList(page)).toHaveAccessibleName('भाषा (Language)');
  // This machine has no Devanagari font: the app's own (src/web/fonts/scripts.css) draws the Hindi, regular and bold.
  const header = page.locator('.guest-header');
  const boxes = async () => [await page.locator('.guest-lang').boundingBox(), await header.boundingBox()];
  const beforeFont = await boxes();
  release();
  await expect.poll(() => devanagariDrawnByWebFont(page, pill)).toBe(true);
  expect(await boxes()).toEqual(beforeFont);
  for (const text of [page.getByRole('heading', { name: 'अपनी जानकारी भरें' }), page.locator('.guest-eyebrow')])
    await expect.poll(() => devanagariDrawnByWebFont(page, text)).toBe(true);
  expect(fonts.map(fontName).sort()).toEqual([
    'noto-sans-devanagari-devanagari-400-normal',
    'noto-sans-devanagari-devanagari-700-normal',
  ]);
  for (const font of fonts) {
    expect(new URL(font.url()).pathname).toMatch(/^\/assets\//);
    expect(font.status()).toBe(200);
    expect(font.headers()['content-type']).toBe('font/woff2');
    expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  await shot(page, 'hi-details');

  // Validation in Hindi, dismissed once the field is valid.
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  const nameMissing = toast(page, 'कृपया अपना नाम लिखें');
  await expect(nameMissing).toBeVisible();
  await expect.poll(() => devanagariDrawnByWebFont(page, nameMissing)).toBe(true); // not sonner's own fonts
  await shot(page, 'hi-validation');
  await page.getByRole('textbox', { name: 'नाम', exact: true }).fill('अनिल कुमार');
  await expect(nameMissing).toBeHidden();
  await page.getByLabel('फ़ोन नंबर').fill(randomMobile('8'));
  await page.getByLabel('चेक-आउट की तारीख़').fill(inDays(2));
  await page.getByRole('checkbox', { name: /साझा करने के लिए सहमत हूँ/ }).check();
  await page.getByRole('checkbox', { name: 'मुझे मेरे वाउचर की याद दिलाएँ और रिव्यू के लिए पूछें' }).check();

  // Remembered: a reload stays in Hindi (the typed details are kept too).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'अपनी जानकारी भरें' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'नाम', exact: true })).toHaveValue('अनिल कुमार');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();

  await expect(page.getByRole('heading', { name: 'श्रेणी चुनें' })).toBeVisible();
  await shot(page, 'hi-categories');
  await page.getByRole('button', { name: /Restaurant/ }).click();
  await expect(page.getByRole('button', { name: 'श्रेणियों पर वापस' })).toBeVisible();
  // Offer values and dates in Hindi: "20% की छूट", "₹150 की छूट", "22 नव॰ 2026 तक मान्य".
  await expect(page.locator('.offer-value').first()).toHaveText(/^(₹[\d,]+|[\d.]+%) की छूट$/);
  await expect(page.locator('.offer-valid').first()).toHaveText(/^\d{1,2} \S+ \d{4} तक मान्य$/);
  // Picked against the list's order (the second, then the first): the vouchers come in the order picked.
  const cards = page.locator('.offer-card');
  const picked = [
    (await cards.nth(1).locator('.offer-name').textContent())!,
    (await cards.nth(0).locator('.offer-name').textContent())!,
  ];
  await cards.nth(1).getByRole('button', { name: 'चुनें', exact: true }).click();
  await expect(cards.nth(1).getByRole('button', { name: '✓ चुना गया' })).toBeVisible();
  await cards.nth(0).getByRole('button', { name: 'चुनें', exact: true }).click();
  await expect(page.getByRole('region', { name: 'चुने गए वाउचर' })).toContainText('2 / 3 वाउचर चुने गए');
  await shot(page, 'hi-offers');
  // The claim carries the reminders box (kept in the draft across the reload) and the page's language.
  const claim = page.waitForRequest(
    (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/customer-scans',
  );
  await page.getByRole('button', { name: '2 वाउचर पक्का करें' }).click();
  expect((await claim).postDataJSON()).toMatchObject({
    reminders_opt_in: true,
    marketing_opt_in: false,
    language: 'hi',
  });

  await expect(page.getByRole('heading', { name: /में आपका ठहराव अच्छा रहा\?/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Google पर रेटिंग दें' })).toBeVisible();
  await shot(page, 'hi-rating');
  await expect(page.getByRole('heading', { name: /बधाई हो, अनिल!/ })).toBeVisible({ timeout: 25_000 });
  await expect(page.locator('.voucher-code')).toHaveCount(2);
  await expect(page.locator('.voucher-offer')).toHaveText(picked);
  await expect(page.locator('.voucher-valid').first()).toHaveText(/^\d{1,2} \S+ \d{4} तक मान्य$/);
  await expect(page.getByRole('button', { name: 'वाउचर डाउनलोड करें' }).first()).toBeVisible();
  await expect(page.getByRole('note')).toContainText('होम स्क्रीन पर जोड़ें');
  await shot(page, 'hi-vouchers');

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: /Congratulations, / })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Add this page to your Home Screen');
  await shot(page, 'en-vouchers-ios');
  await iphone.close();
});
