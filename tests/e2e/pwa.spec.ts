import { expect, test } from './support/app';
import { devanagariDrawnByWebFont, fontName, scriptFontResponses } from './support/fonts';
import { chooseLanguage } from './support/languages';

test('installable: the manifest has the icons, standalone display and theme colour', async ({ page, request }) => {
  await page.goto('/login/superadmin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'StayPerks',
    short_name: 'StayPerks',
    display: 'standalone',
    start_url: '/',
    theme_color: '#0e7490',
  });
  const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes}:${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
});

test('the service worker takes over, works offline for the app shell and never answers /api with the page', async ({
  page,
  context,
}) => {
  await page.goto('/login/superadmin');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const api = await page.evaluate(async () => {
    const res = await fetch('/api/definitely-not-here');
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  });
  expect(api.status).toBe(404);
  expect(api.type).toContain('application/json');
  expect(api.body.detail).toContain('Not found');

  await context.setOffline(true);
  await page.goto('/login/hotel');
  await expect(page.getByRole('heading', { name: 'Hotel Login' })).toBeVisible();
  await context.setOffline(false);
});

test('script fonts: none precached, none fetched without Devanagari on screen, kept for offline once used', async ({
  page,
  context,
  isMobile,
}) => {
  test.skip(!isMobile, 'once is enough: at phone size');
  const fonts = scriptFontResponses(page);
  await page.goto('/login/superadmin');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const cachedUrls = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${request.url}`);
      return urls;
    });
  const precached = await cachedUrls();
  expect(precached.filter((entry) => entry.endsWith('.js')).length).toBeGreaterThan(5);
  expect(precached.filter((entry) => entry.endsWith('.woff2'))).toEqual([]);
  expect(fonts).toEqual([]); // an English page without Devanagari fetches no script font

  // The privacy notice in Hindi: its faces are fetched once, kept by the service worker, and draw offline; so is the
  // Hindi catalogue (not precached either).
  await page.goto('/privacy');
  await chooseLanguage(page, 'hi');
  const heading = page.getByRole('heading', { name: 'गोपनीयता सूचना', level: 1 });
  await expect.poll(() => devanagariDrawnByWebFont(page, heading)).toBe(true);
  expect(precached.filter((entry) => /catalogue-/.test(entry))).toEqual([]);
  expect(fonts.map(fontName)).toContain('noto-sans-devanagari-devanagari-700-normal');
  await expect
    .poll(async () => (await cachedUrls()).filter((entry) => entry.endsWith('.woff2')).map((e) => e.split(' ')[0]))
    .toContain('fonts');
  await expect
    .poll(async () => (await cachedUrls()).filter((entry) => /catalogue-hi/.test(entry)).map((e) => e.split(' ')[0]))
    .toEqual(['guest-languages']);
  await context.setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible();
  await expect.poll(() => devanagariDrawnByWebFont(page, heading)).toBe(true);
  expect(fonts.at(-1)!.fromServiceWorker()).toBe(true);
  await context.setOffline(false);
});
