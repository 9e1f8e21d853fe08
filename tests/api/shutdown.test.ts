import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { coupons } from '../support/tables';
import { createTempDatabase, insertMerchantLogin, type TempDatabase } from '../support';
import { insertCouponFor, insertOffer } from '../support/offer-factories';
import { acceptsConnections, eventually, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Shutdown (docs/OPERATING.md): on SIGTERM the real server stops taking connections, lets the
 * request in flight finish, then closes the database and exits 0. The request is held in flight without any
 * test hook: another connection holds a row lock on the coupon, so the redemption's UPDATE waits for it.
 * PostgreSQL only (PGlite is one process; nothing else can hold a lock).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('SIGTERM with a redemption in flight', () => {
  let temp: TempDatabase;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let database: Database;
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    temp = await createTempDatabase(adminUrl!, 'sp_shutdown');
    dataDir = await mkdtemp(join(tmpdir(), 'stayperks-shutdown-'));
    server = await startServerProcess({ DATABASE_URL: temp.url, DATA_DIR: dataDir });
    database = await openDatabase({ databaseUrl: temp.url });
  }, 120_000);
  afterAll(async () => {
    await locker?.end().catch(() => {});
    await server?.stop();
    await database?.close();
    await temp?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the redemption with 200, refuses new connections meanwhile, and exits 0', async () => {
    const merchant = await insertMerchantLogin(database.db);
    const offer = await insertOffer(database.db, { merchantId: merchant.merchantId! });
    const { coupon } = await insertCouponFor(database.db, offer);
    const login = await fetch(`${server!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: merchant.username, password: merchant.password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    locker = new pg.Client({ connectionString: temp.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from coupons where id = $1 for update', [coupon.id]);

    const redemption = fetch(`${server!.url}/api/merchant/redeem-voucher`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ voucher_code: coupon.code }),
    });
    await eventually(
      async () =>
        (
          await locker!.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rowCount === 1,
      'the redemption to wait for the row lock',
    );

    server!.child.kill('SIGTERM');
    await server!.waitFor((r) => r.msg === 'shutting down', 'the shutdown line');
    expect(await acceptsConnections(server!.port)).toBe(false);
    expect(server!.child.exitCode).toBeNull(); // still waiting for the redemption

    await locker.query('commit');
    const res = await redemption;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success', coupon_code: coupon.code });

    expect(await server!.exited).toBe(0);
    const records = server!.records();
    expect(records.find((r) => r.msg === 'request' && r.route === '/api/merchant/redeem-voucher')).toMatchObject({
      status: 200,
      userId: merchant.id,
    });
    expect(records.at(-1)).toMatchObject({ msg: 'stopped', code: 0 });
    const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.isRedeemed).toBe(true);
    expect(row!.redeemedAt).toBeInstanceOf(Date);
  }, 60_000);
});
