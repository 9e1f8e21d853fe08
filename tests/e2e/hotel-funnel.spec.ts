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
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await card.screenshot({ path: testInfo.outputPath(`hotel-funnel-${testInfo.project.name}.png`) });
});
