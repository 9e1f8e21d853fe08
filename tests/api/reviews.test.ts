import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, reviewSnapshots } from '../support/tables';
import {
  currentSlot,
  REVIEW_REFRESH_JOB,
  runSlot,
  startReviewRefreshJob,
} from '../../src/server/modules/reviews/review-refresh.job';
import {
  hotelReviewDetails,
  NO_API_KEY,
  NO_PLACE_ID,
  refreshGoogleData,
} from '../../src/server/modules/reviews/reviews.service';
import { todayIn } from '../../src/shared/dates';
import { createTestContext, type TestContext } from '../support';
import {
  archiveHotel,
  hotelAt,
  merchantAt,
  snapshotAt,
  startFakePlaces,
  type FakePlaces,
} from '../support/insight-factories';

const TZ = 'Asia/Kolkata';
let places: FakePlaces;
let ctx: TestContext;
let tokens: Record<'superadmin' | 'admin' | 'manager' | 'hotel' | 'merchant', string>;
const hotel: Record<string, string> = {};
let goaId: number;
let jaipurId: number;

const snapshotsOf = async (hotelId: string) =>
  (await ctx.db.select({ n: count() }).from(reviewSnapshots).where(eq(reviewSnapshots.hotelId, hotelId)))[0]!.n;

beforeAll(async () => {
  places = await startFakePlaces();
  ctx = await createTestContext({ env: { GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACES_BASE_URL: places.baseUrl } });
  const db = ctx.db;
  const goa = await ctx.createLocation({ name: 'Goa' });
  const jaipur = await ctx.createLocation({ name: 'Jaipur' });
  goaId = goa.id;
  jaipurId = jaipur.id;
  const at = '2025-12-01T00:00:00Z';
  // Metrics hotels (snapshots written here, never refreshed by the tests).
  hotel.r1 = (await hotelAt(db, goa.id, at, { name: 'Seaview Resort', googlePlaceId: 'place-r1' })).id;
  hotel.r2 = (await hotelAt(db, jaipur.id, at, { name: 'Pink City Palace', googlePlaceId: 'place-r2' })).id;
  hotel.r3 = (await hotelAt(db, goa.id, at, { name: 'Palm Grove Inn', googlePlaceId: null })).id;
  hotel.r4 = (await hotelAt(db, goa.id, at, { name: 'Sunset Villas', googlePlaceId: 'place-r4' })).id;
  hotel.r5 = (await hotelAt(db, goa.id, at, { name: 'Seaside Archived', googlePlaceId: 'place-r5' })).id;
  await archiveHotel(db, hotel.r5);

  // Seaview: a month of snapshots up to 15 Mar 2026 11:00 IST.
  await snapshotAt(db, hotel.r1, '2026-02-10T01:30:00Z', 100, 4.2); // 10 Feb 07:00: first of February
  await snapshotAt(db, hotel.r1, '2026-02-28T16:30:00Z', 110, 4.25); // 28 Feb 22:00: last of February
  await snapshotAt(db, hotel.r1, '2026-02-28T18:35:00Z', 112, 4.3); // 1 Mar 00:05 IST: first of March (February in UTC)
  await snapshotAt(db, hotel.r1, '2026-03-14T18:20:00Z', 130, 4.35); // 14 Mar 23:50 IST
  await snapshotAt(db, hotel.r1, '2026-03-14T18:45:00Z', 133, 4.4); // 15 Mar 00:15 IST: first of the day (14 Mar in UTC)
  await snapshotAt(db, hotel.r1, '2026-03-15T05:30:00Z', 136, 4.38); // 15 Mar 11:00 IST: latest
  // Pink City: one snapshot in February only.
  await snapshotAt(db, hotel.r2, '2026-02-20T06:30:00Z', 50, 3.9);
  await snapshotAt(db, hotel.r5, '2026-02-20T06:30:00Z', 70, 4.1);

  // Refresh hotels.
  hotel.ok = (await hotelAt(db, goa.id, at, { name: 'Refresh Ok', googlePlaceId: 'ok-place' })).id;
  hotel.empty = (await hotelAt(db, goa.id, at, { name: 'Refresh No Data', googlePlaceId: 'no-data-place' })).id;
  hotel.missing = (await hotelAt(db, goa.id, at, { name: 'Refresh Missing', googlePlaceId: 'missing-place' })).id;
  hotel.busy = (await hotelAt(db, goa.id, at, { name: 'Refresh Busy', googlePlaceId: 'busy-place' })).id;
  hotel.broken = (await hotelAt(db, goa.id, at, { name: 'Refresh Broken', googlePlaceId: 'broken-place' })).id;
  places.answer('ok-place', { body: { rating: 4.6, userRatingCount: 321 } });
  places.answer('no-data-place', { body: {} });
  places.answer('missing-place', {
    status: 404,
    body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } },
  });
  places.answer('busy-place', {
    status: 429,
    body: { error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } },
  });
  places.answer('broken-place', { status: 500, body: 'oops' });

  const merchant = await merchantAt(db, goa.id, at);
  tokens = await ctx.tokensByRole({ hotelId: hotel.r1, merchantId: merchant.id });
});
afterAll(async () => {
  await ctx?.close();
  await places?.close();
});

const NOW = new Date('2026-03-15T06:30:00Z'); // 15 Mar 2026 12:00 IST

describe('review metrics from snapshots (fixed clock: 15 Mar 2026 12:00 IST)', () => {
  const rowOf = async (id: string, month?: string) =>
    (await hotelReviewDetails(ctx.db, TZ, { month }, NOW)).find((r) => r.hotelId === id)!;

  it('computes the current month from the first snapshot of the day and of the month (IST)', async () => {
    expect(await rowOf(hotel.r1!)).toEqual({
      hotelId: hotel.r1,
      hotelName: 'Seaview Resort',
      googlePlaceId: 'place-r1',
      locationId: goaId,
      locationName: 'Goa',
      totalReviews: 136,
      reviewsToday: 3, // 136 − 133 (00:15 IST today)
      monthlyReviews: 24, // 136 − 112 (00:05 IST on 1 Mar)
      currentRating: 4.38,
      monthBeginningRating: 4.3,
      ratingChange: 0.08,
      lastRefreshed: '2026-03-15T05:30:00.000Z',
    });
  });

  it('computes a past month from its own first and last snapshots', async () => {
    expect(await rowOf(hotel.r1!, '2026-02')).toMatchObject({
      totalReviews: 136, // the hotel now
      reviewsToday: 3,
      currentRating: 4.38,
      monthlyReviews: 10, // 110 (28 Feb 22:00) − 100 (10 Feb)
      monthBeginningRating: 4.2,
      ratingChange: 0.05,
    });
    // January: nothing fetched yet.
    expect(await rowOf(hotel.r1!, '2026-01')).toMatchObject({
      totalReviews: 136,
      monthlyReviews: 0,
      monthBeginningRating: null,
      ratingChange: null,
    });
  });

  it('uses the last snapshot before the month when none was taken in it', async () => {
    expect(await rowOf(hotel.r2!)).toMatchObject({
      totalReviews: 50,
      reviewsToday: 0,
      monthlyReviews: 0,
      currentRating: 3.9,
      monthBeginningRating: 3.9,
      ratingChange: 0,
    });
  });

  it('shows hotels never fetched, and without a place id, with empty figures', async () => {
    const empty = {
      totalReviews: null,
      reviewsToday: null,
      monthlyReviews: null,
      currentRating: null,
      monthBeginningRating: null,
      ratingChange: null,
      lastRefreshed: null,
    };
    expect(await rowOf(hotel.r3!)).toMatchObject({ googlePlaceId: null, ...empty });
    expect(await rowOf(hotel.r4!)).toMatchObject({ googlePlaceId: 'place-r4', ...empty });
  });
});

describe('GET /api/reviews/hotel-details', () => {
  const details = (query = '', token = tokens.superadmin) =>
    ctx.request('GET', `/api/reviews/hotel-details${query}`, { token });

  it('lists every hotel not archived by name, with the docs/PRODUCT.md "API fields" summary fields', async () => {
    const res = await details('?month=2026-03');
    expect(res.status).toBe(200);
    const names = res.body.map((r: { hotel_name: string }) => r.hotel_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).not.toContain('Seaside Archived');
    const seaview = res.body.find((r: { hotel_id: string }) => r.hotel_id === hotel.r1);
    expect(seaview).toEqual({
      hotel_id: hotel.r1,
      hotel_name: 'Seaview Resort',
      google_place_id: 'place-r1',
      location_id: goaId,
      location_name: 'Goa',
      total_reviews: 136,
      reviews_today: 0, // nothing fetched today (the real clock is past March 2026)
      monthly_reviews: 24,
      current_rating: 4.38,
      rating_change: 0.08,
      month_beginning_rating: 4.3,
      last_refreshed: '2026-03-15T05:30:00.000Z',
    });
  });

  it('filters by location and by a name search (any case)', async () => {
    const jaipur = await details(`?month=2026-03&location_id=${jaipurId}`);
    expect(jaipur.body.map((r: { hotel_name: string }) => r.hotel_name)).toEqual(['Pink City Palace']);
    const search = await details('?search=SEA');
    expect(search.body.map((r: { hotel_name: string }) => r.hotel_name)).toEqual(['Seaview Resort']);
    expect((await details('?search=%25')).body).toEqual([]);
    expect((await details('?month=&location_id=&search=')).status).toBe(200);
  });

  it('refuses a bad month or location with 422', async () => {
    expect(await details('?month=2026-3')).toMatchObject({
      status: 422,
      body: { detail: 'month must be a month as YYYY-MM' },
    });
    expect(await details('?location_id=x')).toMatchObject({
      status: 422,
      body: { detail: 'location_id must be a positive whole number' },
    });
  });

  it('is for the back office: hotel and merchant 403, anonymous 401', async () => {
    for (const token of [tokens.admin, tokens.manager]) expect((await details('', token)).status).toBe(200);
    for (const token of [tokens.hotel, tokens.merchant]) expect((await details('', token)).status).toBe(403);
    expect((await ctx.request('GET', '/api/reviews/hotel-details')).status).toBe(401);
  });
});

describe('POST /api/reviews/fetch-google-data/{hotelId}', () => {
  const refresh = (id: string, token = tokens.superadmin) =>
    ctx.request('POST', `/api/reviews/fetch-google-data/${id}`, { token });

  it('fetches rating and review count from Places (New) with the key and field mask, and stores a snapshot', async ({
    skip,
  }) => {
    const today = todayIn(TZ);
    const before = places.requests.length;
    const res = await refresh(hotel.ok!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_reviews: 321, rating: 4.6, fetched_at: expect.any(String) });
    const request = places.requests[before]!;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/places/ok-place' });
    expect(request.headers['x-goog-api-key']).toBe('k');
    expect(request.headers['x-goog-fieldmask']).toBe('rating,userRatingCount');
    expect(await snapshotsOf(hotel.ok!)).toBe(1);

    // A second refresh: the metrics are the difference between the two snapshots.
    places.answer('ok-place', { body: { rating: 4.7, userRatingCount: 325 } });
    expect((await refresh(hotel.ok!)).body).toMatchObject({ total_reviews: 325, rating: 4.7 });
    const list = await ctx.request('GET', '/api/reviews/hotel-details?search=Refresh%20Ok', {
      token: tokens.superadmin,
    });
    if (todayIn(TZ) !== today) skip(); // midnight passed between the two refreshes
    expect(list.body).toEqual([
      expect.objectContaining({
        total_reviews: 325,
        reviews_today: 4,
        monthly_reviews: 4,
        current_rating: 4.7,
        month_beginning_rating: 4.6,
        rating_change: 0.1,
        last_refreshed: expect.any(String),
      }),
    ]);
  });

  it('stores 0 reviews and no rating when Google has no data for the place', async () => {
    const res = await refresh(hotel.empty!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_reviews: 0, rating: null });
  });

  it('turns Google 404, 429 and other errors into a clear detail and stores nothing', async () => {
    const missing = await refresh(hotel.missing!);
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe(
      'Google Places does not know the Place ID "missing-place". Check the hotel\'s Google Place ID. Google said: Requested entity was not found.',
    );
    const busy = await refresh(hotel.busy!);
    expect(busy.status).toBe(429);
    expect(busy.body.detail).toBe('Google Places quota exceeded (429). Try again later. Google said: Quota exceeded.');
    const broken = await refresh(hotel.broken!);
    expect(broken.status).toBe(502);
    expect(broken.body.detail).toBe('Google Places request failed (HTTP 500).');
    for (const id of [hotel.missing!, hotel.busy!, hotel.broken!]) expect(await snapshotsOf(id)).toBe(0);
  });

  it('answers 502 when Google Places cannot be reached', async () => {
    const closed = await startFakePlaces();
    await closed.close();
    await expect(
      refreshGoogleData(
        { db: ctx.db, config: { googlePlacesApiKey: 'k', googlePlacesBaseUrl: closed.baseUrl } },
        hotel.ok!,
      ),
    ).rejects.toMatchObject({
      status: 502,
      detail: expect.stringMatching(/^Could not reach Google Places: /),
    });
  });

  it('refuses a hotel without a place id (400), unknown or archived (404), a bad id (422)', async () => {
    expect(await refresh(hotel.r3!)).toMatchObject({ status: 400, body: { detail: NO_PLACE_ID } });
    expect(await refresh('00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { detail: 'Hotel not found' },
    });
    expect(await refresh(hotel.r5!)).toMatchObject({ status: 404, body: { detail: 'Hotel not found' } });
    expect(await refresh('abc')).toMatchObject({ status: 422, body: { detail: 'hotelId must be a valid id' } });
  });

  it('is for the back office: manager may refresh, hotel and merchant 403, anonymous 401', async () => {
    expect((await refresh(hotel.empty!, tokens.manager)).status).toBe(200);
    for (const token of [tokens.hotel, tokens.merchant]) expect((await refresh(hotel.ok!, token)).status).toBe(403);
    expect((await ctx.request('POST', `/api/reviews/fetch-google-data/${hotel.ok}`)).status).toBe(401);
  });

  it('answers 503 with a clear detail when GOOGLE_PLACES_API_KEY is not set', async () => {
    const noKey = await createTestContext({ env: { GOOGLE_PLACES_BASE_URL: places.baseUrl } });
    try {
      const location = await noKey.createLocation();
      const h = await hotelAt(noKey.db, location.id, '2026-01-01T00:00:00Z', { googlePlaceId: 'ok-place' });
      const before = places.requests.length;
      const res = await noKey.request('POST', `/api/reviews/fetch-google-data/${h.id}`, {
        token: await noKey.tokenAs('superadmin'),
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: NO_API_KEY });
      expect(places.requests.length).toBe(before);
    } finally {
      await noKey.close();
    }
  });
});

describe('scheduled refresh at 07:00, 14:00 and 22:00 IST', () => {
  it('finds the slot that has begun, in the business time zone', () => {
    const slot = (iso: string) => currentSlot(TZ, new Date(iso)).key;
    expect(slot('2026-03-31T01:29:00Z')).toBe('2026-03-30T22'); // 06:59 IST
    expect(slot('2026-03-31T01:30:00Z')).toBe('2026-03-31T07'); // 07:00 IST
    expect(slot('2026-03-31T08:29:59Z')).toBe('2026-03-31T07'); // 13:59:59 IST
    expect(slot('2026-03-31T08:30:00Z')).toBe('2026-03-31T14'); // 14:00 IST
    expect(slot('2026-03-31T16:30:00Z')).toBe('2026-03-31T22'); // 22:00 IST
    expect(slot('2026-03-31T18:30:00Z')).toBe('2026-03-31T22'); // 00:00 IST on 1 Apr: still the 22:00 slot
    expect(currentSlot('UTC', new Date('2026-03-31T07:00:00Z')).key).toBe('2026-03-31T07');
  });

  describe('runs', () => {
    let job: TestContext;
    let jobPlaces: FakePlaces;
    const ids: Record<string, string> = {};
    /** The tests' "now": the slot it falls in is the one the first two tests run. */
    const clock = new Date();
    beforeAll(async () => {
      jobPlaces = await startFakePlaces();
      job = await createTestContext({ env: { GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACES_BASE_URL: jobPlaces.baseUrl } });
      const location = await job.createLocation();
      const at = '2026-01-01T00:00:00Z';
      ids.j1 = (await hotelAt(job.db, location.id, at, { googlePlaceId: 'job-1' })).id;
      ids.j2 = (await hotelAt(job.db, location.id, at, { googlePlaceId: 'job-2' })).id;
      ids.j3 = (await hotelAt(job.db, location.id, at, { googlePlaceId: null })).id;
      ids.j4 = (await hotelAt(job.db, location.id, at, { googlePlaceId: 'job-4' })).id;
      await archiveHotel(job.db, ids.j4);
      // j2 was refreshed by hand just now: the current slot skips it.
      await snapshotAt(job.db, ids.j2, clock.toISOString(), 5, 4);
    });
    afterAll(async () => {
      await job?.close();
      await jobPlaces?.close();
    });
    const count = async (id: string) =>
      (
        await job.db
          .select({ n: sql<number>`count(*)::int` })
          .from(reviewSnapshots)
          .where(eq(reviewSnapshots.hotelId, id))
      )[0]!.n;
    const options = () => ({ db: job.db, config: job.config });

    it('refreshes each hotel with a place id that has no snapshot since the slot began, once', async () => {
      const slot = currentSlot(TZ, clock);
      expect(await runSlot(options(), slot)).toEqual({ slot: slot.key, ran: true, refreshed: 1, failed: 0 });
      expect([await count(ids.j1!), await count(ids.j2!), await count(ids.j3!), await count(ids.j4!)]).toEqual([
        1, 1, 0, 0,
      ]);
      // Another server (or a restart) finds the slot claimed and does nothing.
      expect(await runSlot(options(), slot)).toEqual({ slot: slot.key, ran: false, refreshed: 0, failed: 0 });
      const [claim] = await job.db.select().from(jobRuns).where(eq(jobRuns.slot, slot.key));
      expect(claim).toMatchObject({ job: REVIEW_REFRESH_JOB, finishedAt: expect.any(Date) });
    });

    it('checks on each tick and fires once per slot (driven by an injected clock)', async () => {
      let now = clock;
      const logs: string[] = [];
      const timer = startReviewRefreshJob({ ...options(), now: () => now, timer: false, log: (m) => logs.push(m) });
      try {
        expect(await timer.tick()).toMatchObject({ ran: false, refreshed: 0 }); // this slot was claimed above
        expect(await timer.tick()).toBeUndefined(); // same slot: nothing to do
        // Ten hours on is always a later slot (they are at most 9 hours apart): both hotels are due again.
        now = new Date(now.getTime() + 10 * 3_600_000);
        expect(await timer.tick()).toMatchObject({ ran: true, refreshed: 2, failed: 0 });
        expect(logs.at(-1)).toMatch(/^Google reviews refreshed for the \d\d:00 slot of \d{4}-\d\d-\d\d: 2 hotel\(s\)$/);
        expect(await timer.tick()).toBeUndefined();
      } finally {
        await timer.stop();
      }
      expect(await timer.tick()).toBeUndefined(); // stopped
    });

    it('counts a failed hotel and goes on with the others', async () => {
      jobPlaces.answer('job-1', { status: 404, body: {} });
      const logs: string[] = [];
      const later = currentSlot(TZ, new Date(Date.now() + 3 * 24 * 3_600_000));
      const result = await runSlot({ ...options(), log: (m) => logs.push(m) }, later);
      expect(result).toEqual({ slot: later.key, ran: true, refreshed: 1, failed: 1 });
      expect(logs[0]).toContain(`Google review refresh failed for hotel ${ids.j1}`);
      jobPlaces.answer('job-1', { body: { rating: 4, userRatingCount: 10 } });
    });

    it('stops cleanly while a refresh is running: the refresh is aborted and its slot left unfinished', async () => {
      jobPlaces.answer('job-1', { delayMs: 5_000, body: { rating: 4, userRatingCount: 10 } });
      const now = new Date(Date.now() + 5 * 24 * 3_600_000);
      const snapshots = await count(ids.j1!);
      const asked = jobPlaces.requests.length;
      const timer = startReviewRefreshJob({ ...options(), now: () => now, timer: false, log: () => {} });
      const running = timer.tick();
      // Stop once the slow answer is awaited: without the abort, stop() would wait for it and store it.
      await expect.poll(() => jobPlaces.requests.slice(asked).some((r) => r.path.includes('job-1'))).toBe(true);
      await timer.stop();
      await running;
      expect(await count(ids.j1!)).toBe(snapshots);
      const [claim] = await job.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.slot, currentSlot(TZ, now).key));
      expect(claim).toMatchObject({ job: REVIEW_REFRESH_JOB, finishedAt: null });
      jobPlaces.answer('job-1', { body: { rating: 4, userRatingCount: 10 } });
    });

    it('runs a slot once when two servers try it at the same time', async () => {
      const slot = currentSlot(TZ, new Date(Date.now() + 7 * 24 * 3_600_000));
      const runs = await Promise.all([
        runSlot({ ...options(), serverId: 'a' }, slot),
        runSlot({ ...options(), serverId: 'b' }, slot),
      ]);
      expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
      expect(runs.find((r) => r.ran)).toMatchObject({ refreshed: 2 });
    });

    it('takes over a claim left unfinished for 30 minutes (its server died), not a fresh one', async () => {
      const slot = currentSlot(TZ, new Date(Date.now() + 9 * 24 * 3_600_000));
      await job.db.insert(jobRuns).values({
        job: REVIEW_REFRESH_JOB,
        slot: slot.key,
        claimedBy: 'dead',
        claimedAt: new Date(Date.now() - 10 * 60_000),
      });
      expect(await runSlot(options(), slot)).toMatchObject({ ran: false });
      await job.db
        .update(jobRuns)
        .set({ claimedAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(jobRuns.slot, slot.key));
      expect(await runSlot({ ...options(), serverId: 'alive' }, slot)).toMatchObject({ ran: true, refreshed: 2 });
      const [claim] = await job.db.select().from(jobRuns).where(eq(jobRuns.slot, slot.key));
      expect(claim).toMatchObject({ claimedBy: 'alive', finishedAt: expect.any(Date) });
    });
  });
});
