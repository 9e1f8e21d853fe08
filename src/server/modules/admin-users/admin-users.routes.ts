import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import { AdminUserCreateSchema, AdminUserUpdateSchema } from '../../../shared/schemas/settings';
import type { AppDeps, AppEnv } from '../../context';
import { currentUser, MAY_MANAGE_SETTINGS, requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { auditContext } from '../audit/audit-context';
import { presentAdminUser } from './admin-users.presenter';
import { createAdminUser, deleteAdminUser, listAdminUsers, updateAdminUser } from './admin-users.service';

/** User management: only role superadmin, for reading as well as writing (DESIGN §4: admin and manager have no users). */
export function adminUserRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireRole(MAY_MANAGE_SETTINGS))
    .get('/', async (c) => c.json((await listAdminUsers(db)).map(presentAdminUser)))
    .post('/', validate('json', AdminUserCreateSchema), async (c) => c.json(presentAdminUser(await createAdminUser(db, c.req.valid('json'))), 201))
    .put('/:id', validate('param', UuidIdParam), validate('json', AdminUserUpdateSchema), async (c) =>
      c.json(presentAdminUser(await updateAdminUser(db, currentUser(c), c.req.valid('param').id, c.req.valid('json'), auditContext(c, config)))),
    )
    .delete('/:id', validate('param', UuidIdParam), async (c) => {
      await deleteAdminUser(db, currentUser(c), c.req.valid('param').id);
      return c.json({ detail: 'User deleted successfully' });
    });
}
