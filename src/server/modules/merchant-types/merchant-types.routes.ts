import { Hono } from 'hono';
import * as v from 'valibot';
import { IntIdParam } from '../../../shared/schemas/common';
import { MerchantTypeInputSchema } from '../../../shared/schemas/settings';
import type { AppDeps, AppEnv } from '../../platform/context';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditedWrites } from '../audit/audited-handlers';
import { uploadHandler } from '../files/files.routes';
import { MerchantTypeView, presentMerchantType } from './merchant-types.presenter';
import {
  createMerchantType,
  deleteMerchantType,
  listMerchantTypes,
  updateMerchantType,
} from './merchant-types.service';

/** GET is public (the guest flow shows categories); writes are settings (role superadmin, docs/PRODUCT.md "Roles"). */
export function merchantTypeRoutes(deps: AppDeps) {
  const { db } = deps;
  const writes = auditedWrites(deps, 'manageSettings', MerchantTypeInputSchema, IntIdParam);
  return new Hono<AppEnv>()
    .get('/', answers(v.array(MerchantTypeView)), async (c) =>
      c.json((await listMerchantTypes(db)).map(presentMerchantType)),
    )
    .post('/upload-thumbnail', ...uploadHandler(deps, 'merchant_types', 'image', 'manageSettings'))
    .post('/', answers(MerchantTypeView, { status: 201 }), ...writes.create(createMerchantType, presentMerchantType))
    .put('/:id', answers(MerchantTypeView), ...writes.update(updateMerchantType, presentMerchantType))
    .delete(
      '/:id',
      answers(MessageAnswer),
      ...writes.remove('manageSettings', deleteMerchantType, () => ({ detail: 'Merchant type deleted successfully' })),
    );
}
