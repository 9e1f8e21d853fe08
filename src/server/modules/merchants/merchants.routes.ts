import { Hono } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import {
  LocationFilterQuery,
  MerchantInputSchema,
  MerchantLoginQuery,
  MerchantSessionParam,
} from '../../../shared/schemas/merchants';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { DeletedAnswer, MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { auditedWrites, resetPasswordHandlers } from '../audit/audited-handlers';
import { uploadHandler } from '../files/files.routes';
import { recordUploadOwner } from '../files/files.service';
import { CreatedLogin, presentLogin } from '../users/logins.presenter';
import { signOutHandlers } from '../users/sign-out.routes';
import { MerchantDeviceView, presentMerchantDevice } from '../users/sessions.presenter';
import { MerchantView, presentMerchant } from './merchants.presenter';
import {
  createMerchant,
  createMerchantLogin,
  deleteMerchant,
  endMerchantDevice,
  listMerchantDevices,
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
      .get(
        '/',
        answers(v.array(MerchantView)),
        requireRole('backOffice'),
        validate('query', LocationFilterQuery),
        async (c) => {
          const rows = await listMerchants(db, { locationId: c.req.valid('query').location_id });
          return c.json(rows.map(presentMerchant));
        },
      )
      // Offer images, by the back office and by merchants for their own offers; each upload's owner is recorded, and
      // an offer takes only its merchant's (docs/SECURITY.md "Offer images").
      .post(
        '/upload-image',
        ...uploadHandler(deps, 'merchants', 'image', 'uploadMerchantImage', async (c, url) => {
          const user = currentUser(c);
          await recordUploadOwner(db, url, user.merchantId, user.id);
        }),
      )
      .post('/', answers(MerchantView, { status: 201 }), ...writes.create(createMerchant, presentMerchant))
      .put('/:id', answers(MerchantView), ...writes.update(updateMerchant, presentMerchant))
      .post('/:id/reset-password', answers(MessageAnswer), ...resetPasswordHandlers(deps, resetMerchantPassword))
      // The signed-in devices of the merchant's logins (docs/SECURITY.md "Sessions"): seen by the back office, ended
      // by whoever may reset its password.
      .get(
        '/:id/sessions',
        answers(v.array(MerchantDeviceView)),
        requireRole('backOffice'),
        validate('param', UuidIdParam),
        async (c) => c.json((await listMerchantDevices(db, c.req.valid('param').id)).map(presentMerchantDevice)),
      )
      // Every login of the merchant (owner and staff) signed out of every device.
      .post('/:id/sign-out', ...signOutHandlers(deps, 'resetPasswords', (merchantId) => ({ merchantId })))
      .delete(
        '/:id/sessions/:sessionId',
        answers(MessageAnswer),
        requireRole('resetPasswords'),
        validate('param', MerchantSessionParam),
        async (c) => {
          const { id, sessionId } = c.req.valid('param');
          await endMerchantDevice(db, id, sessionId, auditContext(c, deps.config));
          return c.json({ detail: 'Device signed out' });
        },
      )
      .delete(
        '/:id',
        answers(DeletedAnswer),
        ...writes.remove('delete', deleteMerchant, (outcome) => ({
          detail: 'Merchant deleted successfully',
          archived: outcome === 'archived',
        })),
      )
  );
}

/** POST /api/users/merchant?username=&password=&merchant_id= (docs/PRODUCT.md "Calls"), mounted at /users/merchant. */
export function merchantLoginRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    answers(CreatedLogin, { status: 201 }),
    requireRole('backOffice'),
    validate('query', MerchantLoginQuery),
    async (c) =>
      c.json(presentLogin(await createMerchantLogin(db, c.req.valid('query'), auditContext(c, config))), 201),
  );
}
