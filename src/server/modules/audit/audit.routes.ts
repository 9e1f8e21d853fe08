import { Hono } from 'hono';
import * as v from 'valibot';
import { AuditEventListQuerySchema } from '../../../shared/schemas/audit';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { NEXT_CURSOR } from '../../platform/openapi/shapes';
import { AuditEventView, presentAuditEvent } from './audit.presenter';
import { listAuditEvents } from './audit.service';

/**
 * GET /audit-events: the audit trail, role superadmin only (admin and manager too get 403; docs/SECURITY.md).
 * Newest first; X-Next-Cursor (absent on the last page) is the `cursor` of the next page.
 */
export function auditRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    answers(v.array(AuditEventView), { headers: NEXT_CURSOR }),
    requireRole('viewAudit'),
    validate('query', AuditEventListQuerySchema),
    async (c) => {
      const { rows, nextCursor } = await listAuditEvents(db, c.req.valid('query'), config.timeZone);
      if (nextCursor) c.header('X-Next-Cursor', nextCursor);
      c.header('Access-Control-Expose-Headers', 'X-Next-Cursor');
      return c.json(rows.map(presentAuditEvent));
    },
  );
}
