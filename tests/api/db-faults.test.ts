import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { SERVICE_UNAVAILABLE } from '../../src/shared/constants';
import { addDays } from '../../src/shared/dates';
import { createTestContext, insertMerchantLogin, type TestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { findPostgresBin, startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { businessToday, insertCouponFor, insertOffer } from '../support/offer-factories';
import {
  eventually,
  SERVER_ADMIN,
  serverAdminToken,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';

/**
 * Database faults (docs/OPERATING.md "Database faults and the health check"): while PostgreSQL is unreachable every API
 * call answers 503 with one plain message (never 500, never a crash), /api/health fails, and everything recovers by
 * itself. PostgreSQL only: PGlite lives inside the process and cannot be cut off.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const pgBin = findPostgresBin();
const UNAVAILABLE = { detail: SERVICE_UNAVAILABLE };

let mobiles = 0;
const nextMobile = () => `97${String(10_000_000 + ++mobiles * 7919).slice(-8)}`;

/** A hotel guests can scan at, with two offers, in `db`. */
async function scanSetup(db: Db) {
  const today = businessToday();
  const { hotel } = await insertSubscribedHotel(db, { from: addDays(today, -30), months: 12 });
  const merchant = await insertMerchantLogin(db, { merchant: { locationId: hotel.locationId } });
  const offers = [
    await insertOffer(db, { merchantId: merchant.merchantId! }),
    await insertOffer(db, { merchantId: merchant.merchantId! }),
  ];
  const submission = () => ({
    hotel_id: hotel.id,
    customer_name: 'Asha Rao',
    mobile_number: nextMobile(),
    checkout_date: addDays(today, 2),
    consent: true,
    selected_offers: offers.map((o) => o.id),
  });
  return { hotel, merchant, offers, submission };
}

/**
 * What a cut-off write must never leave: a guest scan without its coupons (every submission here picks two offers;
 * any scan at all needs one), or a coupon marked redeemed without a time (or the reverse).
 */
async function halfWritten(db: Db) {
  const result = await db.execute(sql`
    select
      (select count(*)::int from customer_scans s
        where (select count(*) from coupons c where c.scan_id = s.id) <> case when s.customer_name = 'Asha Rao' then 2 else 1 end) as scans,
      (select count(*)::int from coupons where is_redeemed <> (redeemed_at is not null)) as coupons`);
  return (result as { rows: { scans: number; coupons: number }[] }).rows[0];
}

describe.skipIf(!adminUrl)('every server connection terminated (pg_terminate_backend)', () => {
  let t: TestContext;
  let admin: pg.Client;
  let setup: Awaited<ReturnType<typeof scanSetup>>;
  let merchantToken: string;
  const terminateAll = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );

  beforeAll(async () => {
    t = await createTestContext();
    admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    setup = await scanSetup(t.db);
    merchantToken = await t.tokenFor(setup.merchant.username, setup.merchant.password);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const redeem = (code: string) =>
    t.request('POST', '/api/merchant/redeem-voucher', { token: merchantToken, json: { voucher_code: code } });

  it('a request whose query is cut off answers 503 with the plain message, and the next one works', async () => {
    const { coupon } = await insertCouponFor(t.db, setup.offers[0]!, { hotelId: setup.hotel.id });
    // Hold the redemption's UPDATE on a row lock so its connection is surely busy when it is terminated.
    await admin.query('begin');
    await admin.query('select 1 from coupons where id = $1 for update', [coupon.id]);
    const pending = redeem(coupon.code);
    await eventually(
      async () =>
        (
          await admin.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rowCount === 1,
      'the redemption to wait for the lock',
    );
    await terminateAll();
    await admin.query('rollback');

    const cut = await pending;
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual(UNAVAILABLE);
    expect(cut.headers.get('Retry-After')).toBe('5');
    // The pool drops its terminated connections as their errors arrive; the counter's wrong-code limit may already
    // have opened a fresh one (its point given back after the cut): wait for a live connection, not an empty pool.
    await eventually(
      () =>
        t.pool!.query('select 1').then(
          () => true,
          () => false,
        ),
      'the pool to give a live connection',
    );

    const again = await redeem(coupon.code);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('success');
  });

  it.each([
    ['location', '/api/locations', 'locations'],
    ['merchant type', '/api/merchant-types', 'merchant_types'],
  ])(
    'a %s create cut off while it waits on its unique name answers 503, not 409; the next one works',
    async (_, path, table) => {
      const token = await t.tokenAs('superadmin');
      const name = `Clash ${table}`;
      // An open transaction holds the same name, so the create waits on it when its connection is terminated.
      await admin.query('begin');
      await admin.query(`insert into ${table} (name) values ($1)`, [name]);
      const pending = t.request('POST', path, { token, json: { name } });
      await eventually(
        async () =>
          (
            await admin.query(
              `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rowCount === 1,
        'the create to wait on the name',
      );
      await terminateAll();
      await admin.query('rollback');

      const cut = await pending;
      expect(cut.status).toBe(503);
      expect(cut.body).toEqual(UNAVAILABLE);
      // The idle connections were terminated too; the pool drops each when its termination is read (a request that
      // meets one first gets one more 503). Then the next create works.
      await eventually(() => Promise.resolve(t.pool!.idleCount === 0), 'the pool to drop its terminated connections');
      expect((await t.request('POST', path, { token, json: { name } })).status).toBe(201);
      expect((await t.request('POST', path, { token, json: { name } })).status).toBe(409);
    },
  );

  it('a burst of requests cut off in the middle answers only 2xx or 503, leaves no half-written scan, and recovers', async () => {
    const token = await t.tokenAs('superadmin');
    let finished = 0;
    const track = <T>(p: Promise<T>) => p.finally(() => void finished++);
    const requests: Promise<{ status: number; body: unknown }>[] = [];
    for (let i = 0; i < 25; i++) {
      requests.push(track(t.request('POST', '/api/customer-scans', { json: setup.submission() })));
      requests.push(track(t.request('GET', '/api/auth/me', { token })));
      requests.push(track(t.request('GET', '/api/hotels', { token })));
    }
    await eventually(() => Promise.resolve(finished >= 10), 'the first requests to finish');
    await terminateAll();
    await eventually(() => Promise.resolve(finished >= 40), 'more requests to finish');
    await terminateAll();

    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    for (const r of results.filter((r) => r.status === 503)) expect(r.body).toEqual(UNAVAILABLE);

    await eventually(async () => (await t.request('GET', '/api/health')).status === 200, 'health to recover');
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await t.request('POST', '/api/customer-scans', { json: setup.submission() })).status).toBe(201);
    expect(await halfWritten(t.db)).toEqual({ scans: 0, coupons: 0 });
  });
});

const ownPgReason = !adminUrl
  ? 'PostgreSQL runs only'
  : !pgBin
    ? 'skipped: no initdb/pg_ctl under /usr/lib/postgresql/*/bin'
    : '';
describe.skipIf(Boolean(ownPgReason))(
  `PostgreSQL stopped and started under a running server ${ownPgReason ? `(${ownPgReason})` : ''}`,
  () => {
    let own: OwnPostgres;
    let server: ServerProcess;
    let database: Database;
    let dataDir: string;

    beforeAll(async () => {
      own = await startOwnPostgres(pgBin!);
      dataDir = await mkdtemp(join(tmpdir(), 'stayperks-faults-'));
      server = await startServerProcess({ DATABASE_URL: own.url, DATA_DIR: dataDir });
      database = await openDatabase({ databaseUrl: own.url });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await database?.close().catch(() => {});
      await own?.destroy();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function call(method: string, path: string, options: { token?: string; json?: unknown } = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      if (options.json !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
      });
      return {
        status: res.status,
        body: (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined,
      };
    }

    it('answers 503 while it is down, stays alive, and serves again once it is back, without a restart', async () => {
      const setup = await scanSetup(database.db);
      const login = await call('POST', '/api/auth/login', { json: SERVER_ADMIN });
      expect(login.status).toBe(200);
      const token = login.body!.access_token as string;
      expect((await call('GET', '/api/health')).status).toBe(200);
      expect((await call('POST', '/api/customer-scans', { json: setup.submission() })).status).toBe(201);

      // Guests keep submitting while the database stops.
      const burst = Array.from({ length: 10 }, () => call('POST', '/api/customer-scans', { json: setup.submission() }));
      await own.stop();
      const during = await Promise.all(burst);
      expect(during.map((r) => r.status).filter((s) => s !== 201 && s !== 503)).toEqual([]);

      await eventually(async () => (await call('GET', '/api/health')).status === 503, 'health to fail');
      expect((await call('GET', '/api/health')).body).toEqual({ status: 'unavailable', detail: SERVICE_UNAVAILABLE });
      for (const [method, path, options] of [
        ['GET', '/api/auth/me', { token }],
        ['GET', '/api/hotels', { token }],
        ['POST', '/api/auth/login', { json: SERVER_ADMIN }],
        ['POST', '/api/customer-scans', { json: setup.submission() }],
        ['GET', `/api/customer-scans/check/${setup.hotel.id}/${nextMobile()}`, {}],
      ] as const) {
        const res = await call(method, path, options);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 503, body: UNAVAILABLE });
      }
      expect(server.child.exitCode).toBeNull();

      await own.start();
      await eventually(async () => (await call('GET', '/api/health')).status === 200, 'health to recover');
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
      expect((await call('POST', '/api/customer-scans', { json: setup.submission() })).status).toBe(201);

      expect(await halfWritten(database.db)).toEqual({ scans: 0, coupons: 0 });
      const requestLines = server.records().filter((r) => r.msg === 'request');
      expect(requestLines.filter((r) => r.status === 500)).toEqual([]);
      expect(server.records().some((r) => r.msg === 'database unavailable')).toBe(true);
    }, 120_000);

    it('cuts off an export it has begun when the database stops, stays alive, and exports again once it is back', async () => {
      const { hotel } = await scanSetup(database.db);
      // More CSV than the sockets between server and client can hold (32 MB, 16 MB gzipped: hex text does not shrink
      // much), so the server is still reading batches from the database when it stops: the client reads nothing until
      // then.
      await database.db.execute(sql`
        insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
        select ${hotel.id}, 'Export guest ' || n || ' ' || (select string_agg(md5(n || '.' || k), '') from generate_series(1, 60) k),
          '9000000000', current_date, now()
        from generate_series(1, 16000) n`);
      const token = await serverAdminToken(server.url);
      const download = (acceptEncoding: string) =>
        fetch(`${server.url}/api/customer-scans/export`, {
          headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': acceptEncoding },
        });
      const readAll = async (res: Response) => (await res.arrayBuffer()).byteLength;

      const plain = await download('identity');
      const zipped = await download('gzip');
      expect([plain.status, zipped.status]).toEqual([200, 200]);
      await own.stop();
      // Headers are sent, so it cannot turn into a 503: the file ends short and the client sees the transfer fail.
      await expect(readAll(plain)).rejects.toThrow();
      await expect(readAll(zipped)).rejects.toThrow();
      expect(server.child.exitCode).toBeNull();
      await eventually(async () => (await call('GET', '/api/health')).status === 503, 'health to fail');

      await own.start();
      await eventually(async () => (await call('GET', '/api/health')).status === 200, 'health to recover');
      const again = await download('gzip');
      expect(again.status).toBe(200);
      expect((await again.text()).split('Export guest ').length - 1).toBe(16000);
      expect(server.records().filter((r) => r.msg === 'request' && r.status === 500)).toEqual([]);
      expect(server.records().some((r) => r.msg === 'export cut off')).toBe(true);
      expect(await server.stop()).toBe(0);
    }, 180_000);
  },
);
