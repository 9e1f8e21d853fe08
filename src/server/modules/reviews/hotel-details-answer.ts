import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { Context, TypedResponse } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { monthOf } from '../../../shared/dates';
import type { HotelDetailsQuery } from '../../../shared/schemas/reviews';
import type { Db } from '../../db/client';
import { catalogueVersion, reviewVersion } from '../../db/derived-tables';
import { businessCalendar } from '../../platform/lib/business-time';
import { presentReviewRow, type HotelReviewSummaryView } from './reviews.presenter';
import { hotelReviewDetails } from './reviews.service';

/**
 * Hotel Details' answer (GET /reviews/hotel-details: every hotel in one array, docs/PRODUCT.md "Hotel Details") made
 * once and kept, as JSON and its gzip and Brotli bytes (docs/DATA.md "Review version"). At 10,000 hotels it is 3.4 MB
 * of JSON: writing and compressing it cost more than reading it, so each request only reads two counters.
 *
 * It depends on nothing but:
 * - catalogue_version: hotels (added, renamed, moved, archived, their place id) and locations;
 * - review_version: hotel_review_stats and hotel_review_months, which every snapshot change and rebuild writes;
 * - the business day: "Reviews Today" and the default month move with it;
 * - the query (month, location, name search).
 * It shows no money, so it is the same for every back-office role (docs/PRODUCT.md: a manager loses revenue and
 * amounts, none of which is here): the role is no part of the key.
 *
 * The counters are read on every request, before the figures, so a change committed through any server is seen by
 * every server at once, and an answer is never kept under a version older than its figures. Only the answers of
 * the version last read are kept, at most MAX_ENTRIES of them (insertion order is recency order); requests that miss
 * together share one read.
 */

/** Bump when the answer's shape changes, so a client holding the old shape never gets a 304 for it. */
const SHAPE = 'hd1';
const MAX_ENTRIES = 6;

export interface HotelDetailsAnswer {
  etag: string;
  /** The JSON as UTF-8 bytes. */
  json: Uint8Array;
  /** Compressed once, when first asked for, off the event loop (zlib's threads): 40 and 75 ms at 10,000 hotels. */
  gzip(): Promise<Uint8Array>;
  brotli(): Promise<Uint8Array>;
}

export interface HotelDetailsAnswers {
  /** The answer for this query as of `now` (its business day), cached or made now. */
  answer(query: HotelDetailsQuery, now?: Date): Promise<HotelDetailsAnswer>;
}

const perDatabase = new WeakMap<Db, Map<string, HotelDetailsAnswers>>();

/** One cache per database and time zone (the tests run several apps on one database). */
export function hotelDetailsAnswers(db: Db, timeZone: string): HotelDetailsAnswers {
  let byZone = perDatabase.get(db);
  if (!byZone) perDatabase.set(db, (byZone = new Map<string, HotelDetailsAnswers>()));
  let answers = byZone.get(timeZone);
  if (!answers) byZone.set(timeZone, (answers = createAnswers(db, timeZone)));
  return answers;
}

function createAnswers(db: Db, timeZone: string): HotelDetailsAnswers {
  // Both counters in one round trip, prepared once.
  const readVersions = db
    .select({ catalogue: catalogueVersion.version, reviews: reviewVersion.version })
    .from(catalogueVersion)
    .innerJoin(reviewVersion, eq(reviewVersion.id, 1))
    .where(eq(catalogueVersion.id, 1))
    .prepare('hotel_details_versions');

  const cache = new Map<string, Promise<HotelDetailsAnswer>>();
  let newest = '';

  return {
    async answer(query, now = new Date()) {
      let [versions] = await readVersions.execute();
      if (!versions) {
        // review_version's row is seeded by its migration; a load that emptied every table (bench:data) loses it,
        // and the triggers' update then moves nothing: put it back once.
        await db.execute(sql`insert into review_version (id, version) values (1, 1) on conflict (id) do nothing`);
        [versions] = await readVersions.execute();
        if (!versions) throw new Error('catalogue_version has no row');
      }
      const version = `${versions.catalogue}-${versions.reviews}`;
      const today = businessCalendar(timeZone, now).today;
      const month = query.month ?? monthOf(today);
      const filters = JSON.stringify([month, query.location_id ?? null, query.search ?? null]);
      const key = `${version}|${today}|${filters}`;

      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const made = hotelReviewDetails(db, timeZone, { ...query, month }, now).then((rows) =>
        answerOf(rows.map(presentReviewRow), `W/"${SHAPE}-${version}-${today}-${digest(filters)}"`),
      );
      // Only the version last read is kept: every entry was made from figures read after its version, so it is never
      // older than its key; a late reader of an older version (or a counter put back: see above) starts again.
      if (version !== newest) {
        cache.clear();
        newest = version;
      }
      cache.set(key, made);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      // A failed read is not kept.
      made.catch(() => cache.get(key) === made && cache.delete(key));
      return made;
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);
const gzipBytes = promisify(gzip);
const brotliBytes = promisify(brotliCompress);

function answerOf(rows: HotelReviewSummaryView[], etag: string): HotelDetailsAnswer {
  const json = Buffer.from(JSON.stringify(rows));
  let gzipped: Promise<Uint8Array> | undefined;
  let brotli: Promise<Uint8Array> | undefined;
  return {
    etag,
    json,
    gzip: () => (gzipped ??= gzipBytes(json)),
    // Quality 4: at 10,000 hotels 317 KB in 75 ms (gzip: 403 KB, 41 ms); 5 to 9 save under 1 % in 2 to 11 times
    // as long, 11 (the default) 17 % in 25 s.
    brotli: () =>
      (brotli ??= brotliBytes(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })),
  };
}

/** Brotli, else gzip, else none: the client's highest weight above 0 (its own entry's, else the wildcard's). */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepts = parseAccept(acceptEncoding ?? '');
  const weight = (name: string) =>
    (accepts.find((a) => a.type.toLowerCase() === name) ?? accepts.find((a) => a.type === '*'))?.q ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/**
 * The kept answer sent as it is: the bytes of the encoding the client takes best. Typed as the JSON answer it is,
 * so the route table (src/server/platform/app.ts `ApiSchema`) holds the rows' type.
 */
export async function hotelDetailsResponse(
  c: Context,
  answer: HotelDetailsAnswer,
): Promise<Response & TypedResponse<HotelReviewSummaryView[], 200, 'json'>> {
  c.header('Content-Type', 'application/json; charset=UTF-8');
  const encoding = encodingFor(c.req.header('Accept-Encoding'));
  if (encoding) c.header('Content-Encoding', encoding);
  const body = encoding === 'br' ? await answer.brotli() : encoding === 'gzip' ? await answer.gzip() : answer.json;
  return c.body(body as Uint8Array<ArrayBuffer>) as Response as Response &
    TypedResponse<HotelReviewSummaryView[], 200, 'json'>;
}
