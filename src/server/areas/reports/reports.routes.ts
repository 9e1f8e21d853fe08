import { Hono } from 'hono';
import { MonthlyRevenueQuerySchema } from '../../../shared/schemas/reports';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { sendKeptAnswer } from '../../platform/lib/kept-answer';
import { answers, answersEmpty } from '../../platform/openapi/describe';
import { monthlyRevenueAnswer } from './reports.answer';
import { reportExportRoutes } from './reports.export';
import { MonthlyRevenueView } from './reports.presenter';

/** /api/reports: the one router of the prefix, the reports and their exports. */
export function reportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route('/', monthlyRevenueRoutes(deps)).route('/', reportExportRoutes(deps));
}

function monthlyRevenueRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/monthly-revenue',
    answers(MonthlyRevenueView),
    answersEmpty(304, 'The copy named by If-None-Match is current'),
    // Superadmin and admin; a manager cannot view reports (docs/PRODUCT.md "Roles").
    requireRole('viewReports'),
    validate('query', MonthlyRevenueQuerySchema),
    // Made once per catalogue version and range (reports.answer.ts); a browser revalidates its copy (no-cache).
    async (c) => sendKeptAnswer<MonthlyRevenueView>(c, await monthlyRevenueAnswer(db, c.req.valid('query'))),
  );
}
