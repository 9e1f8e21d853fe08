import { Hono } from 'hono';
import * as v from 'valibot';
import { CustomerScanListQuerySchema } from '../../../shared/schemas/customer-scans';
import { EraseGuestSchema } from '../../../shared/schemas/scans';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { NEXT_CURSOR, TOTAL_COUNT } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { listCustomerScans } from './customer-scans.list';
import { ErasureView, presentErasure, presentScanListItem, ScanListItemView } from './customer-scans.presenter';
import { eraseGuest } from './guest-privacy.service';

/**
 * POST /customer-scans/erase {mobile_number}: the super admin erases one guest's data (docs/PRIVACY.md).
 * GET /customer-scans: the back office's list of all scans (the guest calls on this path are in
 * customer-scans.routes.ts). Filters and paging (`cursor`, or `limit`/`offset`) as query parameters;
 * X-Total-Count is the filtered total, X-Next-Cursor (absent on the last page) the `cursor` of the next page.
 */
export function customerScanAdminRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/erase',
      answers(ErasureView),
      requireRole('eraseGuestData'),
      validate('json', EraseGuestSchema),
      async (c) => {
        const erasure = await eraseGuest(db, c.req.valid('json').mobile_number, auditContext(c, config));
        return c.json(presentErasure(erasure));
      },
    )
    .get(
      '/',
      answers(v.array(ScanListItemView), { headers: { ...TOTAL_COUNT, ...NEXT_CURSOR } }),
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
