import { Hono } from 'hono';
import { MonthlyRevenueQuerySchema } from '../../../shared/schemas/reports';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { presentMonthlyRevenue } from './reports.presenter';
import { monthlyRevenue } from './reports.service';

export function reportRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/monthly-revenue',
    // Superadmin and admin; a manager cannot view reports (docs/PRODUCT.md "Roles").
    requireRole('viewReports'),
    validate('query', MonthlyRevenueQuerySchema),
    async (c) => c.json(presentMonthlyRevenue(await monthlyRevenue(db, c.req.valid('query')))),
  );
}
