import { formatDate } from '../../src/shared/format';
import type { HotelDashboard, RenewalsDue } from '../../src/shared/api-types';
import { expect, test, type Page } from './support/app';
import { DEMO, login } from './support/app';
import { apiGet } from './support/page-api';

/**
 * Renewal reminders on screen (docs/PRODUCT.md "Renewal reminders"), with the demo's Tea Hills Retreat, whose one-month
 * subscription began today and so ends within 30 days: its dashboard always shows the renewal notice, and Renewal
 * Tracking lists it with the reminders that went (the server's job queues the 30-day one after its start; the outbox
 * sends it outside quiet hours, so what the screen shows is compared with what the API answers). Screenshots at phone
 * (390×844) and desktop (1280×800) size go to the test's output folder.
 */
const TEA_HILLS = { username: 'teahills', password: DEMO.hotel.password };

async function screenshot(page: Page, name: string, projectName: string, outputPath: (name: string) => string) {
  if (projectName === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: outputPath(`${name}-${projectName}.png`), fullPage: true });
}

test('a hotel near its end sees the renewal notice, and Renewal Tracking says who was reminded', async ({
  page,
}, testInfo) => {
  await login(page, 'hotel', TEA_HILLS);
  // The server's outbox may send the reminder meanwhile: the whole comparison is retried.
  await expect(async () => {
    await page.reload();
    const { body: dashboard } = await apiGet<HotelDashboard>(page, 'hotel/dashboard');
    const notice = dashboard.subscription.renewal_notice!;
    expect(notice.days_to_end).toBeLessThanOrEqual(30);
    const card = page.getByRole('status').filter({ hasText: 'Your subscription ends on' });
    await expect(card.getByRole('heading')).toHaveText(
      `Your subscription ends on ${formatDate(notice.ends_on)} (in ${notice.days_to_end} days)`,
      { timeout: 1000 },
    );
    await expect(card).toContainText('Contact us to renew', { timeout: 1000 });
    await expect(card).toContainText(
      notice.reminders.length === 0 ? 'No reminder has been sent for this date yet.' : 'Reminders sent: 30 days before',
      { timeout: 1000 },
    );
  }).toPass({ timeout: 30_000 });
  await screenshot(page, 'renewal-notice', testInfo.project.name, (name) => testInfo.outputPath(name));

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, 'superadmin');
  const list = page.locator('.rt-due');
  await expect(async () => {
    await page.reload();
    const row = list.getByRole('row').filter({ hasText: 'Tea Hills Retreat' });
    await expect(row).toBeVisible({ timeout: 1000 });
    const { body: due } = await apiGet<RenewalsDue>(page, 'dashboard/superadmin/renewals-due');
    const teaHills = due.rows.find((r) => r.hotel_name === 'Tea Hills Retreat')!;
    await expect(row).toContainText(formatDate(teaHills.ends_on), { timeout: 1000 });
    await expect(row.getByRole('cell').nth(2)).toHaveText(
      teaHills.reminders.length === 0 ? '—' : teaHills.reminders.map((r) => `${r.days} d`).join(' · '),
      { timeout: 1000 },
    );
  }).toPass({ timeout: 30_000 });
  // Hotels far from their end are not listed.
  await expect(list.getByRole('row').filter({ hasText: 'Lakeside Haveli' })).toHaveCount(0);
  await list.scrollIntoViewIfNeeded();
  await screenshot(page, 'renewal-tracking', testInfo.project.name, (name) => testInfo.outputPath(name));
});
