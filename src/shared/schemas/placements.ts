import * as v from 'valibot';
import { calendarDate, optionalParam, requiredText, uuidText } from './common';

/**
 * Placements (docs/PRODUCT.md "Guest trust"): where a hotel's QR codes hang. A single placement has a label
 * ("Lobby"); a room range ("101-120") makes one room placement per number. Shared by the routes and the forms.
 */

export const PLACEMENT_KINDS = ['single', 'room'] as const;
export const MAX_ROOMS_PER_RANGE = 500;
export const MAX_PLACEMENTS_PER_HOTEL = 2000;
export const DEFAULT_DAILY_CLAIM_LIMIT = 30;

export { CARD_INACTIVE, CARD_LIMIT_REACHED, PlacementToken } from './claim-refusals';

export const LABEL_REQUIRED = 'Please enter a name for the placement';
export const RANGE_INVALID = 'Please enter a room range such as 101-120';
export const RANGE_REVERSED = 'The range must go from the lower room number to the higher';
export const RANGE_TOO_LARGE = `A range can make at most ${MAX_ROOMS_PER_RANGE} rooms`;

/** A room range "101-120": digits, an optional common letter prefix ("A101-A120"); both ends included. */
export const ROOM_RANGE = /^\s*([A-Za-z]{0,3})(\d{1,6})\s*-\s*([A-Za-z]{0,3})(\d{1,6})\s*$/;

/** The rooms a range makes, or a refusal (the detail). Room labels keep the numbers as written ("101", "A101"). */
export function roomsOfRange(range: string): { rooms: string[] } | { refused: string } {
  const match = ROOM_RANGE.exec(range);
  if (!match) return { refused: RANGE_INVALID };
  const [, prefix, fromText, toPrefix, toText] = match as unknown as [string, string, string, string, string];
  if (toPrefix !== '' && toPrefix.toUpperCase() !== prefix.toUpperCase()) return { refused: RANGE_INVALID };
  const from = Number(fromText);
  const to = Number(toText);
  if (from > to) return { refused: RANGE_REVERSED };
  if (to - from + 1 > MAX_ROOMS_PER_RANGE) return { refused: RANGE_TOO_LARGE };
  const rooms: string[] = [];
  for (let n = from; n <= to; n++) rooms.push(`${prefix.toUpperCase()}${n}`);
  return { rooms };
}

const label = requiredText(LABEL_REQUIRED, 60, { label: 'Name' });

/** POST /hotels/{id}/placements (and the hotel's own): one single placement, or a room range. */
export const PlacementCreateSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('single'), label }),
    v.object({
      kind: v.literal('room'),
      range: v.pipe(
        v.string(RANGE_INVALID),
        v.maxLength(40, RANGE_INVALID),
        // The refusal in its own words: malformed, reversed or too long (docs/PRODUCT.md "Guest trust").
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return;
          const made = roomsOfRange(dataset.value);
          if ('refused' in made) addIssue({ message: made.refused });
        }),
      ),
    }),
  ],
  'kind must be single or room',
);
export type PlacementCreateInput = v.InferOutput<typeof PlacementCreateSchema>;

/** PUT …/placements/{id}: rename and (de)activate. Rotation is its own POST …/placements/{id}/rotate. */
export const PlacementUpdateSchema = v.pipe(
  v.object({
    label: v.optional(label),
    is_active: v.optional(v.boolean('is_active must be true or false')),
  }),
  // An empty change is a mistake of the caller (a body that is not JSON reads as {}), never a silent success.
  v.check((input) => input.label !== undefined || input.is_active !== undefined, 'Send label or is_active'),
);
export type PlacementUpdateInput = v.InferOutput<typeof PlacementUpdateSchema>;

/** …/placements/{placementId}: the hotel's id and the placement's. */
export const PlacementParams = v.object({ id: uuidText('id'), placementId: uuidText('placement id') });

/** GET /hotel/placement-ranking?from=&to=: business days, both included; absent, the last 30 days to today. */
export const PlacementRankingQuerySchema = v.pipe(
  v.object({ from: optionalParam(calendarDate('from')), to: optionalParam(calendarDate('to')) }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must not be after To'),
);

const dailyLimit = (label: string) =>
  v.pipe(
    v.number(`${label} must be a whole number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(1, `${label} must be between 1 and 100000`),
    v.maxValue(100_000, `${label} must be between 1 and 100000`),
  );

/** The hotel's claim settings (docs/PRODUCT.md "Guest trust"): its old link on or off and the daily limits. */
export const HotelClaimSettingsSchema = v.object({
  hotel_link_enabled: v.boolean('hotel_link_enabled must be true or false'),
  placement_daily_limit: dailyLimit('Daily claims per card'),
  hotel_link_daily_limit: dailyLimit('Daily claims through the hotel link'),
});
export type HotelClaimSettingsInput = v.InferOutput<typeof HotelClaimSettingsSchema>;
