import { readFile } from 'node:fs/promises';
import { asRecords, readCsvBytes } from '../support/csv';
import { expect, login, test } from './support/app';
import { apiGet } from './support/page-api';
import type { HotelDashboard } from '../../src/shared/api-types';

/**
 * The hotel dashboard's Guest funnel card (docs/PRODUCT.md "Funnel"): the figures GET /hotels/{id}/funnel answers for
 * the last 30 days, at phone and desktop size (a screenshot of each in the test's output folder).
 */
test('the hotel dashboard shows its guest funnel with rates for the chosen dates', async ({ page }, testInfo) => {
  await login(page, 'hotel');
  await expect(page.getByRole('heading', { name: 'Seaview Resort' })).toBeVisible();
  const { body: dashboard } = await apiGet<HotelDashboard>(page, 'hotel/dashboard');
  const card = page.locator('.ha-funnel');
  await expect(card.getByRole('heading', { name: 'Guest funnel' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    const { body: funnel } = await apiGet<{ opens: number; issued: number; redeemed: number }>(
      page,
      `hotels/${dashboard.hotel_id}/funnel`,
    );
    await expect(card.getByRole('row', { name: /^Pages opened/ })).toContainText(String(funnel.opens), {
      timeout: 1000,
    });
    await expect(card.getByRole('row', { name: /^Vouchers issued/ })).toContainText(String(funnel.issued), {
      timeout: 1000,
    });
    await expect(card.getByRole('row', { name: /^Redeemed/ })).toContainText(String(funnel.redeemed), {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  // Export CSV: the funnel by day for the card's dates, its TOTAL line the card's figures.
  const { body: funnel } = await apiGet<{ from: string; to: string; opens: number; issued: number }>(
    page,
    `hotels/${dashboard.hotel_id}/funnel`,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`hotel-funnel_${funnel.from}_to_${funnel.to}.csv`);
  const records = asRecords(readCsvBytes(new Uint8Array(await readFile(await download.path())), null));
  expect(records).toHaveLength(31);
  expect(records.at(-1)).toMatchObject({
    Day: 'TOTAL',
    'Pages Opened': String(funnel.opens),
    'Vouchers Issued': String(funnel.issued),
  });
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await card.screenshot({ path: testInfo.outputPath(`hotel-funnel-${testInfo.project.name}.png`) });
});
