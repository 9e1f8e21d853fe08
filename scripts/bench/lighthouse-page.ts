/**
 * tsx scripts/bench/lighthouse-page.ts <url> <report.json> [<sessionStorage key> <value>]
 *
 * One Lighthouse navigation (mobile, its default simulated throttling) of `url` in a Chromium of its own
 * (CHROME_PATH), for scripts/bench-lighthouse.ts, which runs it as a child process so a run stuck on a starved
 * machine can be stopped (SIGINT closes the browser). With a sessionStorage entry, the page's origin gets it first,
 * on a URL that loads nothing of the app (so none of its files is cached and no service worker runs), and
 * Lighthouse keeps it (no storage reset): how a guest's saved draft opens the offers step (src/web/features/guest/draft.ts).
 */
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
// Lighthouse's own browser driver (its dependency, the version it was built against).
import puppeteer from 'puppeteer-core';

const [url, output, storageKey, storageValue] = process.argv.slice(2);
if (!url || !output) throw new Error('usage: lighthouse-page.ts <url> <report.json> [<sessionStorage key> <value>]');

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  // Lighthouse sets the phone's screen itself.
  defaultViewport: null,
});
try {
  const page = await browser.newPage();
  if (storageKey !== undefined && storageValue !== undefined) {
    // A static file (the API's answers are sandboxed: no storage), under a query no page asks for (not cached).
    await page.goto(new URL('/favicon.svg?lighthouse-draft', url).href);
    await page.evaluate((key, value) => sessionStorage.setItem(key, value), storageKey, storageValue);
  }
  const result = await lighthouse(
    url,
    {
      output: 'json',
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
      disableStorageReset: storageKey !== undefined,
      logLevel: 'error',
    },
    undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse gave no result');
  if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
  writeFileSync(output, result.report as string);
} finally {
  await browser.close();
}
