import { createFactory } from 'hono/factory';
import { UuidIdParam } from '../../../shared/schemas/common';
import type { Permission } from '../../../shared/permissions';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { loginsToSignOut, signOutLogins } from './sign-out.service';

const factory = createFactory<AppEnv>();

/**
 * POST …/{id}/sign-out: every session of the record's login(s) ends (docs/SECURITY.md "Sessions"), for whoever may
 * reset that login's password (`permission`), which ends them as well. Written once for hotels, merchants and
 * back-office users.
 */
export function signOutHandlers(
  { db, config }: AppDeps,
  permission: Permission,
  target: (id: string) => Parameters<typeof loginsToSignOut>[2],
) {
  return factory.createHandlers(
    answers(MessageAnswer),
    requireRole(permission),
    validate('param', UuidIdParam),
    async (c) => {
      const logins = await loginsToSignOut(db, currentUser(c), target(c.req.valid('param').id));
      const names = await signOutLogins(db, auditContext(c, config), logins);
      return c.json({ detail: `Signed out everywhere: ${names.join(', ')}` });
    },
  );
}
