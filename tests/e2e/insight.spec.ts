import { expect, login, openMenuItem, test, toast } from './support/app';
import { formatIndianNumber, formatMonth, formatRupees } from '../../src/shared/format';
import type { MonthlyRevenueReport, SuperadminDashboard } from '../../src/shared/api-types';
import { apiGet } from './support/page-api';
import { E2E_PLACE } from './support/fake-places';

/**
 * The insight screens show the demo data's figures. Expected values come from the API, called with the signed-in
 * user's token from localStorage; other specs may add scans meanwhile, so each comparison is retried as a whole.
 */

test.beforeEach(async ({ page }) => {
  await login(page, 'superadmin');
});

test('the dashboard shows the figures the API computes, with ₹, two decimals and Indian grouping', async ({ page }) => {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('group', { name: 'Total Hotels' })).toBeVisible();
    const { body: data } = await apiGet<SuperadminDashboard>(page, 'dashboard/superadmin');
    const cards: [string, string][] = [
      ['Total Hotels', formatIndianNumber(data.total_hotels)],
      ['Total Scans', formatIndianNumber(data.total_scans)],
      ['Total Offers', formatIndianNumber(data.total_offers)],
      ['Total Redemptions', formatIndianNumber(data.total_redemptions)],
      ['Revenue Today', formatRupees(data.revenue_today, 2)],
      ['This Month', formatRupees(data.revenue_month, 2)],
      ['This Year', formatRupees(data.revenue_year, 2)],
      ['All Time', formatRupees(data.revenue_all_time, 2)],
    ];
    for (const [label, value] of cards)
      await expect(page.getByRole('group', { name: label })).toContainText(value, { timeout: 1000 });
    // The demo data has history: revenue with paise formatting, e.g. "₹1,81,400.00".
    expect(data.revenue_all_time).toBeGreaterThan(100000);
    expect(formatRupees(data.revenue_all_time, 2)).toMatch(/^₹\d{1,2}(,\d\d)*,\d{3}\.\d\d$/);

    const stats = page.getByRole('region', { name: 'Location-wise Statistics' });
    for (const [name, s] of Object.entries(data.location_stats)) {
      const cells = [
        s.hotels_today,
        s.hotels_this_month,
        s.hotels_total,
        s.scans_today,
        s.scans_this_month,
        s.scans_total,
        s.merchants_today,
        s.merchants_this_month,
        s.merchants_total,
      ].map((n) => formatIndianNumber(n));
      cells.push(...[s.revenue_today, s.revenue_this_month, s.revenue_total].map((n) => formatRupees(n, 2)));
      await expect(stats.getByRole('row', { name: new RegExp(`^${name}\\b`) }).getByRole('cell')).toHaveText(cells, {
        timeout: 1000,
      });
    }
    await expect(
      stats
        .getByRole('row', { name: /^Total\b/ })
        .getByRole('cell')
        .last(),
    ).toHaveText(formatRupees(data.revenue_all_time, 2), { timeout: 1000 });

    const renewals = page.getByRole('region', { name: 'Renewal Tracking (Next 3 Months)' });
    const months = Object.keys(data.renewals_by_location_month);
    expect(months).toHaveLength(3);
    for (const month of months)
      await expect(renewals.getByRole('columnheader', { name: month })).toBeVisible({ timeout: 1000 });
    const counts = months.map((m) =>
      Object.values(data.renewals_by_location_month[m]!).reduce((n, c) => n + c.count, 0),
    );
    const totalCells = renewals.getByRole('row', { name: /^Total\b/ }).getByRole('cell');
    for (const [i, count] of counts.entries())
      await expect(totalCells.nth(i * 3)).toHaveText(count ? String(count) : '-', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
});

test('the month-wise revenue report shows the latest 6 months, a range, and resets', async ({ page }) => {
  await openMenuItem(page, 'Reports');
  await expect(page).toHaveURL(/\/superadmin\/reports$/);
  const table = page.getByRole('region', { name: 'Month-wise Revenue Report' });
  // Other specs renew subscriptions meanwhile: the page and the API are read again until they are of the same moment.
  let report!: MonthlyRevenueReport;
  await expect(async () => {
    await page.reload();
    report = (await apiGet<MonthlyRevenueReport>(page, 'reports/monthly-revenue')).body;
    expect(report.rows.length).toBeGreaterThan(0);
    expect(report.rows.length).toBeLessThanOrEqual(6);
    const soon = { timeout: 3000 };
    await expect(table.getByRole('row')).toHaveCount(report.rows.length + 2, soon); // header, months, SUBTOTAL
    const newest = report.rows[0]!;
    await expect(
      table
        .getByRole('row', { name: new RegExp(`^${formatMonth(newest.month)}`) })
        .getByRole('cell')
        .last(),
    ).toHaveText(formatRupees(newest.total, 2), soon);
    await expect(
      table
        .getByRole('row', { name: /^SUBTOTAL/ })
        .getByRole('cell')
        .last(),
    ).toHaveText(formatRupees(report.subtotal.total, 2), soon);
    await expect(page.getByRole('group', { name: 'Total Months' })).toContainText(String(report.rows.length), soon);
    await expect(page.getByRole('group', { name: 'Average Monthly Revenue' })).toContainText(
      formatRupees(report.average_monthly_revenue),
      soon,
    );
    await expect(page.getByRole('group', { name: 'Locations' })).toContainText(String(report.locations.length), soon);
  }).toPass({ timeout: 45_000 });
  const newest = report.rows[0]!;

  // From = To = the newest month: one row.
  await page.getByLabel('From').selectOption(newest.month);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Total Months' })).toContainText('1');
  await page.getByRole('button', { name: 'Last 6 Months' }).click();
  await expect(table.getByRole('row')).toHaveCount(report.rows.length + 2);
  await expect(page.getByLabel('From')).toHaveValue(report.from!);
});

test('customer scans filter by a name search on the server and clear again', async ({ page }) => {
  await openMenuItem(page, 'Customer Scans');
  await expect(page).toHaveURL(/\/superadmin\/customers/);
  await expect(page.getByText(/^Showing \d+ of \d+ scans/)).toBeVisible();

  await page.getByLabel('Search').fill('priya');
  await expect(page).toHaveURL(/search=priya/);
  await expect(async () => {
    const { body, total } = await apiGet<{ customer_name: string }[]>(page, 'customer-scans?search=priya&limit=50');
    expect(body.length).toBeGreaterThan(0);
    await expect(page.getByText(/^Showing \d+ of \d+ scans/)).toHaveText(`Showing ${body.length} of ${total} scans`, {
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  const table = page.getByRole('region', { name: 'Customer scans' });
  await expect(table.getByRole('rowheader', { name: 'Priya Sharma' })).toBeVisible();
  for (const name of await table.getByRole('rowheader').allTextContents())
    expect(name.toLowerCase()).toContain('priya');

  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(table.getByRole('rowheader', { name: 'Rahul Verma' }).first()).toBeVisible();
});

test('Hotel Details refreshes a hotel from Google (fake Places) and shows the toast', async ({ page }) => {
  await openMenuItem(page, 'Hotel Details');
  await expect(page).toHaveURL(/\/superadmin\/coupons$/);
  const table = page.getByRole('region', { name: 'Hotel review details' });
  await expect(table.getByRole('rowheader', { name: 'Seaview Resort' })).toBeVisible();
  // A hotel without a place id is flagged and cannot be refreshed.
  await expect(table.getByRole('row', { name: /Palm Grove Inn/ })).toContainText('No Place ID');
  await expect(page.getByRole('button', { name: 'Palm Grove Inn has no Google Place ID' })).toBeDisabled();

  await page.getByRole('button', { name: 'Refresh Google data for Seaview Resort' }).click();
  await expect(
    toast(page, `Data refreshed! Reviews: ${E2E_PLACE.userRatingCount}, Rating: ${E2E_PLACE.rating}`),
  ).toBeVisible();
  const row = table.getByRole('row', { name: /Seaview Resort/ });
  await expect(row).toContainText(formatIndianNumber(E2E_PLACE.userRatingCount));
  await expect(row).toContainText(E2E_PLACE.rating.toFixed(1));
});
