import { gzipSync } from 'node:zlib';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Context, TypedResponse } from 'hono';
import type { Db } from '../../db/client';
import { acceptsGzip } from '../../platform/lib/csv';
import { MAX_VOUCHERS_PER_SCAN } from '../../../shared/constants';
import { catalogueVersion } from '../../db/derived-tables';
import { groupBatchUpsert, type CountedRow, type GroupCount } from '../../platform/middleware/rate-limit';
import { statementBatches } from '../../platform/lib/statement-batches';
import { arrayLiteral, paddedColumn, quotedArrayLiteral } from '../../db/array-literal';
import { hotels } from '../hotels/table';
import { locations } from '../locations/table';
import { merchants } from '../merchants/table';
import { merchantTypes } from '../merchant-types/table';
import { presentGuestOfferCard, type GuestOfferCardView } from './offers.presenter';
import { fullCapOfferIds } from './offer-usage';
import { listGuestOffers, offerOnOffer, offerRowColumns, type OfferRow } from './offers.service';
import { offers } from './table';

/**
 * What a guest of one hotel may pick today (GET /offers?hotel_id= with the offer cards, GET /offers/{id}/details
 * with one offer's View Details, and the scan submission's check). It changes only when the catalogue does
 * (catalogue_version, docs/DATA.md; a cap filling up or freed again bumps it too, docs/DATA.md "Offer caps") or the
 * business day turns (a daily cap's offer comes back), so:
 * - the ETag is (catalogue version, day): a guest who has the list gets 304 after one cheap query;
 * - the list is cached in this process per (version, day, location, merchant-type choice), so every hotel of a
 *   location with the same choice shares one entry. The version is read from the database on each request, so
 *   a change committed through any server is seen by every server at once.
 */

/** Bump when the answer's shape changes, so a client holding the old shape never gets a 304 for it. */
const SHAPE = 'g5';
const MAX_ENTRIES = 64;

export interface GuestOfferList {
  /** The guest-visible offers by id (View Details), those with a full cap too. */
  byId: Map<string, OfferRow>;
  /** The guest list's answer: the offer cards. */
  json: JsonText<GuestOfferCardView[]>;
  /** The same JSON gzipped once, for the many browsers that accept it. */
  gzipped(): Uint8Array;
}

export interface HotelOffers {
  /** phoneVerification: a claim needs a verified number (docs/PRODUCT.md "Guest trust"). */
  hotel: { isActive: boolean; subscriptionEnd: string | null; phoneVerification: boolean };
  etag: string;
  /** The guest-visible offers, cached or read now. */
  list(): Promise<GuestOfferList>;
}

export interface GuestOfferLists {
  /** The hotel's state and offers today; undefined when the hotel does not exist or is archived. */
  lookup(hotelId: string, today: string): Promise<HotelOffers | undefined>;
  /**
   * The same, with the guest-visible offers among `ids` (a scan submission's picks) by id, read in the same statement:
   * the submission needs no town's list (a national operator has more towns than the cache holds; building a town's
   * list of hundreds of offers cost 5 ms of the server's CPU at scale 10) and no second round trip (README
   * "Performance", round 8). With `count`, a rate limit's count of this submission is made in the same statement
   * (rate-limit.ts countAlong) and its 429 thrown before anything is answered.
   */
  lookupPicked(
    hotelId: string,
    today: string,
    ids: readonly string[],
    count?: GroupCount,
  ): Promise<(HotelOffers & { picked: ReadonlyMap<string, OfferRow> }) | undefined>;
}

const perDatabase = new WeakMap<Db, GuestOfferLists>();

/** One cache per database, shared by the offers and the scan-submission routes. */
export function guestOfferLists(db: Db): GuestOfferLists {
  let lists = perDatabase.get(db);
  if (!lists) perDatabase.set(db, (lists = createGuestOfferLists(db)));
  return lists;
}

function createGuestOfferLists(db: Db): GuestOfferLists {
  const keyColumns = {
    version: catalogueVersion.version,
    locationId: hotels.locationId,
    selection: hotels.offerSelectionType,
    types: hotels.selectedMerchantTypes,
    isActive: hotels.isActive,
    subscriptionEnd: hotels.subscriptionEnd,
    phoneVerification: hotels.phoneVerification,
  };
  const theHotel = and(eq(hotels.id, sql.placeholder('hotelId')), isNull(hotels.archivedAt));
  // The version and the hotel in one round trip, prepared once.
  const readKey = db
    .select(keyColumns)
    .from(catalogueVersion)
    .leftJoin(hotels, theHotel)
    .where(eq(catalogueVersion.id, 1))
    .prepare('guest_offers_key');
  // The same, with a row for each picked offer on offer today; its merchant's columns are null unless the merchant is
  // the hotel's to show (not archived, in its town, of a type it chose): offers.service.ts guestVisible's rule on the
  // hotel's own columns; a change to one is a change to both. One lookup from placeholders, or (`batch`) the lookups
  // of a batch of submissions from arrays, `requests`, each row naming its request (`n`), with their rate limits'
  // counts (rate-limit.ts groupBatchUpsert) as one JSON column per request.
  const readKeyAndPicked = (batch: boolean, name: string) => {
    const requests = db.$with('requests', { n: sql`n` }).as(
      sql`select r.* from unnest(${sql.placeholder('hotelIds')}::uuid[], ${sql.placeholder('days')}::date[],
        ${sql.placeholder('id1s')}::uuid[], ${sql.placeholder('id2s')}::uuid[], ${sql.placeholder('id3s')}::uuid[],
        ${sql.placeholder('limitFrom')}::int[], ${sql.placeholder('limitTo')}::int[])
        with ordinality as r(hotel_id, today, id1, id2, id3, limit_from, limit_to, n)
      where r.hotel_id is not null`,
    );
    const counted = db
      .$with('counted_limits', { key: sql`key`, points: sql`points`, expire: sql`expire` })
      .as(groupBatchUpsert());
    // The request's hotel, day and picks: a row of `requests`, or the one lookup's placeholders.
    const param = batch
      ? {
          hotelId: sql`requests.hotel_id`,
          today: sql`requests.today`,
          ids: sql`requests.id1, requests.id2, requests.id3`,
        }
      : {
          hotelId: sql.placeholder('hotelId'),
          today: sql.placeholder('today'),
          ids: sql`${sql.placeholder('id1')}::uuid, ${sql.placeholder('id2')}::uuid, ${sql.placeholder('id3')}::uuid`,
        };
    const columns = {
      ...keyColumns,
      offer: offerRowColumns,
      n: batch ? sql<string>`requests.n` : sql<null>`null`,
      // This request's own keys: its slice of the batch's.
      limits: batch
        ? sql<
            CountedRow[] | null
          >`(select json_agg(json_build_object('key', c.key, 'points', c.points, 'expire', c.expire))
            from ${counted} c
            where c.key = any((${sql.placeholder('limit_keys')}::text[])[requests.limit_from:requests.limit_to]))`
        : sql<null>`null`,
    };
    const query = batch
      ? db
          .with(requests, counted)
          .select(columns)
          .from(catalogueVersion)
          .innerJoin(requests, sql`true`)
          .$dynamic()
      : db.select(columns).from(catalogueVersion).$dynamic();
    return query
      .leftJoin(hotels, and(eq(hotels.id, param.hotelId), isNull(hotels.archivedAt)))
      .leftJoin(
        offers,
        and(
          // Three scalar ids (a guest picks at most three; null for none), not `= any($ids)`: with an array PostgreSQL's
          // generic plan assumes ten ids, costs more than the custom plans, and so it planned this statement again on
          // every submission (0.3 ms of its CPU).
          sql`${offers.id} in (${param.ids})`,
          isNull(offers.archivedAt),
          offerOnOffer(param.today),
        ),
      )
      .leftJoin(
        merchants,
        and(
          eq(merchants.id, offers.merchantId),
          isNull(merchants.archivedAt),
          eq(merchants.locationId, hotels.locationId),
          or(
            eq(hotels.offerSelectionType, 'all'),
            sql`${merchants.merchantTypeId} = any(${hotels.selectedMerchantTypes})`,
          ),
        ),
      )
      .leftJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
      .leftJoin(locations, eq(locations.id, merchants.locationId))
      .where(eq(catalogueVersion.id, 1))
      .prepare(name);
  };
  const readPicked = readKeyAndPicked(false, 'guest_offers_key_picked');
  const readPickedCounted = readKeyAndPicked(true, 'guest_offers_picked_counted');
  type PickedRow = Awaited<ReturnType<typeof readPicked.execute>>[number];

  /**
   * Submissions' lookups with their rate limits' counts, in batches (platform/lib/statement-batches.ts; docs/DATA.md
   * "Writes in batches"): a busy time's submissions share one round trip for this first statement as they do for
   * their call (customer-scans.service.ts). A key counted once a batch: two lookups of one address or number wait for
   * the next.
   */
  const lookupCounted = (lookup: CountedLookup) =>
    statementBatches(db, 'guest_offers_picked_counted', () => ({
      keysOf: (request: CountedLookup) => request.count.rows.map((row) => row.key),
      async run(batch: readonly CountedLookup[]): Promise<PickedRow[][]> {
        const rows = await readPickedCounted.execute(countedValues(batch));
        const byRequest = batch.map((): PickedRow[] => []);
        for (const row of rows) byRequest[Number(row.n) - 1]?.push(row);
        return byRequest;
      },
    })).submit(lookup);

  // Insertion order is recency order: a hit is moved to the end, the oldest is dropped first.
  const cache = new Map<string, GuestOfferList>();
  let newestVersion = 0;

  type Key = Awaited<ReturnType<typeof readKey.execute>>[number];
  const hotelOffers = (key: Key, today: string): HotelOffers | undefined => {
    if (key.locationId === null) return undefined;
    const locationId = key.locationId;
    const version = Number(key.version);
    const merchantTypeIds = key.selection === 'manual' ? key.types! : undefined;
    const cacheKey = `${version}|${today}|${locationId}|${merchantTypeIds?.join(',') ?? 'all'}`;

    const list = async (): Promise<GuestOfferList> => {
      const hit = cache.get(cacheKey);
      if (hit) {
        cache.delete(cacheKey);
        cache.set(cacheKey, hit);
        return hit;
      }
      const rows = await listGuestOffers(db, { locationId, today, merchantTypeIds });
      // An offer whose cap is full today is not offered (docs/DATA.md "Offer caps"); it stays in byId for View Details.
      // A phone holding an older list that picks it gets the submission's clear "has just run out" refusal (its picks
      // are read by lookupPicked, caps or not).
      const full = await fullCapOfferIds(db, rows, today);
      const json = jsonText(rows.filter((row) => !full.has(row.id)).map(presentGuestOfferCard));
      let gzipped: Uint8Array | undefined;
      const entry: GuestOfferList = {
        byId: new Map(rows.map((row) => [row.id, row])),
        json,
        gzipped: () => (gzipped ??= gzipSync(json)),
      };
      // An older version's entries are never asked for again; a late reader of an old version caches nothing.
      if (version > newestVersion) {
        cache.clear();
        newestVersion = version;
      }
      if (version === newestVersion) {
        cache.set(cacheKey, entry);
        if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      }
      return entry;
    };
    return {
      hotel: {
        isActive: key.isActive!,
        subscriptionEnd: key.subscriptionEnd,
        phoneVerification: key.phoneVerification!,
      },
      etag: `W/"${SHAPE}-${version}-${today}"`,
      list,
    };
  };

  return {
    async lookup(hotelId, today) {
      const [key] = await readKey.execute({ hotelId });
      return key && hotelOffers(key, today);
    },
    async lookupPicked(hotelId, today, ids, count) {
      if (ids.length === 0 || ids.length > MAX_VOUCHERS_PER_SCAN) throw new Error('one to three picked offers');
      const [id1, id2 = null, id3 = null] = ids;
      const values = { hotelId, today, id1, id2, id3 };
      const rows = count
        ? await lookupCounted({ hotelId, today, ids: [id1!, id2, id3], count })
        : await readPicked.execute(values);
      // The 429 first, as if the limit had been counted on its own before.
      if (count) count.verdict(rows[0]?.limits ?? []);
      const found = rows[0] && hotelOffers(rows[0], today);
      if (!found) return undefined;
      // An offer row without its merchant's columns is not the hotel's to show (see the join above).
      const picked = new Map<string, OfferRow>();
      for (const { offer } of rows)
        if (offer?.id && offer.merchantName !== null) picked.set(offer.id, offer as OfferRow);
      return { ...found, picked };
    },
  };
}

/** A submission's lookup with its rate limits' count (lookupPicked), waiting for its batch. */
interface CountedLookup {
  hotelId: string;
  today: string;
  ids: readonly (string | null)[];
  count: GroupCount;
}

/**
 * The batch statement's values: an array literal per field, an element per request (padded with nulls, which match
 * nothing; db/array-literal.ts paddedColumn), and every request's rate-limit rows one after another, each request
 * naming its slice of them (1-based, inclusive).
 */
function countedValues(batch: readonly CountedLookup[]) {
  const column = <T extends string | number | null>(of: (request: CountedLookup, index: number) => T) =>
    arrayLiteral(paddedColumn(batch, of));
  const limitRows = batch.flatMap((request) => request.count.rows);
  // Where each request's rows end: the running count.
  const ends: number[] = [];
  batch.forEach((request, i) => ends.push((ends[i - 1] ?? 0) + request.count.rows.length));
  return {
    hotelIds: column((request) => request.hotelId),
    days: column((request) => request.today),
    id1s: column((request) => request.ids[0] ?? null),
    id2s: column((request) => request.ids[1] ?? null),
    id3s: column((request) => request.ids[2] ?? null),
    limitFrom: column((_, i) => (ends[i - 1] ?? 0) + 1),
    limitTo: column((_, i) => ends[i]!),
    limit_keys: quotedArrayLiteral(limitRows.map((row) => row.key)),
    limit_expires: arrayLiteral(limitRows.map((row) => row.expire)),
    limit_now: Date.now(),
  };
}

declare const holds: unique symbol;
/** JSON text of a T: a string that keeps, for the typecheck only, the type of what it holds. */
export type JsonText<T> = string & { readonly [holds]?: T };
const jsonText = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

/**
 * The list's answer sent as it is cached: the JSON text, or its gzipped bytes for a client that takes gzip. Typed as
 * the JSON answer it is, so the route table (src/server/platform/app.ts `ApiSchema`) holds the offer cards' type.
 */
export function guestListResponse(
  c: Context,
  answer: GuestOfferList,
): Response & TypedResponse<GuestOfferCardView[], 200, 'json'> {
  c.header('Content-Type', 'application/json; charset=UTF-8');
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  if (gzip) c.header('Content-Encoding', 'gzip');
  const body = gzip ? (answer.gzipped() as Uint8Array<ArrayBuffer>) : answer.json;
  return c.body(body) as Response as Response & TypedResponse<GuestOfferCardView[], 200, 'json'>;
}
