import { Hono } from 'hono';
import { formatMonth } from '../../../shared/format';
import { MonthlyRevenueQuerySchema } from '../../../shared/schemas/reports';
import type { AppDeps, AppEnv } from '../../platform/context';
import { csvResponse, type CsvColumn } from '../../platform/lib/csv';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answersCsv } from '../../platform/openapi/describe';
import { auditContext } from '../../modules/audit/audit-context';
import { recordAudit } from '../../modules/audit/audit.service';
import { presentMonthlyRevenue } from './reports.presenter';
import { monthlyRevenue } from './reports.service';

interface Line {
  label: string;
  byLocation: Record<string, number>;
  total: number;
}

/**
 * GET /reports/monthly-revenue/export?from=&to=: the Month-wise Revenue Report as on screen (the same range rule,
 * newest month first, a column per location, the SUBTOTAL row last), amounts as plain numbers.
 */
export function reportExportRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/monthly-revenue/export',
    answersCsv(),
    requireRole('viewReports'),
    validate('query', MonthlyRevenueQuerySchema),
    async (c) => {
      const report = presentMonthlyRevenue(await monthlyRevenue(db, c.req.valid('query')));
      const fileName = `monthly-revenue_${report.from ?? 'none'}_to_${report.to ?? 'none'}.csv`;
      await recordAudit(db, auditContext(c, config), {
        action: 'export.monthly_revenue',
        entity: 'export',
        after: { file: fileName, filters: { from: report.from, to: report.to } },
      });
      const columns: CsvColumn<Line>[] = [
        { header: 'Month', cell: (line) => line.label },
        ...report.locations.map((name) => ({ header: name, cell: (line: Line) => line.byLocation[name] ?? 0 })),
        { header: 'Monthly Total', cell: (line) => line.total },
      ];
      const lines: Line[] = report.rows.map((row) => ({
        label: formatMonth(row.month),
        byLocation: row.by_location,
        total: row.total,
      }));
      if (lines.length)
        lines.push({ label: 'SUBTOTAL', byLocation: report.subtotal.by_location, total: report.subtotal.total });
      return csvResponse(c, fileName, columns, [lines]);
    },
  );
}
