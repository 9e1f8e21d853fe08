import * as v from 'valibot';
import { isoMonth, optionalParam } from './common';

/** GET /reports/monthly-revenue?from=&to= (months, both optional). */
export const MonthlyRevenueQuerySchema = v.pipe(
  v.object({ from: optionalParam(isoMonth('from')), to: optionalParam(isoMonth('to')) }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'The From month must not be after the To month'),
);
export type MonthlyRevenueQuery = v.InferOutput<typeof MonthlyRevenueQuerySchema>;
