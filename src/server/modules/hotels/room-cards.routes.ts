import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import { roomCardsFileName, RoomCardsQuerySchema } from '../../../shared/schemas/hotel-area';
import type { AppDeps, AppEnv } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { callerOf, currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answersFile } from '../../platform/openapi/describe';
import { hotelLogoPng } from './hotel-logo';
import { getHotel } from './hotels.service';
import { renderRoomCardsPdf } from './room-cards-pdf';

/**
 * GET /api/hotels/{id}/room-cards.pdf?layout=a6|a4x4: the back office for any hotel (next to its QR code), a hotel
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
      const layout = c.req.valid('query').layout ?? 'a6';
      // The scan page's origin as the QR dialog has it: PUBLIC_URL, else the address this request came to.
      const origin = config.publicUrl ?? new URL(c.req.url).origin;
      const pdf = await renderRoomCardsPdf(
        {
          hotelName: hotel.name,
          logo: await hotelLogoPng(storage, hotel.logoUrl),
          scanUrl: `${origin}/scan/${hotel.id}`,
        },
        layout,
      );
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${roomCardsFileName(hotel.name, layout)}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
}
