import { Hono } from 'hono';
import * as v from 'valibot';
import { IntIdParam } from '../../../shared/schemas/common';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditedWrites } from '../audit/audited-handlers';
import { LocationView, presentLocation } from './locations.presenter';
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations.service';

export function locationRoutes(deps: AppDeps) {
  const { db } = deps;
  const writes = auditedWrites(deps, 'backOffice', LocationInputSchema, IntIdParam);
  return new Hono<AppEnv>()
    .get('/', answers(v.array(LocationView)), requireRole('backOffice'), async (c) =>
      c.json((await listLocations(db)).map(presentLocation)),
    )
    .post('/', answers(LocationView, { status: 201 }), ...writes.create(createLocation, presentLocation))
    .put('/:id', answers(LocationView), ...writes.update(updateLocation, presentLocation))
    .delete(
      '/:id',
      answers(MessageAnswer),
      ...writes.remove('delete', deleteLocation, () => ({ detail: 'Location deleted successfully' })),
    );
}
