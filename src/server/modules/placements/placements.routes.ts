import { Hono } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { UuidIdParam } from '../../../shared/schemas/common';
import {
  HotelClaimSettingsSchema,
  PlacementCreateSchema,
  PlacementParams,
  PlacementUpdateSchema,
} from '../../../shared/schemas/placements';
import type { AppDeps, AppEnv } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { callerOf, currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { getHotel, hotelClaimSettings, updateHotelClaimSettings } from '../hotels/hotels.service';
import { ClaimSettingsView, PlacementView, presentClaimSettings, presentPlacement } from './placements.presenter';
import { createPlacements, listPlacements, rotatePlacement, updatePlacement } from './placements.service';

/** A hotel login reaches its own hotel only: another hotel's id is "not found", as if it did not exist. */
function ownHotel(c: Parameters<typeof currentUser>[0], id: string): string {
  const user = currentUser(c);
  if (callerOf(user) === 'hotel' && user.hotelId !== id) throw notFound('Hotel not found');
  return id;
}

/**
 * /hotels/{id}/placements and /hotels/{id}/claim-settings (docs/PRODUCT.md "Guest trust"): the back office for any
 * hotel (its QR dialog), a hotel login for its own (its area's QR Cards screen). Mounted by the hotels router.
 */
export function placementRoutes({ db, config }: AppDeps) {
  const today = () => todayIn(config.timeZone);
  return new Hono<AppEnv>()
    .get(
      '/:id/placements',
      answers(v.array(PlacementView), { description: "The hotel's placements (at most 2,000: one answer)" }),
      requireRole('placements'),
      validate('param', UuidIdParam),
      async (c) => {
        const id = ownHotel(c, c.req.valid('param').id);
        await getHotel(db, id);
        return c.json((await listPlacements(db, id, today())).map(presentPlacement));
      },
    )
    .post(
      '/:id/placements',
      answers(v.array(PlacementView), {
        status: 201,
        description: 'The placements made: one, or the rooms of the range',
      }),
      requireRole('placements'),
      validate('param', UuidIdParam),
      validate('json', PlacementCreateSchema),
      async (c) => {
        const id = ownHotel(c, c.req.valid('param').id);
        const made = await createPlacements(db, id, c.req.valid('json'), today(), auditContext(c, config));
        return c.json(made.map(presentPlacement), 201);
      },
    )
    .put(
      '/:id/placements/:placementId',
      answers(PlacementView),
      requireRole('placements'),
      validate('param', PlacementParams),
      validate('json', PlacementUpdateSchema),
      async (c) => {
        const { id, placementId } = c.req.valid('param');
        ownHotel(c, id);
        const row = await updatePlacement(db, id, placementId, c.req.valid('json'), today(), auditContext(c, config));
        return c.json(presentPlacement(row));
      },
    )
    .post(
      '/:id/placements/:placementId/rotate',
      answers(PlacementView, { description: 'The placement with its new token: the old card no longer works' }),
      requireRole('placements'),
      validate('param', PlacementParams),
      async (c) => {
        const { id, placementId } = c.req.valid('param');
        ownHotel(c, id);
        return c.json(presentPlacement(await rotatePlacement(db, id, placementId, today(), auditContext(c, config))));
      },
    )
    .get(
      '/:id/claim-settings',
      answers(ClaimSettingsView),
      requireRole('placements'),
      validate('param', UuidIdParam),
      async (c) => c.json(presentClaimSettings(await hotelClaimSettings(db, ownHotel(c, c.req.valid('param').id)))),
    )
    .put(
      '/:id/claim-settings',
      answers(ClaimSettingsView),
      requireRole('placements'),
      validate('param', UuidIdParam),
      validate('json', HotelClaimSettingsSchema),
      async (c) => {
        const id = ownHotel(c, c.req.valid('param').id);
        const input = c.req.valid('json');
        const saved = await updateHotelClaimSettings(
          db,
          id,
          {
            hotelLinkEnabled: input.hotel_link_enabled,
            placementDailyLimit: input.placement_daily_limit,
            hotelLinkDailyLimit: input.hotel_link_daily_limit,
          },
          auditContext(c, config),
        );
        return c.json(presentClaimSettings(saved));
      },
    );
}
