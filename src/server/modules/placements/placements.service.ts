import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates';
import {
  CARD_INACTIVE,
  CARD_LIMIT_REACHED,
  MAX_PLACEMENTS_PER_HOTEL,
  roomsOfRange,
  type PlacementCreateInput,
  type PlacementUpdateInput,
} from '../../../shared/schemas/placements';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/lib/errors';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { switchOffNewHotelLink } from '../hotels/hotels.service';
import { hotels } from '../hotels/table';
import { hotelLinkDayClaims, placementDayClaims, placements, placementTokens } from './table';

/**
 * Placements (docs/PRODUCT.md "Guest trust"): where a hotel's QR cards hang, their tokens, and the daily claim limits
 * of each card and of the hotel's old link. The only writer of the placement tables.
 */

const MISSING = 'Placement not found';

/** The label a room placement gets: "Room 101". */
export const roomLabel = (room: string) => `Room ${room}`;

/** A new card token: 18 random bytes (144 bits), URL-safe base64 (24 characters), as the `p` of the QR link. */
export const newPlacementToken = () => randomBytes(18).toString('base64url');

/** A placement as the lists and the room cards read it: its current token and today's claims through it. */
export interface PlacementRow {
  id: string;
  hotelId: string;
  label: string;
  kind: 'single' | 'room';
  isActive: boolean;
  createdAt: Date;
  token: string | null;
  claimsToday: number;
}

function selectPlacements(db: Db, today: IsoDate) {
  return db
    .select({
      id: placements.id,
      hotelId: placements.hotelId,
      label: placements.label,
      kind: placements.kind,
      isActive: placements.isActive,
      createdAt: placements.createdAt,
      token: placementTokens.token,
      claimsToday: sql<number>`coalesce(${placementDayClaims.claims}, 0)::int`,
    })
    .from(placements)
    .leftJoin(placementTokens, and(eq(placementTokens.placementId, placements.id), isNull(placementTokens.retiredAt)))
    .leftJoin(
      placementDayClaims,
      and(eq(placementDayClaims.placementId, placements.id), eq(placementDayClaims.day, today)),
    );
}

/**
 * A hotel's placements (at most 2,000, so one answer): singles first, then rooms, each in the order made (a range
 * in room order), then by label.
 */
export function listPlacements(db: Db, hotelId: string, today: IsoDate): Promise<PlacementRow[]> {
  return selectPlacements(db, today)
    .where(eq(placements.hotelId, hotelId))
    .orderBy(
      asc(sql`${placements.kind} = 'room'`),
      asc(placements.createdAt),
      asc(sql`length(${placements.label})`),
      asc(placements.label),
    );
}

async function getPlacement(db: Db, hotelId: string, id: string, today: IsoDate): Promise<PlacementRow> {
  const [row] = await selectPlacements(db, today).where(and(eq(placements.id, id), eq(placements.hotelId, hotelId)));
  if (!row) throw notFound(MISSING);
  return row;
}

/** The hotel's row locked for this transaction: placements of one hotel are made one request at a time. */
async function lockHotel(tx: Db, hotelId: string): Promise<{ createdAt: Date }> {
  const [hotel] = await tx
    .select({ createdAt: hotels.createdAt })
    .from(hotels)
    .where(and(eq(hotels.id, hotelId), isNull(hotels.archivedAt)))
    .for('update');
  if (!hotel) throw notFound('Hotel not found');
  return hotel;
}

const takenMessage = (labels: string[]) =>
  labels.length === 1
    ? `${labels[0]} already has a card`
    : `${labels.slice(0, 5).join(', ')}${labels.length > 5 ? ` and ${labels.length - 5} more` : ''} already have cards`;

/**
 * Makes one single placement or the rooms of a range, each with its token (docs/PRODUCT.md "Guest trust"). Refused,
 * with nothing made: a malformed, reversed or too long range (the schema's words), a label the hotel already has (a
 * range overlapping its rooms), more than 2,000 placements in the hotel. A hotel made after placements came (migration
 * 0014_guest_trust) switches its old link off with its first placement.
 */
export async function createPlacements(
  db: Db,
  hotelId: string,
  input: PlacementCreateInput,
  today: IsoDate,
  audit: AuditContext,
): Promise<PlacementRow[]> {
  let labels: string[];
  if (input.kind === 'single') labels = [input.label];
  else {
    const range = roomsOfRange(input.range);
    if ('refused' in range) throw new AppError(422, range.refused);
    labels = range.rooms.map(roomLabel);
  }
  try {
    return await db.transaction(async (tx) => {
      const hotel = await lockHotel(tx, hotelId);
      const taken = await tx
        .select({ label: placements.label })
        .from(placements)
        .where(and(eq(placements.hotelId, hotelId), inArray(placements.label, labels)));
      if (taken.length > 0) {
        const names = new Set(taken.map((row) => row.label));
        throw conflict(takenMessage(labels.filter((label) => names.has(label))));
      }
      const existing = await tx.$count(placements, eq(placements.hotelId, hotelId));
      if (existing + labels.length > MAX_PLACEMENTS_PER_HOTEL)
        throw new AppError(
          422,
          `A hotel can have at most ${MAX_PLACEMENTS_PER_HOTEL.toLocaleString('en-IN')} placements: this one has ${existing}, so at most ${MAX_PLACEMENTS_PER_HOTEL - existing} more`,
        );
      const made = await tx
        .insert(placements)
        .values(labels.map((label) => ({ hotelId, label, kind: input.kind })))
        .returning({ id: placements.id });
      await tx.insert(placementTokens).values(made.map((row) => ({ placementId: row.id, token: newPlacementToken() })));
      if (existing === 0) await switchOffNewHotelLink(tx, hotelId, hotel.createdAt, audit);
      // A placement's changes are actions of their own on its hotel's record, so the hotel's trail shows them
      // (docs/SECURITY.md "Audit trail").
      await recordAudit(tx, audit, {
        action: 'placement.add',
        entity: 'hotel',
        entityId: hotelId,
        after: {
          placements_added:
            labels.length > 3 ? `${labels[0]} … ${labels[labels.length - 1]} (${labels.length})` : labels,
          ...(input.kind === 'room' ? { range: input.range } : {}),
        },
      });
      return selectPlacements(tx, today)
        .where(
          inArray(
            placements.id,
            made.map((row) => row.id),
          ),
        )
        .orderBy(asc(sql`length(${placements.label})`), asc(placements.label));
    });
  } catch (error) {
    // Two requests making the same label at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(takenMessage(labels.length === 1 ? labels : ['Some of these rooms']));
    throw error;
  }
}

/** Renames and/or (de)activates one placement of this hotel (404 for another hotel's). */
export async function updatePlacement(
  db: Db,
  hotelId: string,
  id: string,
  input: PlacementUpdateInput,
  today: IsoDate,
  audit: AuditContext,
): Promise<PlacementRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await getPlacement(tx, hotelId, id, today);
      const change = {
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      };
      if (Object.keys(change).length > 0) await tx.update(placements).set(change).where(eq(placements.id, id));
      const after = await getPlacement(tx, hotelId, id, today);
      await recordAudit(tx, audit, {
        action: 'placement.change',
        entity: 'hotel',
        entityId: hotelId,
        before: { placement: before.label, placement_id: id, is_active: before.isActive },
        after: { placement: after.label, placement_id: id, is_active: after.isActive },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.label !== undefined) throw conflict(takenMessage([input.label]));
    throw error;
  }
}

/** A new token for a placement (its old card stops working at once); the placement stays as it is otherwise. */
export async function rotatePlacement(
  db: Db,
  hotelId: string,
  id: string,
  today: IsoDate,
  audit: AuditContext,
): Promise<PlacementRow> {
  return db.transaction(async (tx) => {
    const row = await getPlacement(tx, hotelId, id, today);
    await tx
      .update(placementTokens)
      .set({ retiredAt: sql`now()` })
      .where(and(eq(placementTokens.placementId, id), isNull(placementTokens.retiredAt)));
    await tx.insert(placementTokens).values({ placementId: id, token: newPlacementToken() });
    await recordAudit(tx, audit, {
      action: 'placement.rotate',
      entity: 'hotel',
      entityId: hotelId,
      after: { placement_card_replaced: row.label, placement_id: id },
    });
    return getPlacement(tx, hotelId, id, today);
  });
}

/** The card a guest came through: a placement's token, or the hotel's old link (no token). */
export type Card = { placementId: string; limit: number } | { placementId: null; limit: number };

/**
 * The card of a scan (docs/PRODUCT.md "Guest trust"), or why it takes no claim: a token that is unknown, of another
 * hotel, retired (rotated) or of a deactivated placement, or the old link switched off, is "no longer active"; a card
 * whose claims today reached the hotel's limit has "reached today's limit". `undefined`: the hotel is missing (the
 * scan's own check says so). One indexed read.
 */
export async function cardOfScan(
  db: Db,
  hotelId: string,
  token: string | undefined,
  today: IsoDate,
): Promise<{ card: Card } | { refused: string } | undefined> {
  if (token === undefined) {
    const [row] = rowsOf<{ enabled: boolean; limit: number; claims: number }>(
      await db.execute(sql`
        select h.hotel_link_enabled as enabled, h.hotel_link_daily_limit as "limit", coalesce(d.claims, 0)::int as claims
        from ${hotels} h left join ${hotelLinkDayClaims} d on d.hotel_id = h.id and d.day = ${today}::date
        where h.id = ${hotelId}::uuid`),
    );
    if (!row) return undefined;
    if (!row.enabled) return { refused: CARD_INACTIVE };
    if (row.claims >= row.limit) return { refused: CARD_LIMIT_REACHED };
    return { card: { placementId: null, limit: row.limit } };
  }
  const [row] = rowsOf<{ id: string; usable: boolean; limit: number; claims: number }>(
    await db.execute(sql`
      select p.id, (p.is_active and t.retired_at is null) as usable, h.placement_daily_limit as "limit",
             coalesce(d.claims, 0)::int as claims
      from ${placementTokens} t
      join ${placements} p on p.id = t.placement_id
      join ${hotels} h on h.id = p.hotel_id
      left join ${placementDayClaims} d on d.placement_id = p.id and d.day = ${today}::date
      where t.token = ${token} and p.hotel_id = ${hotelId}::uuid`),
  );
  if (!row || !row.usable) return { refused: CARD_INACTIVE };
  if (row.claims >= row.limit) return { refused: CARD_LIMIT_REACHED };
  return { card: { placementId: row.id, limit: row.limit } };
}
