import { Hono } from 'hono';
import * as v from 'valibot';
import { ContactInfoInputSchema } from '../../../shared/schemas/settings';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { ContactInfoView, presentContactInfo } from './contact-us.presenter';
import { getContactInfo, saveContactInfo } from './contact-us.service';

/**
 * GET: any signed-in user (back office, hotel, merchant), not anonymous (docs/PRODUCT.md "Roles"); answers null when no
 * contact details were saved yet. POST: settings, role superadmin only.
 */
export function contactUsRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', answers(v.nullable(ContactInfoView)), requireRole('readContactInfo'), async (c) => {
      const row = await getContactInfo(db);
      return c.json(row ? presentContactInfo(row) : null);
    })
    .post(
      '/',
      answers(ContactInfoView),
      requireRole('manageSettings'),
      validate('json', ContactInfoInputSchema),
      async (c) => c.json(presentContactInfo(await saveContactInfo(db, c.req.valid('json'), auditContext(c, config)))),
    );
}
