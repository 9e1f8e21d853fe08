import { Hono } from 'hono';
import { IntIdParam } from '../../../shared/schemas/common';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { auditedWrites } from '../audit/audited-handlers';
import { presentLocation } from './locations.presenter';
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations.service';

export function locationRoutes(deps: AppDeps) {
  const { db } = deps;
  const writes = auditedWrites(deps, 'backOffice', LocationInputSchema, IntIdParam);
  return new Hono<AppEnv>()
    .get('/', requireRole('backOffice'), async (c) => c.json((await listLocations(db)).map(presentLocation)))
    .post('/', ...writes.create(createLocation, presentLocation))
    .put('/:id', ...writes.update(updateLocation, presentLocation))
    .delete('/:id', ...writes.remove('delete', deleteLocation, () => ({ detail: 'Location deleted successfully' })));
}
