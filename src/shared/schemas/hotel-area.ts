import * as v from 'valibot';
import { GUEST_LANGUAGES, type GuestLanguage } from '../guest-languages';
import { decodeScanCursor } from '../scan-cursor';
import { calendarDate, optionalParam, pageCursor, pageLimit } from './common';
import { SCAN_CURSOR_INVALID } from './customer-scans';
import { RANGE_INVALID, roomsOfRange } from './placements';

/** The hotel's own area (/api/hotel/*) and its printable room cards (/api/hotels/{id}/room-cards.pdf). */

export const HOTEL_CUSTOMERS_PAGE_DEFAULT = 50;
export const HOTEL_CUSTOMERS_PAGE_MAX = 200;

/**
 * GET /hotel/customers?from=&to=&limit=&cursor=: the hotel's guests, newest scan first. `from`/`to` are business
 * days of the scan (To inclusive); `cursor` is X-Next-Cursor of the previous page. A parameter sent empty counts as
 * absent.
 */
export const HotelCustomersQuerySchema = v.pipe(
  v.object({
    from: optionalParam(calendarDate('from')),
    to: optionalParam(calendarDate('to')),
    limit: optionalParam(pageLimit(HOTEL_CUSTOMERS_PAGE_MAX)),
    cursor: optionalParam(pageCursor(decodeScanCursor, SCAN_CURSOR_INVALID)),
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must not be after To'),
);
export type HotelCustomersQuery = v.InferOutput<typeof HotelCustomersQuerySchema>;

export const ROOM_CARD_LAYOUTS = ['a6', 'a4x4'] as const;
export type RoomCardLayout = (typeof ROOM_CARD_LAYOUTS)[number];

/** A room card's language besides English, which every card has: any other guest language. */
export type RoomCardLanguage = Exclude<GuestLanguage, 'en'>;
export const ROOM_CARD_LANGUAGES = GUEST_LANGUAGES.filter((lang): lang is RoomCardLanguage => lang !== 'en');
/** Until the hotel's location gives its own (docs/PRODUCT.md "Guest trust"). */
export const ROOM_CARD_DEFAULT_LANGUAGE: RoomCardLanguage = 'hi';

/** A hotel's cards' language by default: its location's guest page language, Hindi where that is English. */
export const roomCardLanguageFor = (locationDefault: string | null | undefined): RoomCardLanguage =>
  (ROOM_CARD_LANGUAGES as readonly (string | null | undefined)[]).includes(locationDefault)
    ? (locationDefault as RoomCardLanguage)
    : ROOM_CARD_DEFAULT_LANGUAGE;

/**
 * ?layout=a6 (one card a page, the default) or a4x4 (four A6 cards on an A4 sheet, with cut marks); ?lang= the card's
 * language under the English (ROOM_CARD_LANGUAGES; absent: the location's language, roomCardLanguageFor).
 */
export const RoomCardsQuerySchema = v.object({
  layout: optionalParam(v.picklist(ROOM_CARD_LAYOUTS, 'layout must be a6 or a4x4')),
  lang: optionalParam(v.picklist(ROOM_CARD_LANGUAGES, `lang must be one of ${ROOM_CARD_LANGUAGES.join(', ')}`)),
  /**
   * Which cards (docs/PRODUCT.md "Guest trust"): absent, every active placement's card and the old link's while it is
   * on; `ids` (placement ids, comma-separated, at most 500) or `rooms` (a room range, "101-120") print those placements.
   */
  ids: optionalParam(
    v.pipe(
      v.string(),
      v.regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}){0,499}$/i,
        'ids must be placement ids separated by commas (at most 500)',
      ),
      v.transform((ids) => ids.toLowerCase().split(',')),
    ),
  ),
  rooms: optionalParam(
    v.pipe(
      v.string(),
      v.maxLength(40, RANGE_INVALID),
      v.check((range) => !('refused' in roomsOfRange(range)), RANGE_INVALID),
    ),
  ),
});

/** "<Hotel_Name>_Room_Cards_A6.pdf": every character that is not a letter or digit becomes an underscore. */
export const roomCardsFileName = (hotelName: string, layout: RoomCardLayout) =>
  `${hotelName.replace(/[^a-zA-Z0-9]/g, '_')}_Room_Cards_${layout.toUpperCase()}.pdf`;

/** GET /hotel/customers/export?from=&to=: the list's dates; the file holds every guest scan in them. */
export const HotelCustomersExportQuerySchema = v.pipe(
  v.object({ from: optionalParam(calendarDate('from')), to: optionalParam(calendarDate('to')) }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must not be after To'),
);
export type HotelCustomersExportQuery = v.InferOutput<typeof HotelCustomersExportQuerySchema>;
