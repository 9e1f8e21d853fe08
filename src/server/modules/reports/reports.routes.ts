import { Hono } from 'hono';
import { MonthlyRevenueQuerySchema } from '../../../shared/schemas/insight';
import type { AppDeps, AppEnv } from '../../context';
import { requireRole, type Caller } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { presentMonthlyRevenue } from './reports.presenter';
import { monthlyRevenue } from './reports.service';

/** Reports are for superadmin and admin; a manager cannot view reports (docs/PRODUCT.md "Roles"). */
export const MAY_VIEW_REPORTS: Caller[] = ['superadmin', 'admin'];

export function reportRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/monthly-revenue',
    requireRole(MAY_VIEW_REPORTS),
    validate('query', MonthlyRevenueQuerySchema),
    async (c) => c.json(presentMonthlyRevenue(await monthlyRevenue(db, c.req.valid('query')))),
  );
}
