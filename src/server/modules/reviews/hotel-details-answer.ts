import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { monthOf } from '../../../shared/dates';
import type { HotelDetailsQuery } from '../../../shared/schemas/reviews';
import type { Db } from '../../db/client';
import { catalogueVersion, reviewVersion } from '../../db/derived-tables';
import { businessCalendar } from '../../platform/lib/business-time';
import { keptAnswer, keptAnswers, type KeptAnswer } from '../../platform/lib/kept-answer';
import { presentReviewRow } from './reviews.presenter';
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

export interface HotelDetailsAnswers {
  /** The answer for this query as of `now` (its business day), cached or made now. */
  answer(query: HotelDetailsQuery, now?: Date): Promise<KeptAnswer>;
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

  const kept = keptAnswers(MAX_ENTRIES);

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
      return kept(version, `${today}|${filters}`, () =>
        hotelReviewDetails(db, timeZone, { ...query, month }, now).then((rows) =>
          keptAnswer(rows.map(presentReviewRow), `W/"${SHAPE}-${version}-${today}-${digest(filters)}"`),
        ),
      );
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);
