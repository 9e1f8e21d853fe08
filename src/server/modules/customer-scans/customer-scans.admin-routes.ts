import { Hono } from 'hono';
import { CustomerScanListQuerySchema } from '../../../shared/schemas/customer-scans';
import type { AppDeps, AppEnv } from '../../context';
import { requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { listCustomerScans } from './customer-scans.list';
import { presentScanListItem } from './customer-scans.presenter';

/**
 * GET /customer-scans: the back office's list of all scans (the guest calls on this path are in
 * customer-scans.routes.ts). Filters and paging (`cursor`, or `limit`/`offset`) as query parameters;
 * X-Total-Count is the filtered total, X-Next-Cursor (absent on the last page) the `cursor` of the next page.
 */
export function customerScanAdminRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    requireRole('backOffice'),
    validate('query', CustomerScanListQuerySchema),
    async (c) => {
      const { total, rows, nextCursor } = await listCustomerScans(db, c.req.valid('query'), config.timeZone);
      c.header('X-Total-Count', String(total));
      if (nextCursor) c.header('X-Next-Cursor', nextCursor);
      c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
      return c.json(rows.map(presentScanListItem));
    },
  );
}
