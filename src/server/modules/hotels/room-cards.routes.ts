import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import { todayIn, type IsoDate } from '../../../shared/dates';
import { roomCardLanguageFor, roomCardsFileName, RoomCardsQuerySchema } from '../../../shared/schemas/hotel-area';
import { roomsOfRange } from '../../../shared/schemas/placements';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { publicOrigin } from '../../platform/lib/public-origin';
import { callerOf, currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answersFile } from '../../platform/openapi/describe';
import { hotelLogoPng } from './hotel-logo';
import { getHotel, hotelClaimSettings } from './hotels.service';
import { placementScanPath } from '../placements/placements.presenter';
import { listPlacements, roomLabel } from '../placements/placements.service';
import { renderRoomCardsPdf } from './room-cards-pdf';

export const NO_CARDS = 'No cards to print: add a placement, or switch the hotel link on';

/**
 * The cards to print (docs/PRODUCT.md "Guest trust"): without a choice, the old link's card while it is on and one
 * card per active placement; with `ids` or `rooms`, those placements only (active ones: an inactive card takes no
 * claims).
 */
async function cardsToPrint(
  db: Db,
  hotel: { id: string },
  choice: { ids?: string[]; rooms?: string },
  today: IsoDate,
): Promise<{ path: string; label?: string }[]> {
  const chosen = choice.ids !== undefined || choice.rooms !== undefined;
  const ids = choice.ids && new Set(choice.ids);
  const range = choice.rooms === undefined ? undefined : roomsOfRange(choice.rooms);
  const labels = range && 'rooms' in range ? new Set(range.rooms.map(roomLabel)) : undefined;
  const placements = (await listPlacements(db, hotel.id, today)).filter(
    (p) =>
      p.isActive &&
      p.token !== null &&
      (!ids || ids.has(p.id)) &&
      (!labels || (p.kind === 'room' && labels.has(p.label))),
  );
  const link =
    !chosen && (await hotelClaimSettings(db, hotel.id)).hotelLinkEnabled ? [{ path: `/scan/${hotel.id}` }] : [];
  return [...link, ...placements.map((p) => ({ path: placementScanPath(hotel.id, p.token!), label: p.label }))];
}

/**
 * GET /api/hotels/{id}/room-cards.pdf?layout=a6|a4x4[&ids=|&rooms=][&lang=]: the back office for any hotel (next to its QR code), a hotel
 * login for its own only: another hotel's id is "not found", as if it did not exist.
 */
export function roomCardRoutes({ db, config, storage }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:id/room-cards.pdf',
    answersFile('application/pdf', { description: 'The room cards, a PDF attachment' }),
    requireRole('roomCards'),
    validate('param', UuidIdParam),
    validate('query', RoomCardsQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      if (callerOf(user) === 'hotel' && user.hotelId !== id) throw notFound('Hotel not found');
      const hotel = await getHotel(db, id);
      const query = c.req.valid('query');
      const { layout = 'a6', ids, rooms } = query;
      const lang = query.lang ?? roomCardLanguageFor(hotel.locationDefaultLanguage);
      // The scan page's origin as the QR dialog has it: PUBLIC_URL (required in production), else in development the
      // address this request came to.
      const origin = publicOrigin(config, c.req.url);
      const cards = await cardsToPrint(db, hotel, { ids, rooms }, todayIn(config.timeZone));
      if (cards.length === 0) throw notFound(NO_CARDS);
      const pdf = await renderRoomCardsPdf(
        {
          hotelName: hotel.name,
          logo: await hotelLogoPng(storage, hotel.logoUrl),
          cards: cards.map((card) => ({ label: card.label, scanUrl: `${origin}${card.path}` })),
        },
        layout,
        lang,
      );
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${roomCardsFileName(hotel.name, layout)}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
}
