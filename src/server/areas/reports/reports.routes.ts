import { Hono } from 'hono';
import { MonthlyRevenueQuerySchema } from '../../../shared/schemas/reports';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { reportExportRoutes } from './reports.export';
import { MonthlyRevenueView, presentMonthlyRevenue } from './reports.presenter';
import { monthlyRevenue } from './reports.service';

/** /api/reports: the one router of the prefix, the reports and their exports. */
export function reportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route('/', monthlyRevenueRoutes(deps)).route('/', reportExportRoutes(deps));
}

function monthlyRevenueRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/monthly-revenue',
    answers(MonthlyRevenueView),
    // Superadmin and admin; a manager cannot view reports (docs/PRODUCT.md "Roles").
    requireRole('viewReports'),
    validate('query', MonthlyRevenueQuerySchema),
    async (c) => c.json(presentMonthlyRevenue(await monthlyRevenue(db, c.req.valid('query')))),
  );
}
