import { Hono } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { CardAlertView, presentCardAlert } from '../../modules/placements/placements.presenter';
import { cardAlerts } from '../../modules/placements/placements.stats';
import type { AppDeps, AppEnv } from '../../platform/context';
import { callerOf, currentUser, requireRole } from '../../platform/middleware/require-role';
import { answers } from '../../platform/openapi/describe';
import {
  DashboardChartsView,
  presentDashboard,
  presentDashboardCharts,
  SuperadminDashboardView,
} from './dashboard.presenter';
import { dashboardCharts, superadminDashboard } from './dashboard.service';
import { presentRenewalsDue, RenewalsDueView } from '../../modules/renewal-reminders/renewal-reminders.presenter';
import { renewalsDue } from '../../modules/renewal-reminders/renewal-reminders.service';

/**
 * GET /dashboard/superadmin: every back-office role. A manager may not see revenue (docs/PRODUCT.md "Roles"), so for
 * role manager the revenue figures are null and the screen leaves them out; the counts are the manager's landing page.
 */
export function dashboardRoutes({ db, config }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/superadmin', answers(SuperadminDashboardView), requireRole('backOffice'), async (c) => {
        const revenue = callerOf(currentUser(c)) !== 'manager';
        const data = await superadminDashboard(db, config.timeZone);
        return c.json(presentDashboard(data, { revenue, unpaid: revenue ? data.unpaid : null }));
      })
      // The charts (scans and redemptions a day for 30 days, revenue a month for 12): the same rule on revenue.
      .get('/superadmin/charts', answers(DashboardChartsView), requireRole('backOffice'), async (c) => {
        const revenue = callerOf(currentUser(c)) !== 'manager';
        return c.json(presentDashboardCharts(await dashboardCharts(db, config.timeZone), { revenue }));
      })
      // Cards that look farmed today (docs/PRODUCT.md "Guest trust"): at their daily limit, or far above their usual.
      .get('/superadmin/card-alerts', answers(v.array(CardAlertView)), requireRole('backOffice'), async (c) =>
        c.json((await cardAlerts(db, todayIn(config.timeZone))).map(presentCardAlert)),
      )
      // Renewal Tracking's hotels ending in the next 30 days and who was reminded (docs/PRODUCT.md "Renewal
      // reminders"): no amounts, so managers see it too.
      .get('/superadmin/renewals-due', answers(RenewalsDueView), requireRole('backOffice'), async (c) =>
        c.json(presentRenewalsDue(await renewalsDue(db, todayIn(config.timeZone)))),
      )
  );
}
