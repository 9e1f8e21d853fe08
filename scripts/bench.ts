/**
 * npm run bench -- [--duration 5] [--warmup 1] [--only REGEX] [--out FILE] [--no-build] [--compare OLD.json [NEW.json]]
 *
 * Starts the real server (production mode) on the `npm run bench:data` dataset and drives it over loopback with
 * autocannon (docs/DEVELOPING.md, "Benchmarks"). Prints one table: requests/s, p50, p99, errors (answers outside the
 * expected statuses) and requests/s as a share of GET /api/health measured in the same run (machines are noisy:
 * compare ratios). Then double redemptions counted in SQL, the server's peak memory and the gzipped JavaScript of
 * the first loads. Results go to bench-results/<time>.json; --compare prints the change against an older file
 * (with two files, compares them without running).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../src/server/db/client';
import { resetSecondFactorByCommand } from '../src/server/modules/auth/second-factor.service';
import { addDays, addMonths, todayIn } from '../src/shared/dates';
import { argValue, BENCH_LOGINS, BENCH_PASSWORD, hasFlag, int, rows, withTarget } from './bench/common';
import { firstLoadSizes, kb, type PageSize } from './bench/js-size';
import { nodeLoad } from './bench/node-load';
import { benchReminders, type RemindersRun } from './bench/reminders';
import { spawnServer } from './bench/server';
import { cpuPerRequest, cpuSnapshot } from './bench/cpu';
import { freePort, resolveTarget, type Target } from './bench/target';
import { formatVerdicts, judgeTargets, type BenchRow } from './bench/targets';

const DURATION = Number(argValue('duration') ?? 5);
const WARMUP = Number(argValue('warmup') ?? 1);
// The submission runs more of the server's code than any read: after one second V8 was still compiling it (the first
// submission run measured 0.3 ms more of the server's CPU a request than the same run after four seconds).
const SUBMISSION_WARMUP = 3;
const CONNECTIONS = 10;
const only = argValue('only') ? new RegExp(argValue('only')!, 'i') : undefined;
const timeZone = process.env.APP_TIMEZONE || 'Asia/Kolkata';
/** What a phone's browser sends; the server compresses answers over 1 KB. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

type Row = BenchRow;

interface Results {
  date: string;
  commit: string;
  database: Target['kind'];
  scans: number;
  coupons: number;
  durationSeconds: number;
  rows: Row[];
  peakMemoryMb: number | null;
  redemption: { successes: number; newlyRedeemed: number; doubleRedemptions: number; counterInStep: boolean } | null;
  guestOffers: { bytes: number; gzipBytes: number; etag: string | null } | null;
  javascript: { name: string; gzipBytes: number; budgetKb: number }[];
  /** GET /customer-scans/export of every scan, one download. */
  scanExport?: ExportRun | null;
  /** The reminders job and the outbox at this data (scripts/bench/reminders.ts). */
  reminders?: RemindersRun | null;
}

interface ExportRun {
  status: number;
  seconds: number;
  lines: number;
  bytes: number;
  wireBytes: number;
  rssBeforeMb: number | null;
  peakMemoryMb: number | null;
}

// ---- --compare OLD NEW: no run ----
const compareWith = argValue('compare');
const compareTo = process.argv
  .slice(2)
  .find((arg, i, all) => arg.endsWith('.json') && all[i - 1] !== '--compare' && all[i - 1] !== '--out');
if (compareWith && compareTo) {
  const [old, now] = [readResults(compareWith), readResults(compareTo)];
  printComparison(old, now);
  printTargets(now, old);
  process.exit(0);
}

const target = await resolveTarget();
/** The bench database's name, whose PostgreSQL backends' CPU is counted (bench/cpu.ts). */
const benchDatabase = target.databaseUrl
  ? decodeURIComponent(new URL(target.databaseUrl).pathname.slice(1))
  : undefined;
let server: ChildProcess | undefined;
const workDir = mkdtempSync(join(tmpdir(), 'stayperks-bench-'));

async function main() {
  console.log(`StayPerks bench on ${target.label}`);
  // PGlite allows one process per data folder: everything read from SQL is read before the server starts.
  const fx = await fixtures();
  console.log(
    `Dataset: ${int(fx.scans)} scans, ${int(fx.coupons)} coupons; merchant ${BENCH_LOGINS.merchant} has ${int(fx.merchantCoupons)} coupons; ${int(fx.codes.length)} redeemable codes of ${fx.counters.map((c) => c.username).join(' and ')} loaded.`,
  );

  // Production requires two-step sign-in of the super admin (docs/SECURITY.md "Second factor"): the one an
  // earlier run set up is reset before the server starts, and set up again below.
  await withTarget(target, (db) => resetSecondFactorByCommand(db, BENCH_LOGINS.superadmin));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startServer(port);
  const adminToken = await twoStepLogin(base, BENCH_LOGINS.superadmin);
  const merchantToken = await login(base, BENCH_LOGINS.merchant);
  // Each redemption counter's token (the first is the busy merchant's).
  const counterTokens = [merchantToken];
  for (const counter of fx.counters.slice(1)) counterTokens.push(await login(base, counter.username));
  const admin = { ...BROWSER, authorization: `Bearer ${adminToken}` };
  const merchant = { ...BROWSER, authorization: `Bearer ${merchantToken}` };

  const rowsOut: Row[] = [];
  let healthRps = 0;
  const today = todayIn(timeZone);
  const month = today.slice(0, 7);

  /** Waits until a database-backed request answers quickly: the previous scenario's stragglers are done. */
  async function waitIdle() {
    for (let i = 0; i < 240; i++) {
      const t0 = performance.now();
      await get(base, '/api/locations', admin);
      if (performance.now() - t0 < 50) return;
      await sleep(250);
    }
  }

  interface Scenario {
    name: string;
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    expect?: number[];
    /** false: no warm-up; a number: seconds of warm-up instead of --warmup. */
    warmup?: boolean | number;
    amount?: number;
    requests?: Request[];
    note?: string;
    /** Statuses reported apart instead of as errors (e.g. 429 of the per-address limit). */
    apart?: number[];
    /** Node's HTTP client instead of autocannon, for answers of hundreds of KB (bench/node-load.ts). */
    nodeClient?: boolean;
    /** Say what a request cost the server and PostgreSQL in CPU (bench/cpu.ts), for the write paths. */
    cpu?: boolean;
  }

  async function run(s: Scenario): Promise<Row | undefined> {
    if (only && !only.test(s.name) && s.name !== 'health') return undefined;
    const options = {
      url: base + (s.path ?? '/'),
      method: s.method ?? 'GET',
      headers: s.headers ?? BROWSER,
      connections: s.connections ?? CONNECTIONS,
      timeout: 60,
      ...(s.body ? { body: s.body } : {}),
      ...(s.requests ? { requests: s.requests } : {}),
    };
    await waitIdle();
    const load = (duration: number) =>
      s.nodeClient
        ? nodeLoad(options.url, options.headers, options.connections, duration)
        : autocannon(s.amount ? { ...options, amount: s.amount } : { ...options, duration });
    const warmup = typeof s.warmup === 'number' ? s.warmup : s.warmup === false ? 0 : WARMUP;
    if (warmup > 0) await load(warmup);
    if (s.warmup !== false) await waitIdle();
    const cpuBefore = s.cpu ? cpuSnapshot(server?.pid, benchDatabase) : null;
    const result = await load(DURATION);
    const cpu = cpuPerRequest(cpuBefore, s.cpu ? cpuSnapshot(server?.pid, benchDatabase) : null, result.requests.total);
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    );
    const expected = s.expect ?? [200];
    const apart = Object.entries(statuses).filter(([code]) => s.apart?.includes(Number(code)));
    const errors =
      Object.entries(statuses)
        .filter(([code]) => !expected.includes(Number(code)) && !s.apart?.includes(Number(code)))
        .reduce((sum, [, n]) => sum + n, 0) +
      result.errors +
      result.timeouts;
    const rps = result.requests.total / result.duration;
    if (s.name === 'health') healthRps = rps;
    const notes = [s.note, ...apart.map(([code, n]) => `${n} x ${code}`), cpu].filter(Boolean);
    const row: Row = {
      name: s.name,
      rps,
      pct: healthRps ? (100 * rps) / healthRps : 0,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
      requests: result.requests.total,
      connections: options.connections,
      statuses,
      note: notes.join('; ') || undefined,
    };
    rowsOut.push(row);
    console.log(formatRow(row));
    return row;
  }

  console.log(`\n${header()}`);
  await run({ name: 'health', path: '/api/health' });
  await run({ name: 'dashboard superadmin', path: '/api/dashboard/superadmin', headers: admin });

  const scans = (query: string) => `/api/customer-scans?limit=50${query ? `&${query}` : ''}`;
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const s = fx.sample;
  const monthOf = {
    date_from: `${s.day.slice(0, 7)}-01`,
    date_to: addDays(addMonths(`${s.day.slice(0, 7)}-01`, 1), -1),
  };
  await run({ name: 'scans: first page', path: scans(''), headers: admin });
  await run({ name: 'scans: search name', path: scans(q({ search: s.name })), headers: admin });
  await run({ name: 'scans: search full mobile', path: scans(q({ search: s.mobile })), headers: admin });
  await run({ name: 'scans: search last 4 digits', path: scans(q({ search: s.mobile.slice(-4) })), headers: admin });
  await run({ name: 'scans: one month', path: scans(q(monthOf)), headers: admin });
  await run({ name: 'scans: location', path: scans(q({ location_id: String(s.locationId) })), headers: admin });
  await run({ name: 'scans: hotel', path: scans(q({ hotel_id: s.hotelId })), headers: admin });
  await run({ name: 'scans: merchant', path: scans(q({ merchant_id: fx.merchantId })), headers: admin });
  const all = q({
    search: s.name,
    ...monthOf,
    location_id: String(s.locationId),
    hotel_id: s.hotelId,
    merchant_id: fx.merchantId,
  });
  const allFirst = await get(base, scans(all), admin);
  await run({
    name: 'scans: all filters',
    path: scans(all),
    headers: admin,
    note: `${String(allFirst.headers['x-total-count'] ?? '?')} found`,
  });
  // The next page: the keyset cursor when the server gives one, else the offset of the UI's second page.
  const first = await get(base, scans(''), admin);
  const cursor = first.headers['x-next-cursor'];
  await run({
    name: 'scans: next page',
    path: scans(typeof cursor === 'string' ? q({ cursor }) : 'offset=50'),
    headers: admin,
    note: typeof cursor === 'string' ? 'X-Next-Cursor' : 'offset=50 (no X-Next-Cursor)',
  });
  await run({ name: 'scans: offset=500000', path: scans('offset=500000'), headers: admin, expect: [200, 422] });

  // Guest offers: bytes per answer, then again with the first answer's ETag.
  const offersPath = `/api/offers?hotel_id=${fx.hotelId}`;
  const plain = await get(base, offersPath, {});
  const gzipped = await get(base, offersPath, BROWSER);
  const etag = typeof gzipped.headers.etag === 'string' ? gzipped.headers.etag : null;
  const guestOffers = { bytes: plain.body.length, gzipBytes: gzipped.body.length, etag };
  await run({
    name: 'guest offers',
    path: offersPath,
    note: `${kb(guestOffers.bytes)}, gzip ${kb(guestOffers.gzipBytes)} per answer`,
  });
  if (etag)
    await run({
      name: 'guest offers, If-None-Match',
      path: offersPath,
      headers: { ...BROWSER, 'if-none-match': etag },
      expect: [304, 200],
    });
  else if (!only || only.test('guest offers, If-None-Match'))
    console.log('guest offers, If-None-Match: skipped (no ETag in the answer)');

  // A guest page's opening, counted (docs/PRODUCT.md "Funnel"): a new tab on every request, each from its own
  // address (X-Forwarded-For: the bench server trusts one proxy), as guests open pages from many networks. Each
  // call is checked and queued; the server writes its queue every 50 ms in one transaction (event-batches.ts), on
  // the same cores, so the writing is in the figures too.
  let pageOpens = 0;
  const eventRun = randomBytes(4).toString('hex');
  await run({
    name: 'guest page open (funnel event)',
    path: '/api/guest/events',
    method: 'POST',
    expect: [204],
    note: 'a new tab and address each request',
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = pageOpens++;
          return {
            ...req,
            path: '/api/guest/events',
            headers: {
              ...BROWSER,
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              hotel_id: fx.hotelId,
              kind: 'page_open',
              tab: `bench${eventRun}${String(n).padStart(12, '0')}`,
            }),
          };
        },
      },
    ],
  });

  // Hotel Details for this month and for a past one (every hotel, one row each: docs/DATA.md "Review months"), kept
  // once made (docs/DATA.md "Review version"); then a browser's copy revalidated by its ETag. Read with node's HTTP
  // client: at 10,000 hotels the answer is 309 KB, which autocannon cannot take in fast (bench/node-load.ts).
  const detailsPath = '/api/reviews/hotel-details';
  const details =
    !only || only.test('reviews hotel-details')
      ? {
          plain: await get(base, detailsPath, { authorization: admin.authorization }),
          sent: await get(base, detailsPath, admin),
        }
      : undefined;
  await run({
    name: 'reviews hotel-details',
    path: detailsPath,
    headers: admin,
    nodeClient: true,
    note:
      details &&
      `${kb(details.plain.body.length)}, ${String(details.sent.headers['content-encoding'] ?? 'plain')} ${kb(details.sent.body.length)} per answer`,
  });
  await run({
    name: 'reviews hotel-details, past month',
    path: `${detailsPath}?${q({ month: addMonths(`${month}-01`, -3).slice(0, 7) })}`,
    headers: admin,
    nodeClient: true,
  });
  const detailsTag = details?.sent.headers.etag;
  if (typeof detailsTag === 'string')
    await run({
      name: 'reviews hotel-details, If-None-Match',
      path: detailsPath,
      headers: { ...admin, 'if-none-match': detailsTag },
      expect: [304, 200],
      nodeClient: true,
    });
  // The back office's Guest funnel (docs/PRODUCT.md "Funnel"): every location's last 30 days, the busiest hotel's
  // location by hotel, and the hotels whose open-to-issue rate fell most (60 days against each other).
  await run({ name: 'back office funnel: locations', path: '/api/funnel', headers: admin });
  await run({
    name: "back office funnel: a location's hotels",
    path: `/api/funnel?${q({ location_id: String(fx.sample.locationId) })}`,
    headers: admin,
  });
  await run({ name: 'back office funnel: falling hotels', path: '/api/funnel/falling-hotels', headers: admin });
  // The back office's charts (docs/DATA.md): rollups for the dashboard, 24 index seeks for a hotel's rating.
  await run({ name: 'dashboard charts', path: '/api/dashboard/superadmin/charts', headers: admin });
  await run({ name: 'hotel rating history', path: `/api/reviews/hotel-details/${fx.hotelId}/ratings`, headers: admin });
  await run({
    name: 'report 6 months',
    path: `/api/reports/monthly-revenue?from=${addMonths(`${month}-01`, -5).slice(0, 7)}&to=${month}`,
    headers: admin,
  });
  await run({
    name: 'report 25 months',
    path: `/api/reports/monthly-revenue?from=${addMonths(`${month}-01`, -24).slice(0, 7)}&to=${month}`,
    headers: admin,
  });
  await run({ name: 'merchant dashboard', path: '/api/merchant/dashboard', headers: merchant });
  await run({ name: 'merchant My Customers', path: '/api/merchant/my-customers', headers: merchant });

  // The hotel area as the busiest hotel sees it (bench-hotel): its dashboard and its guests, first and next page.
  const hotelScenarios = [
    'hotel dashboard',
    'hotel funnel: 30 days',
    'hotel funnel: 366 days',
    'hotel customers: first page',
    'hotel customers: next page',
  ];
  if (!only || hotelScenarios.some((name) => only.test(name))) {
    const hotel = { ...BROWSER, authorization: `Bearer ${await login(base, BENCH_LOGINS.hotel)}` };
    await run({ name: 'hotel dashboard', path: '/api/hotel/dashboard', headers: hotel });
    // The dashboard's Guest funnel card: its last 30 days, and a whole year (the longest range it takes).
    const funnel = `/api/hotels/${fx.busyHotelId}/funnel`;
    await run({ name: 'hotel funnel: 30 days', path: funnel, headers: hotel });
    await run({
      name: 'hotel funnel: 366 days',
      path: `${funnel}?${q({ from: addDays(today, -365), to: today })}`,
      headers: hotel,
    });
    const guests = '/api/hotel/customers?limit=50';
    await run({ name: 'hotel customers: first page', path: guests, headers: hotel });
    const next = (await get(base, guests, hotel)).headers['x-next-cursor'];
    await run({
      name: 'hotel customers: next page',
      path: typeof next === 'string' ? `${guests}&${q({ cursor: next })}` : guests,
      headers: hotel,
      note: typeof next === 'string' ? 'X-Next-Cursor' : 'no X-Next-Cursor: first page again',
    });
  }

  // Guest submissions (docs/DEVELOPING.md "Benchmarks"). Each request is a new guest: its own number and address
  // (X-Forwarded-For: the bench server trusts one proxy; the server allows 60 per address in 10 minutes), so the run
  // lasts as long as the others, after a longer warm-up (SUBMISSION_WARMUP). A season spreads its guests over every
  // hotel: the main run goes round fx.submitHotels (each with two offers of its town, picked as for the busiest
  // hotel), as many hotels as requests in flight many times over. The one-hotel run shows the ceiling of a single
  // hotel: its claims serialise on the hotel's day counter (docs/PRODUCT.md "Guest trust"), held from its increment
  // to the commit.
  const runId = randomBytes(4).toString('hex');
  const mobileBase = 600_000_000 + Math.floor(Math.random() * 300_000_000);
  // A random start: rate limits may be counted in PostgreSQL and outlive the server of an earlier run.
  const addressBase = Math.floor(Math.random() * 2 ** 22);
  let submitted = 0;
  const submission = (hotels: readonly { id: string; offerIds: string[] }[]): Request[] => [
    {
      method: 'POST',
      setupRequest: (req) => {
        const n = submitted++;
        const hotel = hotels[n % hotels.length]!;
        const address = addressBase + n;
        return {
          ...req,
          path: '/api/customer-scans',
          headers: {
            ...BROWSER,
            'content-type': 'application/json',
            'idempotency-key': `bench-${runId}-${n}`,
            'x-forwarded-for': `10.${128 + ((address >> 16) & 127)}.${(address >> 8) & 255}.${address & 255}`,
          },
          body: JSON.stringify({
            hotel_id: hotel.id,
            customer_name: 'Bench Guest',
            mobile_number: `${6 + (n % 4)}${String(mobileBase + n)
              .padStart(9, '0')
              .slice(-9)}`,
            checkout_date: addDays(today, 2),
            consent: true,
            selected_offers: hotel.offerIds.slice(n % 2, (n % 2) + 2),
          }),
        };
      },
    },
  ];
  const submitRuns = [
    { name: 'guest submit scan', hotels: fx.submitHotels, which: `${fx.submitHotels.length} hotels in turn` },
    {
      name: 'guest submit scan, one hotel',
      hotels: [{ id: fx.hotelId, offerIds: fx.offerIds }],
      which: 'the busiest hotel only',
    },
  ];
  for (const { name, hotels, which } of submitRuns)
    await run({
      name,
      path: '/api/customer-scans',
      method: 'POST',
      expect: [201, 200],
      apart: [429],
      note: `a new guest and address each request, ${which}`,
      requests: submission(hotels),
      cpu: true,
      warmup: Math.max(WARMUP, SUBMISSION_WARMUP),
    });

  // Redemption at the counter: a different real unredeemed code of the busy merchants on every request.
  const counterIds = fx.counters.map((c) => c.merchantId);
  let successes = new Map<string, number>();
  let used: string[] = [];
  let next = 0;
  let startedAt = new Date(Date.now() - 1000);
  // Runs whose redemptions were put back (below), checked then: answers, coupons redeemed in SQL, doubles.
  const earlier = { successes: 0, newly: 0, doubles: 0 };
  for (const connections of [10, 50]) {
    // On PostgreSQL every run starts from the same codes: the redemptions of the run before are put back as an undo
    // does (the triggers count it), so a run at today's speed no longer runs out of the merchant's 15,000 codes at
    // scale 1. Its answers are checked against SQL first. PGlite's database is the server's alone while it runs.
    if (used.length && target.kind === 'postgres') {
      const run = await withTarget(target, (db) => putRedemptionsBack(db, counterIds, used, startedAt));
      const answered = [...successes.values()].reduce((a, b) => a + b, 0);
      earlier.successes += answered;
      earlier.newly += run.undone;
      earlier.doubles += [...successes.values()].filter((n) => n > 1).length + Math.max(0, answered - run.undone);
      successes = new Map();
      used = [];
      next = 0;
      startedAt = new Date(Date.now() - 1000);
    }
    let ranOut = false;
    let instance: { stop(): void } | undefined;
    const requests: Request[] = [
      {
        method: 'POST',
        setupRequest: (req) => {
          const picked = fx.codes[next++];
          if (!picked) {
            ranOut = true;
            instance?.stop();
          } else used.push(picked.code);
          return {
            ...req,
            path: '/api/merchant/redeem-voucher',
            // As the counter's browser asks (the answer comes uncompressed all the same: platform/lib/small-answer.ts).
            headers: {
              ...BROWSER,
              authorization: `Bearer ${counterTokens[picked?.counter ?? 0]}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ voucher_code: picked?.code ?? 'ZZZZZZZZ' }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          let answer: { status?: string; coupon_code?: string } = {};
          try {
            answer = JSON.parse(body) as typeof answer;
          } catch {
            // counted as a non-success answer
          }
          if (answer.status === 'success' && answer.coupon_code)
            successes.set(answer.coupon_code, (successes.get(answer.coupon_code) ?? 0) + 1);
        },
      },
    ];
    if (only && !only.test(`redeem voucher, ${connections} connections`)) continue;
    await waitIdle();
    const before = [...successes.values()].length;
    const cpuBefore = cpuSnapshot(server?.pid, benchDatabase);
    const pending = autocannon({ url: base, connections, duration: DURATION, timeout: 60, requests });
    instance = pending;
    const result = await pending;
    const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(server?.pid, benchDatabase), result.requests.total);
    const won = [...successes.values()].length - before;
    // Once the codes ran out the requests still in flight send a placeholder code, which the wrong-code limit answers
    // with 429 after 30: those are the run's end, not errors of the server.
    const limited = ranOut ? (result.statusCodeStats['429']?.count ?? 0) : 0;
    const note =
      `${won} success, ${result.requests.total - won} other answers` +
      (ranOut ? `; ran out of codes (${limited} x 429 to the placeholder, not counted as errors)` : '') +
      (cpu ? `; ${cpu}` : '');
    const row = collect(`redeem voucher, ${connections} connections`, connections, result, note, ranOut ? [429] : []);
    rowsOut.push(row);
    console.log(formatRow(row));
  }

  function collect(name: string, connections: number, result: Result, note?: string, apart: number[] = []): Row {
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    );
    const errors =
      Object.entries(statuses)
        .filter(([code]) => code !== '200' && !apart.includes(Number(code)))
        .reduce((sum, [, n]) => sum + n, 0) +
      result.errors +
      result.timeouts;
    const rps = result.requests.total / result.duration;
    return {
      name,
      rps,
      pct: (100 * rps) / healthRps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
      requests: result.requests.total,
      connections,
      statuses,
      note,
    };
  }

  // Every scan as CSV: one download read as a browser would (gzip), its time, and the server's memory
  // before it and at its peak (VmHWM: run with --only "health|export" so nothing else raised it).
  let scanExport: ExportRun | null = null;
  if (!only || only.test('scans: export all (CSV)')) {
    await waitIdle();
    const rssBeforeMb = vmRssMb(server.pid!);
    const started = performance.now();
    const answer = await download(base, '/api/customer-scans/export', admin);
    scanExport = {
      ...answer,
      seconds: (performance.now() - started) / 1000,
      rssBeforeMb,
      peakMemoryMb: vmHwmMb(server.pid!),
    };
    console.log(
      `scans: export all (CSV): ${scanExport.status}, ${int(scanExport.lines)} lines, ${kb(scanExport.bytes)} ` +
        `(${kb(scanExport.wireBytes)} gzipped) in ${scanExport.seconds.toFixed(1)} s; server memory ` +
        `${scanExport.rssBeforeMb ?? '?'} MB before, peak ${scanExport.peakMemoryMb ?? '?'} MB`,
    );
  }

  const peakMemoryMb = vmHwmMb(server.pid!);
  await stopServer(server);

  // Double redemptions, counted in SQL once the server has let go of the database.
  let redemption: Results['redemption'] = null;
  if (used.length) {
    redemption = await withTarget(target, async (db) => {
      const list = `'{${used.join(',')}}'::text[]`;
      // The counters count a redemption once folded (docs/DATA.md "Folded counts").
      await rows(db, 'select stayperks_fold_coupon_changes()');
      const [after] = await rows<{ newly: string; counter: number }>(
        db,
        `select (select count(*) from coupons where code = any(${list}) and is_redeemed and redeemed_at >= '${startedAt.toISOString()}') as newly,
                (select sum(redemptions) from merchant_stats where merchant_id = any('{${counterIds.join(',')}}'::uuid[])) as counter`,
      );
      const total = [...successes.values()].reduce((a, b) => a + b, 0);
      const twice = [...successes.values()].filter((n) => n > 1).length;
      const newly = Number(after!.newly);
      // The next bench run finds the merchant's codes as this one did.
      await putRedemptionsBack(db, counterIds, used, startedAt);
      return {
        successes: earlier.successes + total,
        newlyRedeemed: earlier.newly + newly,
        doubleRedemptions: earlier.doubles + twice + Math.max(0, total - newly),
        // The runs put back count no more.
        counterInStep: Number(after!.counter) - fx.counters.reduce((sum, c) => sum + c.redemptions, 0) === newly,
      };
    });
  }

  // The reminders job and the outbox composing guest messages, with the server stopped (it writes messages).
  let reminders: RemindersRun | null = null;
  if (!only || only.test('reminders')) {
    reminders = await withTarget(target, (db) => benchReminders(db, timeZone));
    console.log(
      `reminders: ${int(reminders.queued)} messages queued for today in ${reminders.firstMs.toFixed(0)} ms, the next ` +
        `slot's run ${reminders.againMs.toFixed(0)} ms; ${int(reminders.sent)} composed and sent (null provider) in ` +
        `${reminders.sendSeconds.toFixed(1)} s (${int(reminders.sent / reminders.sendSeconds)}/s)`,
    );
  }

  const javascript = buildSizes();
  const results: Results = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    database: target.kind,
    scans: fx.scans,
    coupons: fx.coupons,
    durationSeconds: DURATION,
    rows: rowsOut,
    peakMemoryMb,
    redemption,
    guestOffers,
    javascript: javascript.map((p) => ({ name: p.name, gzipBytes: p.bytes, budgetKb: p.budgetKb })),
    scanExport,
    reminders,
  };

  console.log('');
  if (redemption) {
    console.log(
      `Redemption: ${int(redemption.successes)} answered success, ${int(redemption.newlyRedeemed)} coupons newly redeemed in SQL, ` +
        `double redemptions: ${redemption.doubleRedemptions}; merchant_stats counter in step: ${redemption.counterInStep ? 'yes' : 'NO'}`,
    );
  }
  console.log(`Server peak memory (VmHWM): ${peakMemoryMb ?? '?'} MB`);
  for (const page of javascript) {
    console.log(
      `First load ${page.name.padEnd(30)} ${kb(page.bytes).padStart(9)} gzipped JS (budget ${page.budgetKb} KB: ${page.bytes / 1024 <= page.budgetKb ? 'within' : 'OVER'})`,
    );
  }
  const out = argValue('out') ?? join('bench-results', `${results.date.replace(/[:.]/g, '-')}.json`);
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Results written to ${out}`);
  const baseline = compareWith ? readResults(compareWith) : undefined;
  if (baseline) printComparison(baseline, results);
  printTargets(results, baseline);
}

/**
 * Puts back the bench's redemptions of `codes` since `since` as the counter's undo does (coupons.service.ts
 * undoRedemption: the same columns; the triggers count the change, folded at once), on the bench's own dataset.
 * Returns how many were redeemed.
 */
async function putRedemptionsBack(db: Db, merchantIds: string[], codes: string[], since: Date) {
  const [undone] = await rows<{ n: string }>(
    db,
    `with undone as (
       update coupons set is_redeemed = false, redeemed_at = null, redeemed_by = null, bill_amount = null,
         override_reason = null
       where merchant_id = any('{${merchantIds.join(',')}}'::uuid[]) and code = any('{${codes.join(',')}}'::text[]) and is_redeemed
         and redeemed_at >= '${since.toISOString()}'
       returning 1)
     select count(*) as n from undone`,
  );
  // Folded here, so that the next run does not measure the folding of the bench's own undo (docs/DATA.md "Folded
  // counts").
  await rows(db, 'select stayperks_fold_coupon_changes()');
  return { undone: Number(undone!.n) };
}

// ---- Fixtures: ids, codes and counts chosen in SQL ----

function fixtures() {
  return withTarget(target, async (db) => {
    const today = todayIn(timeZone);
    // Redemptions not yet folded into the counters (docs/DATA.md "Folded counts"; a database before migration 0045
    // has none).
    await rows(
      db,
      `do $$ begin if to_regproc('stayperks_fold_coupon_changes') is not null then
        perform stayperks_fold_coupon_changes(); end if; end $$`,
    );
    // A run that ran out of codes sent the wrong-code limit's worth of placeholders: the counter's lock-out would
    // answer the next run's redemptions 429 for its window.
    await rows(db, `delete from rate_limits where key like 'redeem-wrong-code:%'`);
    const [counts] = await rows<{ scans: string; coupons: string }>(
      db,
      'select sum(scans) as scans, sum(coupons) as coupons from hotel_stats',
    );
    const [merchant] = await rows<{ id: string; coupons: number; redemptions: number }>(
      db,
      `select u.merchant_id as id, sum(s.coupons)::int as coupons, sum(s.redemptions)::int as redemptions
        from users u join merchant_stats s on s.merchant_id = u.merchant_id
        where u.username = '${BENCH_LOGINS.merchant}' group by u.merchant_id`,
    );
    if (!merchant) throw new Error('No benchmark logins in this database: run npm run bench:data first.');
    // The guest page of the busiest hotel that shows every merchant type.
    const [hotel] = await rows<{ id: string; location_id: number }>(
      db,
      `select h.id, h.location_id from hotels h join hotel_stats s on s.hotel_id = h.id
        where h.is_active and h.archived_at is null and h.subscription_end >= '${today}' and h.offer_selection_type = 'all'
        group by h.id, h.location_id order by sum(s.scans) desc limit 1`,
    );
    const [busyHotel] = await rows<{ id: string }>(
      db,
      `select hotel_id as id from users where username = '${BENCH_LOGINS.hotel}'`,
    );
    const offers = await rows<{ id: string }>(
      db,
      `select o.id from offers o join merchants m on m.id = o.merchant_id
        where m.location_id = ${hotel!.location_id} and o.is_active and o.archived_at is null and m.archived_at is null
          and o.validity_from <= '${today}' and o.validity_to >= '${today}'
        order by o.id limit 3`,
    );
    // Guest submissions go round 100 such hotels (any town), each with its town's first three offers, as above.
    const submitHotels = await rows<{ id: string; offer_ids: string[] }>(
      db,
      `select h.id, array(select o.id::text from offers o join merchants m on m.id = o.merchant_id
          where m.location_id = h.location_id and o.is_active and o.archived_at is null and m.archived_at is null
            and o.validity_from <= '${today}' and o.validity_to >= '${today}'
          order by o.id limit 3) as offer_ids
        from hotels h
        where h.is_active and h.archived_at is null and h.subscription_end >= '${today}' and h.offer_selection_type = 'all'
          and h.hotel_link_enabled and not h.phone_verification
        order by md5(h.id::text) limit 100`,
    );
    // A scan some weeks old holding a coupon of the busy merchant: its name, mobile, hotel, town and month.
    const [sample] = await rows<{ name: string; mobile: string; hotel_id: string; location_id: number; day: string }>(
      db,
      `select s.customer_name as name, s.mobile_number as mobile, s.hotel_id, h.location_id,
              to_char(s.scan_date at time zone '${timeZone}', 'YYYY-MM-DD') as day
         from coupons c join customer_scans s on s.id = c.scan_id join hotels h on h.id = s.hotel_id
        where c.merchant_id = '${merchant.id}' and s.scan_date < now() - interval '60 days'
        order by s.scan_date desc limit 1`,
    );
    // The redemption runs' counters: the busy merchant and, since one run now redeems more than its 15,000 codes at
    // scale 1, the busiest other merchant with a bench login; their codes taken in turn.
    const [second] = await rows<{ id: string; username: string; redemptions: number }>(
      db,
      `select u.merchant_id as id, min(u.username) as username, sum(s.redemptions)::int as redemptions
        from users u join merchant_stats s on s.merchant_id = u.merchant_id
        where u.username like 'bench-m%' and u.username <> '${BENCH_LOGINS.merchant}' and u.merchant_id <> '${merchant.id}'
        group by u.merchant_id order by sum(s.coupons) desc limit 1`,
    );
    const counters = [
      { merchantId: merchant.id, username: BENCH_LOGINS.merchant as string, redemptions: merchant.redemptions },
      ...(second ? [{ merchantId: second.id, username: second.username, redemptions: second.redemptions }] : []),
    ];
    const codesOf = (merchantId: string) =>
      rows<{ code: string }>(
        db,
        `select c.code from coupons c join offers o on o.id = c.offer_id
          where c.merchant_id = '${merchantId}' and not c.is_redeemed and o.validity_to >= '${today}'
          order by md5(c.code) limit 40000`,
      );
    const lists = await Promise.all(counters.map((c) => codesOf(c.merchantId)));
    const codes: { code: string; counter: number }[] = [];
    for (let i = 0; lists.some((list) => i < list.length); i++)
      lists.forEach((list, counter) => list[i] && codes.push({ code: list[i]!.code, counter }));
    return {
      scans: Number(counts!.scans),
      coupons: Number(counts!.coupons),
      merchantId: merchant.id,
      merchantCoupons: merchant.coupons,
      hotelId: hotel!.id,
      busyHotelId: busyHotel!.id,
      offerIds: offers.map((o) => o.id),
      submitHotels: submitHotels
        .filter((h) => h.offer_ids.length >= 3)
        .map((h) => ({ id: h.id, offerIds: h.offer_ids })),
      sample: {
        name: sample!.name,
        mobile: sample!.mobile,
        hotelId: sample!.hotel_id,
        locationId: sample!.location_id,
        day: sample!.day,
      },
      counters,
      codes,
    };
  });
}

// ---- The server ----

async function startServer(port: number): Promise<ChildProcess> {
  const log = join(workDir, 'server.log');
  const child = await spawnServer(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      // Production requires it (docs/OPERATING.md "Upgrading"): the links this server builds, on its own origin.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: target.databaseUrl ?? '',
      DATA_DIR: target.dataDir ?? join(workDir, 'data'),
      ADMIN_USERNAME: BENCH_LOGINS.superadmin,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      JWT_SECRET: randomBytes(32).toString('hex'),
      GOOGLE_PLACES_API_KEY: '',
      // The page-open scenario comes from many addresses through X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY: '1',
      // The dataset spans 18 months: with the default retention the job would anonymise its older scans during a
      // run, work of its own on the same cores and a dataset changing under the name search.
      GUEST_DATA_RETENTION_DAYS: '3650',
    },
    log,
  );
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await get(`http://127.0.0.1:${port}`, '/api/health', {})).status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not start:\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
}

/** A memory line of /proc/<pid>/status in MB (VmHWM: the peak resident size, VmRSS: now); null if unreadable. */
function procMemoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const kbytes = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kbytes ? Math.round(Number(kbytes) / 1024) : null;
  } catch {
    return null;
  }
}

function vmHwmMb(pid: number): number | null {
  return procMemoryMb(pid, 'VmHWM');
}

function vmRssMb(pid: number): number | null {
  return procMemoryMb(pid, 'VmRSS');
}

/** One streamed GET, counted as it arrives (never held): bytes on the wire, bytes and lines once decompressed. */
function download(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; wireBytes: number; bytes: number; lines: number }>((done, fail) => {
    const req = httpRequest(base + path, { headers }, (res) => {
      let wireBytes = 0;
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
      const encoding = res.headers['content-encoding'];
      const body =
        encoding === 'gzip' ? res.pipe(createGunzip()) : encoding === 'br' ? res.pipe(createBrotliDecompress()) : res;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      body.on('end', () => done({ status: res.statusCode ?? 0, wireBytes, bytes, lines }));
      body.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Login ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A JSON POST's answer (throws on an error status). */
async function postJson(base: string, path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * A back-office login with two-step sign-in, as production has it: signed in to set it up (the factor was reset
 * before the server started), set up with a code computed here, then signed in with one of its recovery codes (the
 * code just used cannot be used again within its 30 seconds).
 */
async function twoStepLogin(base: string, username: string): Promise<string> {
  const setupOnly = await login(base, username);
  const setup = await postJson(base, '/api/auth/second-factor/setup', { current_password: BENCH_PASSWORD }, setupOnly);
  const secret = setup.secret as string;
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const confirmed = await postJson(base, '/api/auth/second-factor/confirm', { code }, setupOnly);
  const [recovery] = confirmed.recovery_codes as string[];
  const first = await postJson(base, '/api/auth/login', { username, password: BENCH_PASSWORD });
  const second = await postJson(base, '/api/auth/login/mfa', { mfa_token: first.mfa_token, recovery_code: recovery });
  return second.access_token as string;
}

/** One GET with the raw (possibly compressed) body, as it went over the wire. */
/** A results file written by an earlier run (--compare). */
function readResults(file: string): Results {
  return JSON.parse(readFileSync(file, 'utf8')) as Results;
}

function get(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (done, fail) => {
      const req = httpRequest(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', fail);
      req.end();
    },
  );
}

function buildSizes(): PageSize[] {
  let outDir = 'dist/web';
  if (!hasFlag('no-build')) {
    outDir = join(workDir, 'web');
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], { stdio: 'inherit' });
  }
  return existsSync(join(outDir, '.vite/manifest.json')) ? firstLoadSizes(outDir) : [];
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function sleep(ms: number) {
  return new Promise((done) => setTimeout(done, ms));
}

// ---- Printing ----

function header() {
  return `${'scenario'.padEnd(36)} ${'req/s'.padStart(8)} ${'% health'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}  notes`;
}

function formatRow(row: Row) {
  const pct = row.name === 'health' ? '100.0' : row.pct.toFixed(1);
  return `${row.name.padEnd(36)} ${row.rps.toFixed(1).padStart(8)} ${pct.padStart(9)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.errors).padStart(7)}  ${row.note ?? ''}`;
}

/** Every target met or missed (bench/targets.ts); a baseline of fewer scans adds the growth of three screens. */
function printTargets(run: Results, baseline?: Results) {
  console.log(`\n${formatVerdicts(judgeTargets(run, baseline)).join('\n')}`);
}

function printComparison(old: Results, now: Results) {
  console.log(
    `\nChange from ${old.date} (${old.commit}, ${int(old.scans)} scans) to ${now.date} (${now.commit}, ${int(now.scans)} scans):`,
  );
  console.log(`${'scenario'.padEnd(36)} ${'% health'.padStart(16)} ${'p50 ms'.padStart(18)} ${'p99 ms'.padStart(18)}`);
  const change = (a: number, b: number, digits = 0) => `${a.toFixed(digits)} → ${b.toFixed(digits)}`;
  for (const row of now.rows) {
    const before = old.rows.find((r) => r.name === row.name);
    if (!before) {
      console.log(`${row.name.padEnd(36)} (new)`);
      continue;
    }
    const pct = row.name === 'health' ? `${change(before.rps, row.rps)} r/s` : change(before.pct, row.pct, 1);
    console.log(
      `${row.name.padEnd(36)} ${pct.padStart(16)} ${change(before.p50, row.p50).padStart(18)} ${change(before.p99, row.p99).padStart(18)}`,
    );
  }
  if (old.peakMemoryMb && now.peakMemoryMb) console.log(`Peak memory: ${old.peakMemoryMb} → ${now.peakMemoryMb} MB`);
  for (const page of now.javascript) {
    const before = old.javascript.find((p) => p.name === page.name);
    if (before) console.log(`${page.name}: ${kb(before.gzipBytes)} → ${kb(page.gzipBytes)}`);
  }
}

// Last, so every declaration above is initialised before the run.
try {
  await main();
} finally {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  await target.release();
  rmSync(workDir, { recursive: true, force: true });
}
