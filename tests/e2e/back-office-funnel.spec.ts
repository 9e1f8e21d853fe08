import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import type { FunnelReportView } from '../../src/server/modules/funnel/funnel.presenter';
import { formatIndianNumber } from '../../src/shared/format';
import { asRecords, readCsvBytes } from '../support/csv';
import { expect, login, openMenuItem, test } from './support/app';
import { apiGet } from './support/page-api';

type Row = FunnelReportView['locations'][number] | NonNullable<FunnelReportView['hotels']>[number];
const percent = (rate: number | null) => (rate === null ? '-' : `${rate}%`);
/** A row's cells after its name, as the screen shows them. */
const shown = (row: Row) => [
  formatIndianNumber(row.opens),
  formatIndianNumber(row.details),
  percent(row.rates.details_rate),
  formatIndianNumber(row.issued),
  percent(row.rates.issue_rate),
  formatIndianNumber(row.redeemed),
  percent(row.rates.redeem_rate),
  percent(row.rates.open_to_issue_rate),
];
const cellsOf = (row: Locator) => row.getByRole('cell').allInnerTexts();

/**
 * The back office's Guest funnel (docs/PRODUCT.md "Funnel"): the table per location equals GET /funnel for the last
 * 30 days, a location's name opens its hotels (equal to GET /funnel?location_id=), the Falling list is GET
 * /funnel/falling-hotels, and Export CSV downloads the hotels shown; at phone and desktop size (screenshots in the
 * test's output folder).
 */
test('the back office opens Guest funnel, drills into a location and exports its hotels', async ({
  page,
}, testInfo) => {
  await login(page, 'superadmin');
  await openMenuItem(page, 'Guest funnel');
  await expect(page.getByRole('heading', { name: 'Guest funnel by location' })).toBeVisible();
  const { body: report } = await apiGet<FunnelReportView>(page, 'funnel');
  const busiest = [...report.locations].sort((a, b) => b.opens - a.opens)[0]!;
  expect(busiest.opens).toBeGreaterThan(0);
  const table = page.getByRole('region', { name: 'Guest funnel by location' });
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(report.from);
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(report.to);
  for (const location of report.locations) {
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: location.location_name }) });
    expect(await cellsOf(row)).toEqual([formatIndianNumber(location.hotels), ...shown(location)]);
  }
  const { body: falling } = await apiGet<{ hotels: { hotel_name: string }[] }>(page, 'funnel/falling-hotels');
  if (falling.hotels.length)
    await expect(page.getByRole('region', { name: 'Falling hotels' }).getByRole('row')).toHaveCount(
      falling.hotels.length + 1,
    );
  else await expect(page.getByText("No hotel's rate fell")).toBeVisible();
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`funnel-locations-${testInfo.project.name}.png`), fullPage: true });

  await table.getByRole('button', { name: busiest.location_name }).click();
  const hotelsTable = page.getByRole('region', { name: `Hotels in ${busiest.location_name}` });
  await expect(hotelsTable).toBeVisible();
  const { body: drill } = await apiGet<FunnelReportView>(page, `funnel?location_id=${busiest.location_id}`);
  await expect(hotelsTable.locator('tbody tr')).toHaveCount(drill.hotels!.length);
  for (const hotel of drill.hotels!) {
    const row = hotelsTable
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: hotel.hotel_name }) });
    expect(await cellsOf(row)).toEqual(shown(hotel));
  }
  expect(await cellsOf(hotelsTable.locator('tfoot tr'))).toEqual(shown(busiest));
  await page.screenshot({ path: testInfo.outputPath(`funnel-hotels-${testInfo.project.name}.png`), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `funnel_location-${busiest.location_id}_${report.from}_to_${report.to}.csv`,
  );
  const csv = readCsvBytes(new Uint8Array(await readFile(await download.path())), null);
  const records = asRecords(csv);
  // A hotel another spec archived keeps its figures in the range, marked so in the file.
  const label = (h: NonNullable<FunnelReportView['hotels']>[number]) =>
    h.archived ? `${h.hotel_name} (archived)` : h.hotel_name;
  expect(records.map((r) => r.Hotel)).toEqual([...drill.hotels!.map(label), 'TOTAL']);
  expect(records.at(-1)).toMatchObject({
    'Pages Opened': String(busiest.opens),
    'Vouchers Issued': String(busiest.issued),
    Redeemed: String(busiest.redeemed),
  });

  await page.getByRole('button', { name: 'All locations' }).click();
  await expect(page.getByRole('heading', { name: 'Guest funnel by location' })).toBeVisible();
});
