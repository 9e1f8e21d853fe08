import { Hono } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { StaffCreateSchema, StaffMobileSchema, StaffPasswordSchema } from '../../../shared/schemas/staff';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../../modules/audit/audit-context';
import { presentStaff, StaffView } from '../../modules/users/staff.presenter';
import {
  addStaff,
  listStaff,
  removeStaff,
  resetStaffPassword,
  setStaffMobile,
} from '../../modules/users/staff.service';
import { ownMerchant } from './merchant-area.service';

/**
 * /api/merchant/staff (docs/PRODUCT.md "Staff"): the owner's staff logins, on the owner's own merchant only;
 * supervisors and cashiers get 403 (docs/SECURITY.md "Roles").
 */
export function merchantStaffRoutes({ db, config }: AppDeps) {
  // The owner's merchant, refused as the rest of the area when it has none or it is archived.
  const merchantIdOf = async (c: Parameters<typeof currentUser>[0]) =>
    (await ownMerchant(db, currentUser(c).merchantId)).id;
  const ownerOnly = requireRole('manageStaff');
  return (
    new Hono<AppEnv>()
      .get('/staff', answers(v.array(StaffView)), ownerOnly, async (c) => {
        const rows = await listStaff(db, await merchantIdOf(c));
        return c.json(rows.map(presentStaff));
      })
      .post(
        '/staff',
        answers(StaffView, { status: 201 }),
        ownerOnly,
        validate('json', StaffCreateSchema),
        async (c) => {
          const row = await addStaff(db, await merchantIdOf(c), c.req.valid('json'), auditContext(c, config));
          return c.json(presentStaff(row), 201);
        },
      )
      .put(
        '/staff/:id/password',
        answers(MessageAnswer),
        ownerOnly,
        validate('param', UuidIdParam),
        validate('json', StaffPasswordSchema),
        async (c) => {
          const { id } = c.req.valid('param');
          await resetStaffPassword(
            db,
            await merchantIdOf(c),
            id,
            c.req.valid('json').password,
            auditContext(c, config),
          );
          return c.json({ detail: 'Password reset successfully' });
        },
      )
      // The staff login's own mobile, where its "Forgot password" code goes (docs/SECURITY.md "Forgot password").
      .put(
        '/staff/:id/mobile',
        answers(MessageAnswer),
        ownerOnly,
        validate('param', UuidIdParam),
        validate('json', StaffMobileSchema),
        async (c) => {
          const { id } = c.req.valid('param');
          const { mobile } = c.req.valid('json');
          await setStaffMobile(db, await merchantIdOf(c), id, mobile, auditContext(c, config));
          return c.json({ detail: mobile ? 'Mobile saved' : 'Mobile removed' });
        },
      )
      .delete('/staff/:id', answers(MessageAnswer), ownerOnly, validate('param', UuidIdParam), async (c) => {
        await removeStaff(db, await merchantIdOf(c), c.req.valid('param').id, auditContext(c, config));
        return c.json({ detail: 'Staff login removed' });
      })
  );
}
