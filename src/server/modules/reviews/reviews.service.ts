import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { addMonthsToMonth, monthOf, type IsoMonth } from '../../../shared/dates';
import type { HotelDetailsQuery } from '../../../shared/schemas/reviews';
import type { Db } from '../../db/client';
import { hotels } from '../hotels/table';
import { reviewSnapshots } from './table';
import type { Config } from '../../platform/env';
import { businessCalendar, isoTimestamp, startOfDay } from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import { AppError, badRequest, notFound } from '../../platform/lib/errors';
import { likeContaining } from '../../platform/lib/like';

/**
 * Google review tracking (docs/PRODUCT.md "Reviews"). Each refresh stores a snapshot (hotel, fetched_at, total_reviews,
 * rating); every metric is a difference between snapshots, read from the derived hotel_review_stats and
 * hotel_review_months (docs/DATA.md "Review months"), which hold the snapshots each figure needs.
 *
 * Baseline of a period (a business day or month) = the first snapshot inside it, or when there is none the
 * last one before it. Then, for the chosen month M:
 * - total_reviews, current_rating, last_refreshed: the latest snapshot (the hotel now);
 * - reviews_today = latest total − total of today's baseline;
 * - monthly_reviews = total at the end of M (the latest snapshot up to M's end) − total of M's baseline;
 * - month_beginning_rating = rating of M's baseline; rating_change = rating at the end of M − that.
 * For the current month the end of M is simply the latest snapshot.
 */

export interface ReviewRow {
  hotelId: string;
  hotelName: string;
  googlePlaceId: string | null;
  locationId: number;
  locationName: string;
  totalReviews: number | null;
  reviewsToday: number | null;
  monthlyReviews: number | null;
  currentRating: number | null;
  ratingChange: number | null;
  monthBeginningRating: number | null;
  lastRefreshed: string | null;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Hotels (not archived) with their review figures for `month` (default the current business month), by name.
 * `source: 'snapshots'` reads every figure from the snapshots instead (the derived tables' cross-check in tests).
 */
export async function hotelReviewDetails(
  db: Db,
  timeZone: string,
  query: HotelDetailsQuery,
  now: Date = new Date(),
  source: 'derived' | 'snapshots' = 'derived',
): Promise<ReviewRow[]> {
  const calendar = businessCalendar(timeZone, now);
  const month: IsoMonth = query.month ?? monthOf(calendar.today);
  const search = query.search ? likeContaining(query.search) : null;
  const hotelFilter = sql`h.archived_at is null
      ${query.location_id ? sql`and h.location_id = ${query.location_id}` : sql``}
      ${search ? sql`and h.name ilike ${search}` : sql``}`;
  const rows =
    source === 'derived'
      ? await derivedFigures(db, calendar.today, month, month === monthOf(calendar.today), hotelFilter)
      : await figuresFromSnapshots(db, timeZone, month, calendar.today, hotelFilter);
  return rows.map(toReviewRow);
}

/**
 * Any month from the derived tables (docs/DATA.md "Review months"), one row per hotel whatever its history. The hotel
 * now and today's baseline come from hotel_review_stats: its latest snapshot, and when that is from an earlier day it
 * is also today's baseline (no snapshot since), so the difference is 0, as the snapshot rule says. The month:
 * - the current month reads hotel_review_stats too: its latest snapshot is the month's last, and the first of its
 *   month is the baseline when that is this month, else the latest is both (0 again);
 * - another month reads hotel_review_months, the hotel's latest month up to M (one seek on its key): its last snapshot
 *   is the end of M; M's baseline is its first snapshot when that month is M, else (no snapshot in M) its last.
 */
async function derivedFigures(db: Db, today: string, month: IsoMonth, current: boolean, hotelFilter: SQL) {
  const monthStart = `${month}-01`;
  const monthFigures = current
    ? sql`case when r.latest_day >= ${monthStart}::date then r.month_first_total else r.latest_total end as month_total,
      (case when r.latest_day >= ${monthStart}::date then r.month_first_rating else r.latest_rating end)::float8 as month_rating,
      r.latest_total as end_total, r.latest_rating::float8 as end_rating`
    : sql`case when m.month = ${monthStart}::date then m.first_total else m.last_total end as month_total,
      (case when m.month = ${monthStart}::date then m.first_rating else m.last_rating end)::float8 as month_rating,
      m.last_total as end_total, m.last_rating::float8 as end_rating`;
  const result = await db.execute(sql`
    select h.id, h.name, h.google_place_id, l.id as location_id, l.name as location_name,
      r.latest_total, r.latest_rating::float8 as latest_rating, r.latest_at,
      case when r.latest_day = ${today}::date then r.day_first_total else r.latest_total end as day_total,
      ${monthFigures}
    from hotels h
    join locations l on l.id = h.location_id
    left join hotel_review_stats r on r.hotel_id = h.id
    ${
      current
        ? sql``
        : sql`left join lateral (
      select m.month, m.first_total, m.first_rating, m.last_total, m.last_rating from hotel_review_months m
      where m.hotel_id = h.id and m.month <= ${monthStart}::date order by m.month desc limit 1
    ) m on true`
    }
    where ${hotelFilter}
    order by lower(h.name), h.id`);
  return rowsOf<Record<string, unknown>>(result);
}

/** Any month, read from the snapshots themselves: one index seek per figure and hotel (the tests' reference). */
async function figuresFromSnapshots(db: Db, timeZone: string, month: IsoMonth, today: string, hotelFilter: SQL) {
  const monthStart = startOfDay(`${month}-01`, timeZone);
  const monthEnd = startOfDay(`${addMonthsToMonth(month, 1)}-01`, timeZone);
  const dayStart = startOfDay(today, timeZone);

  /** The first snapshot in [start, end), else the last before start. */
  const baseline = (start: ReturnType<typeof startOfDay>, end: ReturnType<typeof startOfDay> | null) => sql`
    coalesce(
      (select array[s.total_reviews::numeric, s.rating] from review_snapshots s
        where s.hotel_id = h.id and s.fetched_at >= ${start} ${end ? sql`and s.fetched_at < ${end}` : sql``}
        order by s.fetched_at asc, s.id asc limit 1),
      (select array[s.total_reviews::numeric, s.rating] from review_snapshots s
        where s.hotel_id = h.id and s.fetched_at < ${start}
        order by s.fetched_at desc, s.id desc limit 1)
    )`;

  const result = await db.execute(sql`
    select h.id, h.name, h.google_place_id, l.id as location_id, l.name as location_name,
      latest.total_reviews as latest_total, latest.rating::float8 as latest_rating, latest.fetched_at as latest_at,
      day_base.v[1]::int as day_total,
      month_base.v[1]::int as month_total, month_base.v[2]::float8 as month_rating,
      month_last.total_reviews as end_total, month_last.rating::float8 as end_rating
    from hotels h
    join locations l on l.id = h.location_id
    left join lateral (
      select s.total_reviews, s.rating, s.fetched_at from review_snapshots s
      where s.hotel_id = h.id order by s.fetched_at desc, s.id desc limit 1
    ) latest on true
    left join lateral (select ${baseline(dayStart, null)} as v) day_base on true
    left join lateral (select ${baseline(monthStart, monthEnd)} as v) month_base on true
    left join lateral (
      select s.total_reviews, s.rating from review_snapshots s
      where s.hotel_id = h.id and s.fetched_at < ${monthEnd}
      order by s.fetched_at desc, s.id desc limit 1
    ) month_last on true
    where ${hotelFilter}
    order by lower(h.name), h.id`);
  return rowsOf<Record<string, unknown>>(result);
}

function toReviewRow(row: Record<string, unknown>): ReviewRow {
  const fetched = row.latest_at !== null && row.latest_at !== undefined;
  const latestTotal = num(row.latest_total) ?? 0;
  const endTotal = num(row.end_total);
  const monthRating = num(row.month_rating);
  const endRating = num(row.end_rating);
  return {
    hotelId: String(row.id),
    hotelName: String(row.name),
    googlePlaceId: (row.google_place_id as string | null) || null,
    locationId: Number(row.location_id),
    locationName: String(row.location_name),
    totalReviews: fetched ? latestTotal : null,
    reviewsToday: fetched ? latestTotal - (num(row.day_total) ?? latestTotal) : null,
    monthlyReviews: fetched ? (endTotal === null ? 0 : endTotal - (num(row.month_total) ?? endTotal)) : null,
    currentRating: num(row.latest_rating),
    monthBeginningRating: monthRating,
    ratingChange: monthRating !== null && endRating !== null ? round2(endRating - monthRating) : null,
    lastRefreshed: isoTimestamp(row.latest_at),
  };
}

/** What the Places API (New) answers for the field mask rating,userRatingCount (fields absent without data). */
interface PlaceDetails {
  rating?: unknown;
  userRatingCount?: unknown;
}

export const NO_API_KEY =
  'Google reviews are not configured: set GOOGLE_PLACES_API_KEY on the server to fetch Google data';
export const NO_PLACE_ID = 'This hotel has no Google Place ID. Add one to the hotel to track its reviews.';
export const HOTEL_MISSING = 'Hotel not found';
const FETCH_TIMEOUT_MS = 15_000;

export interface RefreshResult {
  totalReviews: number;
  rating: number | null;
  fetchedAt: Date;
}

export interface RefreshDeps {
  db: Db;
  config: Pick<Config, 'googlePlacesApiKey' | 'googlePlacesBaseUrl'>;
  /** Aborts a running fetch (the scheduled job stopping). */
  signal?: AbortSignal;
}

/**
 * Fetches the hotel's rating and review count from Google Places (New) and stores a snapshot.
 * 404 no such hotel, 503 without an API key, 400 without a place id; Google's errors become a clear detail
 * (422 unknown place id, 429 quota, 502 anything else).
 */
export async function refreshGoogleData({ db, config, signal }: RefreshDeps, hotelId: string): Promise<RefreshResult> {
  const [hotel] = await db
    .select({ id: hotels.id, placeId: hotels.googlePlaceId })
    .from(hotels)
    .where(and(eq(hotels.id, hotelId), isNull(hotels.archivedAt)));
  if (!hotel) throw notFound(HOTEL_MISSING);
  if (!config.googlePlacesApiKey) throw new AppError(503, NO_API_KEY);
  const placeId = hotel.placeId?.trim();
  if (!placeId) throw badRequest(NO_PLACE_ID);

  const details = await fetchPlace(config.googlePlacesBaseUrl, config.googlePlacesApiKey, placeId, signal);
  const totalReviews = details.userRatingCount ?? 0;
  const [row] = await db
    .insert(reviewSnapshots)
    .values({ hotelId: hotel.id, totalReviews, rating: details.rating ?? null })
    .returning({ fetchedAt: reviewSnapshots.fetchedAt, rating: reviewSnapshots.rating });
  return { totalReviews, rating: row!.rating === null ? null : Number(row!.rating), fetchedAt: row!.fetchedAt };
}

async function fetchPlace(
  baseUrl: string,
  apiKey: string,
  placeId: string,
  signal: AbortSignal | undefined,
): Promise<{ rating?: number; userRatingCount?: number }> {
  const url = `${baseUrl}/v1/places/${encodeURIComponent(placeId)}`;
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': 'rating,userRatingCount', Accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${FETCH_TIMEOUT_MS / 1000} seconds`
      : error instanceof Error
        ? error.message
        : String(error);
    throw new AppError(502, `Could not reach Google Places: ${reason}`);
  }
  if (!response.ok) {
    const googleMessage = await errorMessageOf(response);
    const suffix = googleMessage ? ` Google said: ${googleMessage}` : '';
    if (response.status === 404 || response.status === 400) {
      throw new AppError(
        422,
        `Google Places does not know the Place ID "${placeId}". Check the hotel's Google Place ID.${suffix}`,
      );
    }
    if (response.status === 429)
      throw new AppError(429, `Google Places quota exceeded (429). Try again later.${suffix}`);
    if (response.status === 401 || response.status === 403) {
      throw new AppError(
        502,
        `Google Places refused the API key (${response.status}). Check GOOGLE_PLACES_API_KEY.${suffix}`,
      );
    }
    throw new AppError(502, `Google Places request failed (HTTP ${response.status}).${suffix}`);
  }
  let body: PlaceDetails;
  try {
    body = (await response.json()) as PlaceDetails;
  } catch {
    throw new AppError(502, 'Google Places answered with something that is not JSON');
  }
  const rating = body?.rating;
  const count = body?.userRatingCount;
  if (
    (rating !== undefined && (typeof rating !== 'number' || rating < 0 || rating > 5)) ||
    (count !== undefined && (!Number.isInteger(count) || (count as number) < 0))
  ) {
    throw new AppError(502, 'Google Places answered in an unexpected format');
  }
  return { rating, userRatingCount: count as number | undefined };
}

async function errorMessageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body?.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

/** Hotels the scheduled refresh should fetch: with a place id, not archived, no snapshot since `since`. */
export async function hotelsDueForRefresh(db: Db, since: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select h.id from hotels h
    where h.archived_at is null and coalesce(trim(h.google_place_id), '') <> ''
      and not exists (select 1 from review_snapshots s where s.hotel_id = h.id and s.fetched_at >= ${since.toISOString()}::timestamptz)
    order by h.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
