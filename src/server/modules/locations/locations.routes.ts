import { Hono } from 'hono';
import { IntIdParam } from '../../../shared/schemas/common';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { AppDeps, AppEnv } from '../../context';
import { requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { auditContext } from '../audit/audit-context';
import { presentLocation } from './locations.presenter';
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations.service';

export function locationRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', requireRole('backOffice'), async (c) => c.json((await listLocations(db)).map(presentLocation)))
    .post('/', requireRole('backOffice'), validate('json', LocationInputSchema), async (c) =>
      c.json(presentLocation(await createLocation(db, c.req.valid('json'), auditContext(c, config))), 201),
    )
    .put(
      '/:id',
      requireRole('backOffice'),
      validate('param', IntIdParam),
      validate('json', LocationInputSchema),
      async (c) =>
        c.json(
          presentLocation(
            await updateLocation(db, c.req.valid('param').id, c.req.valid('json'), auditContext(c, config)),
          ),
        ),
    )
    .delete('/:id', requireRole('delete'), validate('param', IntIdParam), async (c) => {
      await deleteLocation(db, c.req.valid('param').id, auditContext(c, config));
      return c.json({ detail: 'Location deleted successfully' });
    });
}
