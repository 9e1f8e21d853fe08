import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/platform/app';
import { createGuestEventQueue } from '../../src/server/modules/funnel/event-batches';
import type { AppDeps } from '../../src/server/platform/context';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { syncBusinessTimeZone } from '../../src/server/db/derived';
import { ensureReferenceData } from '../../src/server/modules/subscriptions/reference-data';
import { loadConfig, type Config } from '../../src/server/platform/env';
import { DatabaseStorage } from '../../src/server/platform/storage/database-storage';
import { DiskStorage } from '../../src/server/platform/storage/disk-storage';
import type { AdminRole, MerchantRole } from '../../src/shared/constants';
import {
  insertAdminUser,
  insertHotel,
  insertHotelLogin,
  insertLocation,
  insertMerchant,
  insertMerchantLogin,
  insertStaffLogin,
  insertMerchantType,
  insertOwnerLogin,
} from './factories';
import { createTempDatabase, type TempDatabase } from './pg';

/** The JWT secret every test app signs with, so tests can forge tokens (expired, tampered) with hono/jwt. */
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789abcdef';

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as a JSON body with Content-Type application/json. */
  json?: unknown;
  /** A raw body (malformed JSON, FormData for uploads); set Content-Type in `headers` when needed. */
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  /** Parsed JSON when the response is JSON, else the text. `any` so tests can read fields directly. */
  body: any;
  text: string;
  headers: Headers;
}

export interface TestContextOptions {
  /** Extra environment for loadConfig, e.g. { GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:1234' }. */
  env?: Record<string, string | undefined>;
}

/**
 * A fresh, migrated database (in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set)
 * with reference data but no demo data, and the real app built on it. Call `close()` in afterAll.
 */
export async function createTestContext(options: TestContextOptions = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'stayperks-test-'));
  let temp: TempDatabase | undefined;
  let database: Database | undefined;
  try {
    temp = adminUrl ? await createTempDatabase(adminUrl) : undefined;
    database = await openDatabase(temp ? { databaseUrl: temp.url } : { dataDir: 'memory://' });
    await database.migrate();
    await ensureReferenceData(database.db);
  } catch (error) {
    await database?.close().catch(() => {});
    await temp?.drop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const config: Config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: temp?.url, ...options.env });
  const db: Db = database.db;
  await syncBusinessTimeZone(db, config.timeZone);
  // As src/server/platform/index.ts wires it: on PostgreSQL uploads and rate limits live in the database.
  const storage = database.pool ? new DatabaseStorage(db) : new DiskStorage(join(dataDir, 'uploads'));
  const deps: AppDeps = {
    db,
    config,
    jwtSecret: TEST_JWT_SECRET,
    storage,
    rateLimitStore: database.pool,
    readiness: { ready: true },
    guestEvents: createGuestEventQueue({ db, timeZone: config.timeZone }),
  };
  const app = createApp(deps);
  const opened = database;

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const headers = new Headers(opts.headers);
    if (opts.token) headers.set('Authorization', `Bearer ${opts.token}`);
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('Content-Type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  /** Logs in through the API and returns the access token (fails the test if login fails). */
  async function tokenFor(username: string, password: string): Promise<string> {
    const res = await request('POST', '/api/auth/login', { json: { username, password } });
    if (res.status !== 200) throw new Error(`Login as ${username} failed: ${res.status} ${res.text}`);
    return res.body.access_token as string;
  }

  /** Creates a login of the given kind and returns its token, for role checks. */
  async function tokenAs(kind: AdminRole | 'hotel' | 'merchant'): Promise<string> {
    const login =
      kind === 'hotel'
        ? await insertHotelLogin(db)
        : kind === 'merchant'
          ? await insertMerchantLogin(db)
          : await insertAdminUser(db, kind);
    return tokenFor(login.username, login.password);
  }

  /** The token of a new login for the existing hotel or merchant `ownerId` (so role tests add no rows to figures). */
  async function ownerToken(kind: 'hotel' | 'merchant', ownerId: string): Promise<string> {
    const login = await insertOwnerLogin(db, kind, ownerId);
    return tokenFor(login.username, login.password);
  }

  let closed = false;
  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    try {
      await deps.guestEvents!.stop().catch(() => {});
      await opened.close();
    } finally {
      await temp?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  return {
    app,
    db,
    deps,
    config,
    kind: opened.kind,
    /** The pg pool behind `db` (PostgreSQL only), for tests of broken connections. */
    pool: opened.pool,
    request,
    tokenFor,
    close,
    /** Writes the guest events queued so far (they are written in batches, a moment after their request). */
    flushGuestEvents: () => deps.guestEvents!.flush(),

    // Rows (straight into the database).
    createLocation: (values?: Parameters<typeof insertLocation>[1]) => insertLocation(db, values),
    createMerchantType: (values?: Parameters<typeof insertMerchantType>[1]) => insertMerchantType(db, values),
    createHotel: (values?: Parameters<typeof insertHotel>[1]) => insertHotel(db, values),
    createMerchant: (values?: Parameters<typeof insertMerchant>[1]) => insertMerchant(db, values),

    // Logins (the password is in the result; pass it to tokenFor).
    createAdminUser: (role: AdminRole = 'superadmin', opts?: Parameters<typeof insertAdminUser>[2]) =>
      insertAdminUser(db, role, opts),
    createHotelLogin: (opts?: Parameters<typeof insertHotelLogin>[1]) => insertHotelLogin(db, opts),
    createMerchantLogin: (opts?: Parameters<typeof insertMerchantLogin>[1]) => insertMerchantLogin(db, opts),
    createStaffLogin: (merchantId: string, role: MerchantRole, opts?: Parameters<typeof insertStaffLogin>[3]) =>
      insertStaffLogin(db, merchantId, role, opts),

    tokenAs,
    ownerToken,

    /**
     * One token for each kind of caller (a fresh login each), for role checks. With `owners`, the hotel and
     * merchant logins are made for that hotel and that merchant (for screens that show their own data).
     */
    async tokensByRole(owners?: { hotelId: string; merchantId: string }) {
      const [superadmin, admin, manager, hotel, merchant] = await Promise.all([
        tokenAs('superadmin'),
        tokenAs('admin'),
        tokenAs('manager'),
        owners ? ownerToken('hotel', owners.hotelId) : tokenAs('hotel'),
        owners ? ownerToken('merchant', owners.merchantId) : tokenAs('merchant'),
      ]);
      return { superadmin, admin, manager, hotel, merchant };
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
