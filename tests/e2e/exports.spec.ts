import { readFile } from 'node:fs/promises';
import type { CustomerScanListItem } from '../../src/shared/api-types';
import { asRecords, readCsvBytes } from '../support/csv';
import { expect, login, openMenuItem, test, toast, type Page } from './support/app';
import { apiGet } from './support/page-api';

/**
 * docs/DEVELOPING.md "CSV exports and charts" in the browser: Export CSV on Customer Scans downloads the file for the
 * filters on screen (sent with the signed-in user's token), and the dashboard's charts carry a text alternative.
 */

async function scansOf(page: Page, query: string): Promise<CustomerScanListItem[]> {
  return (await apiGet<CustomerScanListItem[]>(page, `customer-scans?${query}&limit=200`)).body;
}

test.beforeEach(async ({ page }) => {
  await login(page, 'superadmin');
});

test('Export CSV on Customer Scans downloads every scan matching the filters, as the list has them', async ({
  page,
}) => {
  await openMenuItem(page, 'Customer Scans');
  await page.getByLabel('Search').fill('sharma');
  await expect(page).toHaveURL(/search=sharma/);
  await expect(page.getByText(/^Showing \d+ of \d+ scans/)).toBeVisible();
  // The URL changes a moment before the screen re-renders with its filter: wait until the rows are the filtered ones,
  // so the button holds the filter too.
  const rows = page.locator('tbody.scan-group');
  await expect(rows.first()).toContainText(/sharma/i);
  await expect(rows.filter({ hasNotText: /sharma/i })).toHaveCount(0);

  const button = page.getByRole('button', { name: 'Export CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^customer-scans_all_to_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toast(page, `Downloaded ${download.suggestedFilename()}`)).toBeVisible();
  await expect(button).toBeEnabled();
  await expect(button).toHaveAttribute('aria-busy', 'false');

  const csv = readCsvBytes(new Uint8Array(await readFile(await download.path())), null);
  expect(csv.bom).toBe(true);
  expect(csv.header.slice(0, 3)).toEqual(['Scan Date', 'Customer Name', 'Mobile']);
  // The list's own answer for the same filter: a line per coupon (a scan without one has a line), newest first.
  const scans = await scansOf(page, 'search=sharma');
  expect(scans.length).toBeGreaterThan(0);
  const expected = scans.flatMap((scan) =>
    scan.coupons.length
      ? scan.coupons.map((c) => [scan.customer_name, scan.mobile_number, c.coupon_code])
      : [[scan.customer_name, scan.mobile_number, '']],
  );
  expect(asRecords(csv).map((r) => [r['Customer Name'], r.Mobile, r['Coupon Code']])).toEqual(expected);
  for (const record of asRecords(csv)) expect(record['Customer Name']!.toLowerCase()).toContain('sharma');
});

test('the dashboard charts have a summary and a table for screen readers', async ({ page }) => {
  const days = page.getByRole('region', { name: 'Scans and Redemptions (Last 30 Days)' });
  await expect(days.locator('svg')).toBeVisible();
  await expect(days.getByRole('table', { name: 'Scans and redemptions per day' }).getByRole('row')).toHaveCount(31);
  await expect(days.locator('figcaption')).toContainText(/scans and \d+ redemptions/);
  const revenue = page.getByRole('region', { name: 'Revenue (Last 12 Months)' });
  await expect(revenue.getByRole('table', { name: 'Revenue per month' }).getByRole('row')).toHaveCount(13);
  await page.screenshot({ path: test.info().outputPath('dashboard-charts.png'), fullPage: true });
});
