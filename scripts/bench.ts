/**
 * npm run bench: builds a large dataset and prints how long the hot endpoints take, and how much JavaScript the
 * guest page loads. Figures only, never assertions. Runs on in-memory PGlite, or on PostgreSQL with
 * BENCH_DATABASE_URL=postgres://…/postgres (a temporary database is created and dropped).
 *
 *   npm run bench                 # 40,000 scans by default
 *   BENCH_SCANS=100000 npm run bench
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { ensureReferenceData } from '../src/server/db/reference-data';
import { loadConfig } from '../src/server/env';
import { createLogin } from '../src/server/modules/users/users.service';
import { DiskStorage } from '../src/server/storage/disk-storage';
import { addDays, todayIn } from '../src/shared/dates';
import { createTempDatabase } from '../tests/support/pg';

const SCANS = Number(process.env.BENCH_SCANS ?? 40_000);
const adminUrl = process.env.BENCH_DATABASE_URL;
const dataDir = await mkdtemp(join(tmpdir(), 'stayperks-bench-'));
const temp = adminUrl ? await createTempDatabase(adminUrl, 'sp_bench') : undefined;
const database = await openDatabase(temp ? { databaseUrl: temp.url } : { dataDir: 'memory://' });
await database.migrate();
const db = database.db;
await ensureReferenceData(db);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: temp?.url });
const app = createApp({ db, config, jwtSecret: 'bench-secret-0123456789abcdef0123456789', storage: new DiskStorage(join(dataDir, 'uploads')), readiness: { ready: true } });
const today = todayIn(config.timeZone);

console.log(`StayPerks bench on ${database.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'}: ${SCANS.toLocaleString('en-IN')} scans`);

// ---- Dataset, made by SQL (generate_series) so it takes seconds, not minutes ----
let t0 = performance.now();
await db.execute(sql`insert into locations (name) select 'Town ' || g from generate_series(1, 8) g`);
await db.execute(sql`insert into merchant_types (name) select 'Type ' || g from generate_series(1, 8) g`);
await db.execute(sql`
  insert into hotels (name, location_id, address, contact_number, contact_person, subscription_duration_id, subscription_end, subscription_revenue)
  select 'Hotel ' || g, 1 + g % 8, 'Road ' || g, '9800000000', 'Desk', (select id from subscription_durations where months = 12),
         ${addDays(today, 200)}::date, 10000 from generate_series(1, 200) g`);
await db.execute(sql`
  insert into subscription_periods (hotel_id, subscription_duration_id, from_date, to_date, amount, paid_at)
  select h.id, h.subscription_duration_id, ${addDays(today, -165)}::date, h.subscription_end, 10000 + (row_number() over ()) % 7 * 1000,
         now() - ((row_number() over ()) % 300) * interval '1 day' from hotels h`);
await db.execute(sql`
  insert into merchants (name, merchant_type_id, location_id, contact_number, address)
  select 'Merchant ' || g, 1 + g % 8, 1 + g % 8, '9700000000', 'Street ' || g from generate_series(1, 400) g`);
await db.execute(sql`
  insert into offers (merchant_id, offer_name, offer_type, offer_value, validity_from, validity_to)
  select m.id, 'Offer ' || k || ' of ' || m.name, 'percentage', 10 + k, ${addDays(today, -30)}::date, ${addDays(today, 90)}::date
  from merchants m, generate_series(1, 4) k`);
await db.execute(sql`
  insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
  select h.id, 'Guest ' || g, (9000000000 + g)::text, ${addDays(today, -400)}::date + (g % 420),
         now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute'
  from generate_series(1, ${SCANS}) g join (select id, row_number() over (order by id) as n from hotels) h on h.n = 1 + g % 200`);
await db.execute(sql`
  insert into coupons (scan_id, offer_id, merchant_id, code, is_redeemed, redeemed_at)
  select s.id, o.id, o.merchant_id, 'B' || lpad((row_number() over ())::text, 7, '0'), (k = 1), case when k = 1 then s.scan_date + interval '1 day' end
  from customer_scans s
  cross join generate_series(1, 2) k
  join lateral (select id, merchant_id from offers order by id offset (abs(hashtext(s.id::text || k)) % 1600) limit 1) o on true`);
await db.execute(sql`analyze`);
console.log(`dataset built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// ---- Logins ----
await createLogin(db, { username: 'bench-admin', password: 'bench-password', userType: 'superadmin', role: 'superadmin' });
const loginRes = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bench-admin', password: 'bench-password' }) });
const token = ((await loginRes.json()) as { access_token: string }).access_token;
const auth = { Authorization: `Bearer ${token}` };
/** Rows of a raw query (PGlite and pg both answer { rows }). */
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const [{ id: hotelId } = { id: '' }] = await rowsOf<{ id: string }>(sql`select id from hotels order by id limit 1`);

// ---- Timing ----
async function time(label: string, runs: number, request: (i: number) => Response | Promise<Response>) {
  const samples: number[] = [];
  let status = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    samples.push(performance.now() - start);
    status = res.status;
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))]!;
  console.log(`${label.padEnd(52)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   (${runs} runs, HTTP ${status})`);
}

const get = (path: string, headers: Record<string, string> = {}) => () => app.request(path, { headers });
console.log('');
await time('POST /api/auth/login (argon2id verify)', 10, () =>
  app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bench-admin', password: 'bench-password' }) }),
);
await time('GET /api/hotels/{id} (guest)', 50, get(`/api/hotels/${hotelId}`));
await time('GET /api/offers?hotel_id= (guest, ~200 offers)', 30, get(`/api/offers?hotel_id=${hotelId}`));
await time('GET /api/customer-scans/check/{hotel}/{mobile}', 50, (i) => app.request(`/api/customer-scans/check/${hotelId}/${8000000000 + i}`));
const [offer] = await rowsOf<{ id: string }>(sql`select o.id from offers o join merchants m on m.id = o.merchant_id join hotels h on h.location_id = m.location_id where h.id = ${hotelId} limit 1`);
await time('POST /api/customer-scans (issue 1 voucher)', 30, (i) =>
  app.request('/api/customer-scans', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hotel_id: hotelId, customer_name: 'Bench', mobile_number: String(7000000000 + i), checkout_date: addDays(today, 1), selected_offers: [offer!.id] }),
  }),
);
// A merchant redeeming unredeemed codes at the counter (the atomic UPDATE), then the same code again.
const [seller] = await rowsOf<{ merchant_id: string }>(sql`select merchant_id from coupons where not is_redeemed group by merchant_id order by count(*) desc limit 1`);
await createLogin(db, { username: 'bench-merchant', password: 'bench-password', userType: 'merchant', merchantId: seller!.merchant_id });
const merchantLogin = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bench-merchant', password: 'bench-password' }) });
const merchantAuth = { Authorization: `Bearer ${((await merchantLogin.json()) as { access_token: string }).access_token}`, 'Content-Type': 'application/json' };
const codes = await rowsOf<{ code: string }>(sql`select code from coupons where merchant_id = ${seller!.merchant_id} and not is_redeemed limit 30`);
await time('POST /api/merchant/redeem-voucher (success)', codes.length, (i) =>
  app.request('/api/merchant/redeem-voucher', { method: 'POST', headers: merchantAuth, body: JSON.stringify({ voucher_code: codes[i]!.code.toLowerCase() }) }),
);
await time('POST /api/merchant/redeem-voucher (already redeemed)', codes.length, (i) =>
  app.request('/api/merchant/redeem-voucher', { method: 'POST', headers: merchantAuth, body: JSON.stringify({ voucher_code: codes[i]!.code }) }),
);
await time('GET /api/merchant/dashboard', 20, get('/api/merchant/dashboard', merchantAuth));
await time('GET /api/merchant/my-customers', 10, get('/api/merchant/my-customers', merchantAuth));
await time('GET /api/customer-scans?limit=50 (newest page)', 20, get('/api/customer-scans?limit=50', auth));
await time('GET /api/customer-scans?limit=50&offset=20000', 10, get('/api/customer-scans?limit=50&offset=20000', auth));
await time('GET /api/customer-scans?search=Guest 12&location_id=3', 10, get('/api/customer-scans?search=Guest%2012&location_id=3&limit=50', auth));
await time('GET /api/dashboard/superadmin', 10, get('/api/dashboard/superadmin', auth));
await time('GET /api/reports/monthly-revenue', 10, get('/api/reports/monthly-revenue', auth));
await time('GET /api/reviews/hotel-details', 10, get(`/api/reviews/hotel-details?month=${today.slice(0, 7)}`, auth));
await time('GET /api/hotels (200 hotels)', 10, get('/api/hotels', auth));
await time('GET /api/merchants (400 merchants)', 10, get('/api/merchants', auth));

await database.close();
await temp?.drop();
await rm(dataDir, { recursive: true, force: true });

// ---- The guest page's JavaScript ----
console.log('');
if (existsSync('dist/web/.vite/manifest.json') && !process.argv.includes('--rebuild')) {
  execFileSync('npx', ['tsx', 'scripts/size.ts', '--no-build'], { stdio: 'inherit' });
} else {
  execFileSync('npx', ['tsx', 'scripts/size.ts'], { stdio: 'inherit' });
}
