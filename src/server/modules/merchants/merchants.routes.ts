import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import { LocationFilterQuery, MerchantInputSchema, MerchantLoginQuery } from '../../../shared/schemas/merchants';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { auditContext } from '../audit/audit-context';
import { auditedWrites, resetPasswordHandlers } from '../audit/audited-handlers';
import { uploadHandler } from '../files/files.routes';
import { presentLogin } from '../users/logins.presenter';
import { presentMerchant } from './merchants.presenter';
import {
  createMerchant,
  createMerchantLogin,
  deleteMerchant,
  listMerchants,
  resetMerchantPassword,
  updateMerchant,
} from './merchants.service';

/** /api/merchants: the back office's merchant list and its writes (manager: no delete; hotels and merchants: 403). */
export function merchantRoutes(deps: AppDeps) {
  const { db } = deps;
  const writes = auditedWrites(deps, 'backOffice', MerchantInputSchema, UuidIdParam);
  return (
    new Hono<AppEnv>()
      .get('/', requireRole('backOffice'), validate('query', LocationFilterQuery), async (c) => {
        const rows = await listMerchants(db, { locationId: c.req.valid('query').location_id });
        return c.json(rows.map(presentMerchant));
      })
      // Offer images: the back office now, merchants for their own offers later.
      .post('/upload-image', ...uploadHandler(deps, 'merchants', 'image', 'uploadMerchantImage'))
      .post('/', ...writes.create(createMerchant, presentMerchant))
      .put('/:id', ...writes.update(updateMerchant, presentMerchant))
      .post('/:id/reset-password', ...resetPasswordHandlers(deps, resetMerchantPassword))
      .delete(
        '/:id',
        ...writes.remove('delete', deleteMerchant, (outcome) => ({
          detail: 'Merchant deleted successfully',
          archived: outcome === 'archived',
        })),
      )
  );
}

/** POST /api/users/merchant?username=&password=&merchant_id= (docs/PRODUCT.md "Calls"), mounted at /users/merchant. */
export function merchantLoginRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().post('/', requireRole('backOffice'), validate('query', MerchantLoginQuery), async (c) =>
    c.json(presentLogin(await createMerchantLogin(db, c.req.valid('query'), auditContext(c, config))), 201),
  );
}
