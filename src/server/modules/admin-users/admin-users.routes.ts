import { Hono } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { AdminUserCreateSchema, AdminUserUpdateSchema } from '../../../shared/schemas/settings';
import { CURRENT_PASSWORD_REQUIRED } from '../../../shared/schemas/reauth';
import { AppError } from '../../platform/lib/errors';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.service';
import { AdminUserView, presentAdminUser } from './admin-users.presenter';
import { createAdminUser, deleteAdminUser, listAdminUsers, updateAdminUser } from '../users/admin-users.service';
import { adminUserForReset, resetSecondFactor } from '../auth/second-factor.service';
import { reauthentication } from '../auth/reauth';
import { ownSignInChange } from './own-sign-in';
import { signOutHandlers } from '../users/sign-out.routes';

/**
 * User management: only role superadmin, for reading as well as writing (docs/PRODUCT.md "Roles": admin and manager
 * have no users).
 */
export function adminUserRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const reauthenticate = reauthentication(deps);
  return (
    new Hono<AppEnv>()
      .use('*', requireRole('manageUsers'))
      .get('/', answers(v.array(AdminUserView)), async (c) => c.json((await listAdminUsers(db)).map(presentAdminUser)))
      // Creating and deleting a user are audited here, with the user's record (never the password; docs/SECURITY.md).
      .post('/', answers(AdminUserView, { status: 201 }), validate('json', AdminUserCreateSchema), async (c) => {
        const created = await db.transaction(async (tx) => {
          const user = presentAdminUser(await createAdminUser(tx, c.req.valid('json')));
          await recordAudit(tx, auditContext(c, config), {
            action: 'user.create',
            entity: 'user',
            entityId: user.id,
            after: user,
          });
          return user;
        });
        return c.json(created, 201);
      })
      .put(
        '/:id',
        answers(AdminUserView),
        validate('param', UuidIdParam),
        validate('json', AdminUserUpdateSchema),
        async (c) => {
          const actor = currentUser(c);
          const { id } = c.req.valid('param');
          const input = c.req.valid('json');
          // One's own e-mail (where Forgot password codes go) or password: the current password first
          // (docs/SECURITY.md "Re-authentication").
          if (id === actor.id && ownSignInChange(actor, input)) {
            if (input.current_password === undefined) throw new AppError(422, CURRENT_PASSWORD_REQUIRED);
            await reauthenticate(actor, input.current_password);
          }
          return c.json(presentAdminUser(await updateAdminUser(db, actor, id, input, auditContext(c, config))));
        },
      )
      .delete('/:id', answers(MessageAnswer), validate('param', UuidIdParam), async (c) => {
        const { id } = c.req.valid('param');
        await db.transaction(async (tx) => {
          const before = (await listAdminUsers(tx)).find((user) => user.id === id);
          await deleteAdminUser(tx, currentUser(c), id);
          await recordAudit(tx, auditContext(c, config), {
            action: 'user.delete',
            entity: 'user',
            entityId: id,
            before: before && presentAdminUser(before),
          });
        });
        return c.json({ detail: 'User deleted successfully' });
      })
      // Another back-office user signed out of every device (docs/SECURITY.md "Sessions"); oneself is 400.
      .post('/:id/sign-out', ...signOutHandlers(deps, 'manageUsers', (adminUserId) => ({ adminUserId })))
      // A lost phone (docs/SECURITY.md "Second factor"): the user's two-step sign-in is deleted and its sessions end,
      // audited; its own is turned off from its account instead (400).
      .delete('/:id/second-factor', answers(MessageAnswer), validate('param', UuidIdParam), async (c) => {
        const target = await adminUserForReset(db, currentUser(c), c.req.valid('param').id);
        await resetSecondFactor(db, auditContext(c, config), target);
        return c.json({ detail: 'Two-step sign-in reset' });
      })
  );
}
