import { Hono } from 'hono';
import { IntIdParam } from '../../../shared/schemas/common';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { AppDeps, AppEnv } from '../../context';
import { requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { auditContext } from '../audit/audit-context';
import { auditedWrites } from '../audit/audited-handlers';
import { presentLocation } from './locations.presenter';
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations.service';

export function locationRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const writes = auditedWrites(deps, 'backOffice', LocationInputSchema, IntIdParam);
  return new Hono<AppEnv>()
    .get('/', requireRole('backOffice'), async (c) => c.json((await listLocations(db)).map(presentLocation)))
    .post('/', ...writes.create(createLocation, presentLocation))
    .put('/:id', ...writes.update(updateLocation, presentLocation))
    .delete('/:id', requireRole('delete'), validate('param', IntIdParam), async (c) => {
      await deleteLocation(db, c.req.valid('param').id, auditContext(c, config));
      return c.json({ detail: 'Location deleted successfully' });
    });
}
