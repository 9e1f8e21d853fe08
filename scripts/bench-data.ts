/**
 * npm run bench:data -- [--scale S] [--hotels N] [--force]: a season of data for `npm run bench` (docs/DEVELOPING.md,
 * "Benchmarks"), made by set-based SQL (generate_series, INSERT … SELECT; no row loops in Node).
 *
 * Scale 1: 50 towns, 1,000 hotels, 5,000 merchants, 20,000 offers, 1,000,000 scans over 18 months and 2,000,000
 * coupons (30 % redeemed), subscription periods with renewals over two years, Google review snapshots, a login for
 * every hotel and merchant with their devices' sessions, the audit trail of redemptions and sign-ins, the reminder
 * messages, the guest funnel's events and a tax invoice for every paid period. --scale multiplies the history (0.1 to 10); from 1 up the install grows
 * with it (1,000 hotels and 5,000 merchants a unit: scale 10 is 10,000 hotels, 10,000,000 scans), below 1 it stays at
 * scale 1's, so scale 0.1 and 1 compare one catalogue (the growth target). --hotels N (a multiple of 20, 20 to 10,000)
 * shapes another install: N hotels in N / 20 towns, 100 merchants a town (each town keeps the 400 offers its guests
 * pick from); `--hotels 100 --scale 0.1` is the small install the embedded database is judged at (README
 * "Performance"). The history is written a month at a time in arrival order, printing each month.
 *
 * Where it goes: scripts/bench/target.ts (DATABASE_URL, DATA_DIR for PGlite, or a PostgreSQL of our own).
 * A database that already holds towns, merchants, hotels, scans or logins is refused; --force empties it first.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH } from '../src/shared/constants';
import { todayIn } from '../src/shared/dates';
import { rebuildDerived, syncBusinessTimeZone } from '../src/server/db/derived';
import { ensureReferenceData } from '../src/server/modules/subscriptions/reference-data';
import { lockDataDir } from '../src/server/platform/lib/data-dir-lock';
import { createLogin, type NewLogin } from '../src/server/modules/users/users.service';
import { hashPassword } from '../src/server/platform/lib/passwords';
import { argValue, BENCH_LOGINS, BENCH_PASSWORD, hasFlag, int, openTarget, rows, seconds } from './bench/common';
import {
  FIRST_NAMES,
  HOTEL_KINDS,
  HOTEL_WORDS,
  LAST_NAMES,
  MERCHANT_KINDS,
  MERCHANT_TYPES,
  MERCHANT_WORDS,
  sqlArray,
  TOWN_QUARTERS,
  TOWNS,
  DEVICE_LABELS,
} from './bench/names';
import { resolveTarget } from './bench/target';

const scale = Number(argValue('scale') ?? 1);
if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be a number above 0 and at most 10');
// From scale 1 up the install grows with its history (1,000 hotels a unit of scale: ten seasons of a national
// operator are 10,000 hotels); below 1 the hotels stay at 1,000, so scale 0.1 and 1 compare the same catalogue.
const HOTELS = Number(argValue('hotels') ?? Math.max(50, Math.round(scale * 50)) * 20);
if (!(Number.isInteger(HOTELS) && HOTELS >= 20 && HOTELS <= 10_000 && HOTELS % 20 === 0))
  throw new Error('--hotels must be a multiple of 20 from 20 to 10000');
const TOWN_COUNT = HOTELS / 20; // 50 at 1,000 hotels
if (TOWN_COUNT > TOWNS.length * (TOWN_QUARTERS.length + 1)) throw new Error('Not enough town names');
const MERCHANTS = TOWN_COUNT * 100; // 100 per town, 4 offers each
const SCANS = Math.round(1_000_000 * scale);
// Hotel n's busy-ness rank: 389 scatters ranks over towns (town n % towns). Above 1,000 hotels each thousand (n / 1000)
// is a permutation of scale 1's ranks, shifted by 37 a thousand, so the busiest hotel and merchant are as busy as at
// scale 1 and each town still mixes busy and quiet hotels (the ranks of (n * 389) % 10,000 % 1,000 took two values in
// each of 500 towns: ten of the busiest hotels in one town, its top merchant with 177,000 coupons instead of 21,000).
const RANK = HOTELS > 1000 ? '((g.n % 1000) * 389 + (g.n / 1000) * 37) % 1000' : `(g.n * 389) % ${HOTELS}`;
/** Where the load records the indexes it dropped until they are built again (droppedEarlier below). */
const DROPPED_KEY = 'bench_data_dropped_indexes';
const timeZone = process.env.APP_TIMEZONE || 'Asia/Kolkata';
const today = todayIn(timeZone);
const tz = `'${timeZone.replaceAll("'", "''")}'`;
const day = (offset: number) => `('${today}'::date + ${offset})`;

const target = await resolveTarget();
const releaseLock = target.dataDir ? lockDataDir(target.dataDir) : () => {};
const database = await openTarget(target);
const db = database.db;
// The load runs on one session of its own, so its session settings (triggers off) stay with it.
const loader = target.databaseUrl ? new pg.Client({ connectionString: target.databaseUrl }) : undefined;
await loader?.connect();
// A month's sorts (scans by time, coupons by scan) fit in memory instead of spilling to disk; no JIT (it compiled
// every month's statements again, seconds each).
await loader?.query("set work_mem = '256MB'");
await loader?.query('set jit = off');
const exec = async (text: string) => {
  if (loader) await loader.query(text);
  else await db.execute(sql.raw(text));
};
const query = async <T>(text: string): Promise<T[]> => (loader ? (await loader.query(text)).rows : rows<T>(db, text));

const started = performance.now();
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(46)} ${seconds(performance.now() - t0).padStart(8)}`);
  return result;
}

try {
  console.log(`bench:data scale ${scale}, ${int(HOTELS)} hotels, into ${target.label}`);
  await step('migrations, reference data, time zone', async () => {
    await database.migrate();
    await ensureReferenceData(db);
    await syncBusinessTimeZone(db, timeZone);
  });
  const [used] = await rows<{ used: boolean }>(
    db,
    `select exists(select 1 from locations) or exists(select 1 from merchants) or exists(select 1 from hotels)
            or exists(select 1 from customer_scans) or exists(select 1 from users) as used`,
  );
  if (used?.used) {
    if (!hasFlag('force'))
      throw new Error(
        'The database already holds data. Use --force to empty it first, or point DATABASE_URL / DATA_DIR elsewhere.',
      );
    await step('--force: emptying every table', emptyTables);
  }

  // Triggers off for the load (the derived tables are rebuilt once at the end; foreign keys hold by construction).
  const restoreTriggers = await disableTriggers();
  const indexes = await dropHistoryIndexes();
  // No autovacuum on the tables being loaded (it vacuumed coupons over and over as redemptions left old versions);
  // the VACUUM ANALYZE below does it once.
  const loaded = ['customer_scans', 'coupons', 'funnel_events', 'audit_events', 'messages'];
  for (const table of loaded) await exec(`alter table ${table} set (autovacuum_enabled = false)`);
  try {
    await step('towns, merchant types, hotels, periods', loadCatalogue);
    await step('merchants and offers', loadMerchants);
    await step('owner logins of hotels and merchants', loadOwnerLogins);
    await step('scans per hotel and day (the plan)', planScans);
    await loadHistory();
    await step('review snapshots', loadReviews);
    await step('staff sessions', loadSessions);
    await step('tax invoices', loadInvoices);
    await step('payments of the periods', loadPayments);
  } finally {
    for (const table of loaded) await exec(`alter table ${table} reset (autovacuum_enabled)`);
    await restoreTriggers();
    await step(`rebuilding ${indexes.length} indexes`, () => recreateIndexes(indexes));
  }
  await step('rebuildDerived (rollups)', () =>
    rebuildDerived(db, ({ name, rows: n, ms }) => {
      if (ms >= 1000) console.log(`    ${name.padEnd(42)} ${int(n ?? 0).padStart(12)} rows ${seconds(ms).padStart(8)}`);
    }),
  );
  await step('VACUUM ANALYZE', () => exec('vacuum analyze'));
  const logins = await step('logins (argon2)', createLogins);
  await printSummary(logins);
  console.log(`Done in ${seconds(performance.now() - started)}. Now: npm run bench`);
} finally {
  await loader?.end();
  await database.close();
  releaseLock();
  await target.release();
}

async function emptyTables() {
  // Everything but the migration-made single rows (catalogue_version, review_version) and the reference durations.
  const tables = await rows<{ name: string }>(
    db,
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'
       and tablename not in ('catalogue_version', 'review_version', 'subscription_durations')`,
  );
  const pending = await droppedEarlier();
  await exec(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`);
  await recordDropped(pending);
  await syncBusinessTimeZone(db, timeZone);
}

/**
 * The indexes a load dropped are recorded in app_settings until they are built again, so a load stopped half-way
 * (Ctrl-C) leaves the next run (--force) their definitions: it drops what is there, builds both.
 */
type IndexDef = { name: string; def: string };
async function droppedEarlier(): Promise<IndexDef[]> {
  const [row] = await rows<{ value: string }>(db, `select value from app_settings where key = '${DROPPED_KEY}'`);
  return row ? (JSON.parse(row.value) as IndexDef[]) : [];
}
async function recordDropped(indexes: IndexDef[]) {
  if (!indexes.length) return exec(`delete from app_settings where key = '${DROPPED_KEY}'`);
  await exec(`insert into app_settings (key, value) values ('${DROPPED_KEY}', '${JSON.stringify(indexes).replaceAll("'", "''")}')
              on conflict (key) do update set value = excluded.value, updated_at = now()`);
}

async function disableTriggers(): Promise<() => Promise<void>> {
  try {
    await exec('set session_replication_role = replica');
    return () => exec('set session_replication_role = origin');
  } catch {
    // Not a superuser: switch the tables' own triggers off instead (foreign keys stay checked).
    const tables = [
      'customer_scans',
      'coupons',
      'offers',
      'merchants',
      'merchant_types',
      'hotels',
      'locations',
      'subscription_periods',
      'funnel_events',
      'messages',
      'audit_events',
      'users',
      'sessions',
      'invoices',
    ];
    for (const t of tables) await exec(`alter table ${t} disable trigger user`);
    return async () => {
      for (const t of tables) await exec(`alter table ${t} enable trigger user`);
    };
  }
}

/** Plain indexes of the big tables are built once after the load (far faster than row by row). */
async function dropHistoryIndexes(): Promise<IndexDef[]> {
  const found = await rows<IndexDef>(
    db,
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and t.relname in ('customer_scans', 'coupons', 'review_snapshots', 'funnel_events', 'audit_events', 'messages')
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  const earlier = (await droppedEarlier()).filter((e) => !found.some((f) => f.name === e.name));
  const all = [...found, ...earlier];
  await recordDropped(all);
  for (const index of found) await exec(`drop index if exists ${index.name}`);
  return all;
}

async function recreateIndexes(indexes: IndexDef[]) {
  await exec(`set maintenance_work_mem = '${target.kind === 'postgres' ? '512MB' : '128MB'}'`);
  for (const index of indexes)
    await exec(index.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
  await recordDropped([]);
}

/** A 10-digit Indian mobile (6-9 first) from two random() expressions. */
function mobile(r1: string, r2: string) {
  return `((6 + floor(${r1} * 4))::int::text || lpad(floor(${r2} * 1e9)::bigint::text, 9, '0'))`;
}
function personName(r1: string, r2: string) {
  return `((${sqlArray(FIRST_NAMES)})[1 + floor(${r1} * ${FIRST_NAMES.length})::int] || ' ' || (${sqlArray(LAST_NAMES)})[1 + floor(${r2} * ${LAST_NAMES.length})::int])`;
}

async function loadCatalogue() {
  await exec('select setseed(0.2024)');
  await exec(
    `insert into locations (name, created_at)
     select (${sqlArray(TOWNS)})[1 + n % ${TOWNS.length}]
              || case when n >= ${TOWNS.length} then ' ' || (${sqlArray(TOWN_QUARTERS)})[n / ${TOWNS.length}] else '' end,
            now() - interval '800 days'
       from generate_series(0, ${TOWN_COUNT - 1}) n order by n`,
  );
  await exec(
    `insert into merchant_types (name, created_at) select unnest(${sqlArray(MERCHANT_TYPES)}), now() - interval '800 days'`,
  );
  await exec(
    'create temp table bench_locations as select (row_number() over (order by id) - 1)::int as n, id, name from locations',
  );
  await exec(
    'create temp table bench_types as select (row_number() over (order by id) - 1)::int as n, id, name from merchant_types',
  );
  // Hotel n: a busy-ness weight rank^-0.8 (a few busy hotels, most quiet; 389 scatters ranks over towns), a plan,
  // a start 18 to 24 months ago; 8 % stopped renewing at some point.
  await exec(`
    create temp table bench_hotels as
    select g.n, gen_random_uuid() as id, l.id as location_id, l.name as town,
           power(${RANK} + 1, -0.8) as weight,
           (array[1, 3, 3, 3, 6, 6, 6, 12, 12, 12])[1 + floor(random() * 10)::int] as months,
           ${day(-545)} - floor(random() * 180)::int as start_date,
           random() < 0.08 as churned, random() as r1, random() as r2,
           random() < 0.6 as tracks_reviews, random() < 0.1 as manual
      from generate_series(0, ${HOTELS - 1}) g(n) join bench_locations l on l.n = g.n % ${TOWN_COUNT}`);
  // One row per paid period, each following the last; prices rise 5 % a renewal.
  await exec(`
    create temp table bench_periods as
    select h.id as hotel_id, h.months, k,
           (h.start_date + make_interval(months => k * h.months))::date as from_date,
           (h.start_date + make_interval(months => (k + 1) * h.months) - interval '1 day')::date as to_date,
           round(h.base * (1 + 0.05 * k) / 100) * 100 as amount
      from (select *, (case months when 1 then 2500 when 3 then 7000 when 6 then 13000 else 24000 end) * (0.8 + 0.5 * r1) as base
              from bench_hotels) h,
           generate_series(0, 24 / h.months + 1) k
     where (h.start_date + make_interval(months => k * h.months))::date <= ${day(0)}
       and (k = 0 or not h.churned
            or (h.start_date + make_interval(months => (k + 1) * h.months) - interval '1 day')::date < ${day(-20)} - floor(h.r2 * 200)::int)`);
  await exec(`
    create temp table bench_hotel_subs as
    select distinct on (hotel_id) hotel_id, to_date as subscription_end, amount as last_amount, k as renewals
      from bench_periods order by hotel_id, k desc`);
  await exec('create unique index on bench_hotel_subs (hotel_id)');
  await exec('analyze bench_hotel_subs');
  await exec(`
    insert into hotels (id, name, location_id, address, contact_number, contact_person, google_link, google_place_id,
                        subscription_duration_id, subscription_revenue, offer_selection_type, selected_merchant_types,
                        is_active, created_at, first_created_date, renewal_count, subscription_end,
                        hotel_link_daily_limit)
    select h.id,
           (${sqlArray(HOTEL_WORDS)})[1 + (h.n / ${TOWN_COUNT}) % ${HOTEL_WORDS.length}] || ' ' || (${sqlArray(HOTEL_KINDS)})[1 + (h.n * 7) % ${HOTEL_KINDS.length}] || ' ' || h.town,
           h.location_id,
           (10 + h.n % 190) || ', ' || (array['MG Road', 'Beach Road', 'Lake Road', 'Station Road', 'Temple Street', 'Mall Road'])[1 + h.n % 6] || ', ' || h.town,
           ${mobile('random()', 'random()')}, ${personName('random()', 'random()')},
           case when h.tracks_reviews then 'https://maps.google.com/?cid=' || (4000000000000000 + h.n * 7919) end,
           case when h.tracks_reviews then 'ChIJ' || substr(md5(h.id::text), 1, 23) end,
           d.id, s.last_amount, case when h.manual then 'manual' else 'all' end,
           case when h.manual then (select array_agg(t.id order by t.n) from bench_types t where t.n in (h.n % 10, (h.n + 3) % 10, (h.n + 6) % 10))
                else '{}'::integer[] end,
           s.subscription_end >= ${day(0)},
           (h.start_date + time '10:00') at time zone ${tz}, (h.start_date + time '10:00') at time zone ${tz},
           s.renewals, s.subscription_end,
           -- The guest submission scenario sends 500 claims through one hotel's old link: the bench measures a
           -- claim's cost, not the farming limit (docs/PRODUCT.md "Guest trust").
           100000
      from bench_hotels h join bench_hotel_subs s on s.hotel_id = h.id join subscription_durations d on d.months = h.months`);
  // A renewal is paid three days before its period starts, at 11:00 business time.
  await exec(`
    insert into subscription_periods (hotel_id, subscription_duration_id, from_date, to_date, amount, paid_at, is_renewal)
    select p.hotel_id, d.id, p.from_date, p.to_date, p.amount,
           least(((p.from_date - case when p.k > 0 then 3 else 0 end) + time '11:00') at time zone ${tz}, now()), p.k > 0
      from bench_periods p join subscription_durations d on d.months = p.months`);
}

async function loadMerchants() {
  // Merchant n: town n % 50, j = its rank in the town (0 is the busiest: guests pick its offers most).
  await exec(`
    create temp table bench_merchants as
    select g.n, gen_random_uuid() as id, l.id as location_id, l.name as town, g.n / ${TOWN_COUNT} as j, t.id as type_id,
           (${sqlArray(MERCHANT_WORDS)})[1 + (g.n / ${TOWN_COUNT}) % ${MERCHANT_WORDS.length}] || ' '
             || (${sqlArray(MERCHANT_KINDS)})[1 + (g.n / ${TOWN_COUNT} / ${MERCHANT_WORDS.length}) % ${MERCHANT_KINDS.length}] as name
      from generate_series(0, ${MERCHANTS - 1}) g(n)
      join bench_locations l on l.n = g.n % ${TOWN_COUNT}
      join bench_types t on t.n = (g.n * 7 + g.n / ${TOWN_COUNT}) % 10`);
  await exec(`
    insert into merchants (id, name, merchant_type_id, location_id, contact_number, store_contact_number, address, location_link, created_at)
    select id, name, type_id, location_id, ${mobile('random()', 'random()')}, ${mobile('random()', 'random()')},
           'Shop ' || (1 + n % 90) || ', Main Bazaar, ' || town, 'https://maps.google.com/?q=' || replace(name || ' ' || town, ' ', '+'),
           now() - interval '780 days'
      from bench_merchants`);
  // Offer rank in its town: 4 per merchant (merchant j has ranks 4j..4j+3). About 12 % have expired and 5 % are
  // switched off, never those of the busiest merchants, whose codes the redemption benchmark uses.
  await exec(`
    create temp table bench_offers as
    select gen_random_uuid() as id, m.id as merchant_id, m.location_id, m.j * 4 + k as rank, m.name, m.town,
           (array['percentage', 'fixed_discount', 'cash_discount', 'percentage'])[1 + (m.n + k) % 4] as offer_type,
           random() as r1, random() as r2, random() as r3
      from bench_merchants m, generate_series(0, 3) k`);
  await exec('create index on bench_offers (location_id, rank)');
  await exec(`
    insert into offers (id, merchant_id, offer_name, offer_type, offer_value, terms_conditions, description, opening_hours,
                        closing_hours, validity_from, validity_to, is_active, created_at)
    select id, merchant_id, offer_name, offer_type, value,
           'One voucher per guest per visit. Not valid with other offers or on public holidays. Show the code before billing.',
           'Show this voucher at ' || name || ', ' || town || ': ' || offer_name || '. Valid for dine-in, takeaway and services.',
           time '10:00', time '22:00', ${day(-760)},
           case when rank >= 8 and r1 < 0.12 then ${day(-1)} - floor(r2 * 300)::int else ${day(30)} + floor(r2 * 400)::int end,
           not (rank >= 8 and r3 < 0.05), now() - interval '760 days'
      from (select *,
                   case offer_type when 'percentage' then (array[10, 15, 20, 25, 30])[1 + floor(r2 * 5)::int]
                                   when 'fixed_discount' then (array[100, 150, 200, 250, 500])[1 + floor(r2 * 5)::int]
                                   else (array[50, 100, 150, 200])[1 + floor(r2 * 4)::int] end as value
              from bench_offers) o,
           lateral (select case o.offer_type when 'percentage' then o.value || '% off on your bill'
                                             when 'fixed_discount' then 'Flat Rs ' || o.value || ' off'
                                             else 'Rs ' || o.value || ' cashback' end as offer_name) t`);
}

/**
 * A UUID whose first 48 bits are `ts` in milliseconds (the UUIDv7 layout; the rest random, version 7): rows written in
 * time order then add to the right end of their primary key. With the server's random (v4) ids, a month of 1,000,000
 * coupons at scale 10 lands all over a 600 MB key that shared_buffers cannot hold, and every page it touches is read,
 * dirtied and written again (with a full-page image in the WAL after each checkpoint): the load slowed month by month.
 * The server writes its scans and coupons with the same layout (stayperks_uuid_v7(), migration 0048), for the same
 * reason one insert at a time. Key lookups read the same index depth either way.
 */
function timeOrderedUuid(ts: string): string {
  const hex = `lpad(to_hex((extract(epoch from ${ts}) * 1000)::bigint), 12, '0')`;
  const random = 'gen_random_uuid()::text';
  return `(substr(${hex}, 1, 8) || '-' || substr(${hex}, 9, 4) || '-7' || substr(${random}, 16, 3) || '-' || substr(${random}, 20, 4) || '-' || substr(${random}, 25, 12))::uuid`;
}

/** Unique codes: the coupon's number through a bijection of 40-bit integers (32^8 = 2^40), 5 bits a letter. */
function codeFromBits(y: string): string {
  const letters = Array.from(
    { length: VOUCHER_CODE_LENGTH },
    (_, i) => `substr('${VOUCHER_CODE_ALPHABET}', 1 + ((${y} >> ${5 * i}) & 31)::int, 1)`,
  );
  return letters.join(' || ');
}

/** One hash for every owner login the load makes (they sign in with BENCH_PASSWORD; argon2 once, not 60,000 times). */
async function loadOwnerLogins() {
  const hash = (await hashPassword(BENCH_PASSWORD)).replaceAll("'", "''");
  await exec('alter table bench_hotels add column user_id uuid not null default gen_random_uuid()');
  await exec('alter table bench_merchants add column user_id uuid not null default gen_random_uuid()');
  await exec(`
    insert into users (id, username, password_hash, user_type, merchant_role, hotel_id, merchant_id, created_at)
    select user_id, 'bench-h' || n, '${hash}', 'hotel', null, id, null, now() - interval '760 days' from bench_hotels
    union all
    select user_id, 'bench-m' || n, '${hash}', 'merchant', 'owner', null, id, now() - interval '760 days'
      from bench_merchants`);
}

async function planScans() {
  // Scans per hotel from its weight (exactly SCANS in all), within the hotel's subscribed days of the last 540.
  await exec(`
    create temp table bench_scan_plan as
    with w as (
      select h.n, h.id, greatest(h.start_date, ${day(-540)}) as first_day, least(s.subscription_end, ${day(0)}) as last_day, h.weight
        from bench_hotels h join bench_hotel_subs s on s.hotel_id = h.id),
    v as (select *, case when last_day >= first_day then weight else 0 end as wt from w),
    c as (select *, sum(wt) over (order by n) as cum, sum(wt) over () as total from v)
    select id, first_day, last_day,
           (round(${SCANS} * cum / total) - round(${SCANS} * (cum - wt) / total))::int as cnt
      from c`);
  // More scans in recent months: a hotel's scan lies k days before its last day with probability
  // ((k + 1) / L)^0.8 - (k / L)^0.8 (L its days; what last_day - floor(random()^1.25 * L) draws), here as exact counts per
  // day (rounded on the running total, so they add up to the hotel's), so the load can be written a month at a time.
  await exec(`
    create temp table bench_scan_days as
    select hotel_id, day, n from (
      select p.id as hotel_id, p.last_day - k as day,
             (round(p.cnt * power((k + 1)::float8 / (p.last_day - p.first_day + 1), 0.8))
               - round(p.cnt * power(k::float8 / (p.last_day - p.first_day + 1), 0.8)))::int as n
        from bench_scan_plan p, generate_series(0, p.last_day - p.first_day) k
       where p.cnt > 0) d
     where n > 0`);
  await exec('create index on bench_scan_days (day)');
  // Keys for the joins on hotel and merchant: without them, a month's rows read in day order from the index above
  // were joined to the hotels by a nested loop over all of them (10,000 at scale 10) rather than sorted afterwards.
  await exec('create unique index on bench_hotels (id)');
  await exec('create unique index on bench_merchants (id)');
  await exec('analyze bench_scan_days');
  await exec('analyze bench_hotels');
  await exec('analyze bench_merchants');
  await exec('analyze bench_offers');
  await exec('create temp table bench_redeem (id uuid, at timestamptz, merchant_id uuid, code text, offer_id uuid)');
}

/**
 * Scans, their coupons, redemptions (and their audit events), reminder messages and funnel events, a month at a time in
 * arrival order (each statement is a month: progress shows and memory stays flat at any scale).
 */
async function loadHistory() {
  if (VOUCHER_CODE_ALPHABET.length !== 32 || VOUCHER_CODE_LENGTH !== 8)
    throw new Error('The code bijection assumes 8 letters of a 32-letter alphabet');
  const months = await query<{ from: string; to: string }>(`
    select to_char(m, 'YYYY-MM-DD') as from, to_char(m + interval '1 month', 'YYYY-MM-DD') as to
      from generate_series(date_trunc('month', (select min(day) from bench_scan_days)),
                           date_trunc('month', ${day(0)}), interval '1 month') m`);
  const totals = { scans: 0, coupons: 0, redeemed: 0, audit: 0, messages: 0, funnel: 0 };
  const t0 = performance.now();
  console.log(`  ${int(SCANS)} scans, ${int(SCANS * 2)} coupons in ${months.length} months:`);
  for (const month of months) {
    const t = performance.now();
    const made = await loadMonth(month.from, month.to, totals.coupons);
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += made[key];
    const done = totals.scans / SCANS;
    const elapsed = performance.now() - t0;
    console.log(
      `    ${month.from.slice(0, 7)} ${int(made.scans).padStart(10)} scans ${int(made.coupons).padStart(10)} coupons ` +
        `${int(made.funnel).padStart(10)} funnel events ${seconds(performance.now() - t).padStart(8)}  ` +
        `${(100 * done).toFixed(0).padStart(3)} % in ${seconds(elapsed)}, ~${seconds(done > 0 ? elapsed / done - elapsed : 0)} left`,
    );
  }
  console.log(
    `  ${''.padEnd(46)} ${seconds(performance.now() - t0).padStart(8)}: ${int(totals.scans)} scans, ` +
      `${int(totals.coupons)} coupons (${int(totals.redeemed)} redeemed), ${int(totals.audit)} audit events, ` +
      `${int(totals.messages)} messages, ${int(totals.funnel)} funnel events`,
  );
}

async function loadMonth(from: string, to: string, couponsBefore: number) {
  const mask = 2 ** 40 - 1;
  const inMonth = `d.day >= date '${from}' and d.day < date '${to}'`;
  // Scans between 08:00 and 22:00 business time, checkout 1 to 4 days later, written in scan-date order as guests'
  // scans arrive (so a day's scans share pages, as in production). Then, in the same statement, two coupons a scan
  // from offers of the hotel's town: the first skewed to the busiest merchants (ranks 0-199, power 3), the second
  // spread over ranks 200-399, so a scan never holds one offer twice; 30 % are picked for redemption within 3 days.
  // Unique codes: the coupon's number through a bijection of 40-bit integers (multiplying by an odd number and
  // x ^ (x >> 20) are both bijections mod 2^40). Guests who ticked reminders get the check-out morning's message and,
  // at hotels with a Google link, the next day's review request (docs/PRODUCT.md "Reminders"); sent ones before
  // today hold no number (docs/PRIVACY.md "Codes and messages"). OFFSET 0 keeps each stage computed once.
  const [made] = await query<{ scans: number; coupons: number; messages: number }>(`
    with s as (
      insert into customer_scans (id, hotel_id, customer_name, mobile_number, checkout_date, scan_date,
                                  reminders_opt_in, language)
      select ${timeOrderedUuid('scan_date')}, * from (
        select hotel_id, ${personName('r1', 'r2')}, ${mobile('r3', 'r4')}, day + 1 + floor(r5 * 4)::int,
               least((day + interval '8 hours' + r6 * interval '14 hours') at time zone ${tz}, now() - r6 * interval '2 hours')
                 as scan_date,
               -- Two guests in five tick the reminders box; one in six reads Hindi (docs/PRODUCT.md "Reminders").
               r7 < 0.4, case when r8 < 0.16 then 'hi' else 'en' end
          from (select d.hotel_id, d.day, random() as r1, random() as r2, random() as r3, random() as r4,
                       random() as r5, random() as r6, random() as r7, random() as r8
                  from bench_scan_days d, generate_series(1, d.n) g where ${inMonth} offset 0) p
         offset 0) q
       order by scan_date
      returning id, hotel_id, scan_date, checkout_date, mobile_number, reminders_opt_in
    ),
    c as (
      insert into coupons (id, scan_id, offer_id, merchant_id, code, is_redeemed, redeemed_at, created_at)
      select ${timeOrderedUuid("scan_date + k * interval '1 millisecond'")}, scan_id, offer_id, merchant_id,
             ${codeFromBits('y')}, false, null, scan_date + k * interval '1 millisecond'
        from (select *, ((p # (p >> 20)) * 5397213) & ${mask} as y
                from (select x.*, o.id as offer_id, o.merchant_id, ((x.n + 12345) * 181331465117) & ${mask} as p
                        from (select s.id as scan_id, s.scan_date, h.location_id, k,
                                     ${couponsBefore} + row_number() over () as n, random() as rk
                                from s join bench_hotels h on h.id = s.hotel_id cross join generate_series(1, 2) k
                              offset 0) x
                        join bench_offers o on o.location_id = x.location_id
                         and o.rank = case when x.k = 1 then floor(200 * power(x.rk, 3))::int else 200 + floor(200 * x.rk)::int end
                      offset 0) a
              offset 0) b
       order by scan_date, k
      returning id, created_at, merchant_id, code, offer_id
    ),
    r as (
      insert into bench_redeem (id, at, merchant_id, code, offer_id)
      select id, created_at + (1 + random() * 70) * interval '1 hour', merchant_id, code, offer_id from c
       where random() < 0.3
    ),
    m as (
      insert into messages (id, subject, kind, channel, recipient, hotel_id, scan_id, status, attempts,
                            next_attempt_at, sent_at, expires_at, created_at)
      select ${timeOrderedUuid('at')}, scan_id::text, kind, 'whatsapp', case when at < ${day(0)}::timestamp at time zone ${tz} then 'erased' else mobile end,
             hotel_id, scan_id, 'sent', 1, at, at + interval '1 minute', at + interval '12 hours', at
        from (select s.id as scan_id, s.hotel_id, s.mobile_number as mobile, k.kind,
                     (k.day + k.time) at time zone ${tz} as at
                from s join bench_hotels h on h.id = s.hotel_id
                cross join lateral (select 'checkout_reminder' as kind, s.checkout_date as day, time '09:00' as time
                                    union all
                                    select 'review_request', s.checkout_date + 1, time '11:00' where h.tracks_reviews) k
               where s.reminders_opt_in) x
       where at < now()
       order by at
      returning 1
    )
    select (select count(*) from s)::int as scans, (select count(*) from c)::int as coupons,
           (select count(*) from m)::int as messages`);
  // A redemption rewrites its coupon's row later, as in production (its new version lands elsewhere in the table); the
  // merchant's owner login redeems it and the audit trail has its event (docs/SECURITY.md), beside the month's sign-ins
  // (a hotel's login once a week, a merchant's once a month: a counter phone stays signed in).
  const redeemed = await query<{ n: number }>(`
    with u as (
      update coupons c set is_redeemed = true, redeemed_at = r.at, redeemed_by = m.user_id
        from bench_redeem r join bench_merchants m on m.id = r.merchant_id
       where c.id = r.id and r.at < now()
      returning 1
    )
    select count(*)::int as n from u`);
  const [audit] = await query<{ n: number }>(`
    with a as (
      insert into audit_events (at, actor_id, actor_username, action, entity, entity_id, before, after, address)
      select at, actor_id, actor_username, action, entity, entity_id, before, after, address from (
        select r.at, m.user_id as actor_id, 'bench-m' || m.n as actor_username, 'coupon.redeem' as action,
               'coupon' as entity, r.id::text as entity_id,
               jsonb_build_object('code', r.code, 'merchant_id', r.merchant_id, 'offer_id', r.offer_id,
                                  'is_redeemed', false, 'redeemed_at', null, 'redeemed_by', null) as before,
               jsonb_build_object('code', r.code, 'merchant_id', r.merchant_id, 'offer_id', r.offer_id,
                                  'is_redeemed', true, 'redeemed_at', r.at, 'redeemed_by', m.user_id) as after,
               '10.' || (m.n % 250) || '.' || (m.n / 250 % 250) || '.7' as address
          from bench_redeem r join bench_merchants m on m.id = r.merchant_id where r.at < now()
        union all
        select (d + time '09:30' + (h.n % 60) * interval '1 minute') at time zone ${tz}, h.user_id, 'bench-h' || h.n,
               'login.success', 'user', h.user_id::text, null, null, '10.200.' || (h.n % 250) || '.9'
          from bench_hotels h, generate_series(date '${from}', date '${to}' - 1, interval '1 day') d
         where (d::date - date '2000-01-03') % 7 = h.n % 7 and d::date >= h.start_date
        union all
        select (d + time '10:15' + (m.n % 60) * interval '1 minute') at time zone ${tz}, m.user_id, 'bench-m' || m.n,
               'login.success', 'user', m.user_id::text, null, null, '10.' || (m.n % 250) || '.' || (m.n / 250 % 250) || '.7'
          from bench_merchants m, generate_series(date '${from}', date '${to}' - 1, interval '1 day') d
         where extract(day from d) = 1 + m.n % 28 and d::date >= ${day(-760)}
      ) e
      where at < now()
      order by at
      returning 1
    )
    select count(*)::int as n from a`);
  await exec('truncate bench_redeem');
  // The guest page's counted events (docs/DATA.md "Funnel") per hotel and business day with scans: pages opened 1.3
  // to 2.1 times its scans, details entered 1 to 1.2 times, review taps a fifth and shares a twentieth of the opens.
  // One hotel in ten loses guests before they pick in its last 30 days (twice the opens for the same scans), so the
  // back office's "falling" list has hotels to show.
  const [funnel] = await query<{ n: number }>(`
    with f as (
      insert into funnel_events (hotel_id, day, kind)
      select f.hotel_id, f.day, k.kind
        from (select d.hotel_id, d.day,
                     round(d.n * (1.3 + 0.8 * h.r2) * case when h.r1 < 0.1 and d.day > ${day(-30)} then 2 else 1 end)::int
                       as opens,
                     round(d.n * (1 + 0.2 * h.r1))::int as details
                from bench_scan_days d join bench_hotels h on h.id = d.hotel_id where ${inMonth}) f
        cross join lateral (select 'page_open' as kind, f.opens as n union all select 'details_entered', f.details
                            union all select 'review_tap', f.opens / 5 union all select 'share', f.opens / 20) k
        cross join lateral generate_series(1, k.n) g
       order by f.day
      returning 1
    )
    select count(*)::int as n from f`);
  return {
    scans: made!.scans,
    coupons: made!.coupons,
    redeemed: redeemed[0]!.n,
    audit: audit!.n,
    messages: made!.messages,
    funnel: funnel!.n,
  };
}

/**
 * The operator's billing settings and a tax invoice for every paid period (docs/PRODUCT.md "Tax invoices"), issued on
 * the business day it was paid, numbered per financial year (April to March) in that order as "SP/25-26/00001", the
 * hotel in the operator's state (CGST + SGST at 9 % each), every party detail copied as an issued invoice holds it.
 */
async function loadInvoices() {
  await exec(`
    insert into billing_settings (id, legal_name, address, gstin, state_code, sac_code, tax_rate, invoice_prefix,
                                  signatory_name)
    values (1, 'StayPerks Hospitality Services Pvt Ltd', '4th Floor, Patto Plaza, Panaji, Goa 403001', '30AABCS1234F1Z5',
            '30', '998599', 18, 'SP', 'Bench Signatory')`);
  await exec(`
    create temp table bench_invoices as
    select p.*, row_number() over (partition by fy order by p.paid_at, p.id)::int as serial
      from (select sp.id, sp.hotel_id, sp.from_date, sp.to_date, sp.amount, sp.paid_at, sp.is_renewal,
                   (sp.paid_at at time zone ${tz})::date as issued_on, h.name, h.address, d.name as duration,
                   extract(year from (sp.paid_at at time zone ${tz})::date - interval '3 months')::int as fy
              from subscription_periods sp join hotels h on h.id = sp.hotel_id
              join subscription_durations d on d.id = sp.subscription_duration_id
             where sp.amount > 0) p`);
  await exec(`
    insert into invoices (kind, number, financial_year, serial, issued_on, issued_at, hotel_id, period_id, supplier_name,
                          supplier_address, supplier_gstin, supplier_state_code, signatory_name, recipient_name,
                          recipient_address, recipient_state_code, sac_code, description, period_from, period_to,
                          taxable_value, tax_rate, cgst, sgst, igst, total)
    select 'invoice', 'SP/' || lpad((fy % 100)::text, 2, '0') || '-' || lpad(((fy + 1) % 100)::text, 2, '0') || '/'
             || lpad(serial::text, 5, '0'), fy, serial, issued_on, paid_at, hotel_id, id,
           'StayPerks Hospitality Services Pvt Ltd', '4th Floor, Patto Plaza, Panaji, Goa 403001', '30AABCS1234F1Z5',
           '30', 'Bench Signatory', name, address, '30', '998599',
           'StayPerks guest perks programme, ' || case when is_renewal then 'subscription renewal' else 'subscription' end
             || ' (' || duration || '): ' || to_char(from_date, 'DD Mon YYYY') || ' to ' || to_char(to_date, 'DD Mon YYYY'),
           from_date, to_date, amount, 18, round(amount * 0.09, 2), round(amount * 0.09, 2), 0,
           amount + 2 * round(amount * 0.09, 2)
      from bench_invoices order by paid_at, id`);
  await exec(`
    insert into invoice_counters (kind, financial_year, last_serial)
    select 'invoice', fy, max(serial) from bench_invoices group by fy`);
}

/**
 * What hotels paid (docs/PRODUCT.md "Payments"), as migration 0040 records periods made before payments were kept: every
 * period paid more than 30 days before the dataset's end is paid in full (one payment of its invoice's total, on its
 * day) and settled; the last month's stay unpaid, so the dashboard's unpaid figure reads a realistic few from the
 * partial index rather than every period of ten seasons.
 */
async function loadPayments() {
  await exec(`
    with recent as (select max(paid_at) - interval '30 days' as since from subscription_periods)
    insert into period_payments (period_id, hotel_id, method, amount, paid_on, recorded_by, created_at)
    select sp.id, sp.hotel_id, 'before_tracking', coalesce(i.total, sp.amount), (sp.paid_at at time zone ${tz})::date,
           'bench', sp.paid_at
      from subscription_periods sp
      left join invoices i on i.period_id = sp.id and i.kind = 'invoice'
     where sp.amount > 0 and sp.paid_at < (select since from recent)`);
  await exec(`
    update subscription_periods set settled_at = paid_at
     where amount = 0 or paid_at < (select max(paid_at) - interval '30 days' from subscription_periods)`);
}

/**
 * The staff devices signed in now (docs/SECURITY.md "Sessions"; ended and expired ones are deleted daily): a hotel's
 * login on one device, a merchant's owner on two (the counter phone and another), last seen within the week.
 */
async function loadSessions() {
  await exec(`
    insert into sessions (user_id, label, created_at, last_seen_at, expires_at)
    select user_id, (${sqlArray(DEVICE_LABELS)})[1 + (n + k) % ${DEVICE_LABELS.length}], seen - interval '20 days', seen,
           seen + interval '8 days'
      from (select u.user_id, u.n, k, now() - random() * interval '7 days' as seen
              from (select h.user_id, h.n, 1 as devices from bench_hotels h join hotels x on x.id = h.id where x.is_active
                    union all select user_id, n, 2 from bench_merchants) u,
                   generate_series(1, u.devices) k) s
     order by seen`);
}

async function loadReviews() {
  // Hotels with a place id: one Google snapshot a day (07:00) for the last 60 days, weekly before that.
  await exec(`
    insert into review_snapshots (hotel_id, fetched_at, total_reviews, rating)
    select h.id, (t.d + time '07:00') at time zone ${tz},
           (200 + floor(h.r1 * 2500) + floor((span - t.ago) * (0.2 + h.r2 * 2)))::int,
           round(least(5, 3.6 + h.r1 * 1.3 + 0.05 * sin(t.ago / 20.0))::numeric, 2)
      from (select *, least(540, ${day(0)} - start_date) as span from bench_hotels where tracks_reviews) h,
           lateral (select ${day(0)} - g as d, g as ago from generate_series(0, 59) g
                    union all select ${day(0)} - g, g from generate_series(60, h.span, 7) g) t
     where (t.d + time '07:00') at time zone ${tz} <= now()`);
}

// Run right after rebuildDerived: every counter is still one row (shard 0), so plain reads are the totals.
async function createLogins() {
  const [top] = await rows<{ id: string }>(
    db,
    'select merchant_id as id from merchant_stats order by coupons desc limit 1',
  );
  const [median] = await rows<{ id: string }>(
    db,
    `select merchant_id as id from merchant_stats order by coupons offset (select count(*) / 2 from merchant_stats) limit 1`,
  );
  const [quiet] = await rows<{ id: string }>(
    db,
    'select merchant_id as id from merchant_stats where coupons > 0 order by coupons limit 1',
  );
  const [busyHotel] = await rows<{ id: string }>(
    db,
    'select hotel_id as id from hotel_stats order by scans desc limit 1',
  );
  const logins: Omit<NewLogin, 'password'>[] = [
    { username: BENCH_LOGINS.superadmin, userType: 'superadmin', role: 'superadmin', fullName: 'Bench Admin' },
    { username: BENCH_LOGINS.merchant, userType: 'merchant', merchantId: top!.id },
    { username: BENCH_LOGINS.merchantMedian, userType: 'merchant', merchantId: median!.id },
    { username: BENCH_LOGINS.merchantQuiet, userType: 'merchant', merchantId: quiet!.id },
    { username: BENCH_LOGINS.hotel, userType: 'hotel', hotelId: busyHotel!.id },
  ];
  for (const login of logins) await createLogin(db, { ...login, password: BENCH_PASSWORD });
  return { top: top!.id, median: median!.id, quiet: quiet!.id, busyHotel: busyHotel!.id };
}

async function printSummary(logins: Awaited<ReturnType<typeof createLogins>>) {
  const count = async (table: string) =>
    Number((await rows<{ n: string }>(db, `select count(*) as n from ${table}`))[0]!.n);
  const tables = [
    'locations',
    'merchant_types',
    'hotels',
    'subscription_periods',
    'merchants',
    'offers',
    'customer_scans',
    'coupons',
    'review_snapshots',
    'funnel_events',
    'audit_events',
    'messages',
    'users',
    'sessions',
    'invoices',
    'period_payments',
    'hotel_daily_stats',
  ];
  console.log('\nMade:');
  for (const table of tables) console.log(`  ${table.padEnd(22)} ${int(await count(table)).padStart(12)}`);
  const [redeemed] = await rows<{ share: string }>(
    db,
    'select round(100.0 * sum(redemptions) / sum(coupons), 1) as share from merchant_stats',
  );
  const [active] = await rows<{ n: string }>(
    db,
    `select count(*) as n from hotels where is_active and subscription_end >= ${day(0)}`,
  );
  const [busiest] = await rows<{ scans: number; quietest: number }>(
    db,
    'select max(scans) as scans, min(scans) as quietest from hotel_stats',
  );
  const merchant = async (id: string) =>
    (
      await rows<{ coupons: number; redemptions: number }>(
        db,
        `select coupons, redemptions from merchant_stats where merchant_id = '${id}'`,
      )
    )[0]!;
  const top = await merchant(logins.top);
  console.log(`  coupons redeemed       ${redeemed?.share} %`);
  console.log(
    `  active hotels          ${active?.n}; scans per hotel from ${busiest?.quietest} to ${int(Number(busiest?.scans))}`,
  );
  console.log(`\nLogins (password ${BENCH_PASSWORD}):`);
  console.log(`  ${BENCH_LOGINS.superadmin.padEnd(22)} super admin`);
  console.log(
    `  ${BENCH_LOGINS.merchant.padEnd(22)} merchant with the most coupons: ${int(top.coupons)} (${int(top.redemptions)} redeemed)`,
  );
  console.log(
    `  ${BENCH_LOGINS.merchantMedian.padEnd(22)} merchant with the median count: ${int((await merchant(logins.median)).coupons)} coupons`,
  );
  console.log(
    `  ${BENCH_LOGINS.merchantQuiet.padEnd(22)} merchant with the fewest: ${int((await merchant(logins.quiet)).coupons)} coupons`,
  );
  console.log(`  ${BENCH_LOGINS.hotel.padEnd(22)} the busiest hotel`);
  console.log(`  bench-h<n>, bench-m<n>             every hotel's and merchant's own login (same password)`);
  const [size] = await rows<{ size: string }>(
    db,
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  const biggest = await rows<{ name: string; size: string }>(
    db,
    `select c.relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
      order by pg_total_relation_size(c.oid) desc limit 8`,
  );
  console.log(`\nDisk: ${size?.size} in all (pg_database_size); the biggest tables with their indexes:`);
  for (const t of biggest) console.log(`  ${t.name.padEnd(22)} ${t.size.padStart(12)}`);
}
