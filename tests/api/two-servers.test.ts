import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DEMO_LOGINS } from '../../src/server/demo/demo-logins';
import { appSettings, jobRuns } from '../support/tables';
import { currentSlot, REVIEW_REFRESH_JOB, runSlot } from '../../src/server/modules/reviews/review-refresh.job';
import { createTempDatabase, insertHotel, insertLocation, type TempDatabase } from '../support';
import { freePort } from '../support/free-port';
import { PNG_BYTES, uploadForm } from '../support/hotel-factories';
import { startFakePlaces } from '../support/insight-factories';

/**
 * Two real server processes (src/server/platform/index.ts) started at the same moment on one PostgreSQL database, neither
 * given JWT_SECRET, each with its own DATA_DIR: they must behave as one product (docs/OPERATING.md).
 * PostgreSQL only: PGlite is one server by design.
 */
const adminUrl = process.env.TEST_DATABASE_URL || undefined;

interface Server {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: string[];
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'stayperks-two-'));
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    JWT_SECRET: '',
    GOOGLE_PLACES_API_KEY: '',
    WEB_DIR: '',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/platform/index.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  return { url: `http://127.0.0.1:${port}`, dataDir, child, output };
}

async function waitHealthy(server: Server): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (server.child.exitCode !== null)
      throw new Error(`Server exited (${server.child.exitCode}):\n${server.output.join('')}`);
    const ok = await fetch(`${server.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not become healthy:\n${server.output.join('')}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

async function login(server: Server, username: string, password: string, cookie?: string) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe.skipIf(!adminUrl)('two servers on one PostgreSQL', () => {
  let temp: TempDatabase;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    temp = await createTempDatabase(adminUrl!);
    // Started together on an empty database: one migrates and seeds the demo data, the other waits and finds it done.
    [a, b] = await Promise.all([startServer(temp.url), startServer(temp.url)]);
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
  }, 150_000); // two real servers starting on a busy 2-core machine

  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
    await temp?.drop();
  });

  it('a token signed by one server is accepted by the other: the generated secret is in the database, not in DATA_DIR', async () => {
    const { superadmin } = DEMO_LOGINS;
    const signedIn = await login(a, superadmin.username, superadmin.password);
    expect(signedIn.status).toBe(200);
    const me = await fetch(`${b.url}/api/auth/me`, {
      headers: { Authorization: `Bearer ${signedIn.body.access_token}` },
    });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(superadmin.username);

    expect(existsSync(join(a.dataDir, 'jwt-secret')) || existsSync(join(b.dataDir, 'jwt-secret'))).toBe(false);
    const database = await openDatabase({ databaseUrl: temp.url });
    try {
      const rows = await database.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.value.length).toBeGreaterThanOrEqual(32);
    } finally {
      await database.close();
    }
  });

  it('a file uploaded through one server is served by the other', async () => {
    const token = (await login(b, DEMO_LOGINS.superadmin.username, DEMO_LOGINS.superadmin.password)).body.access_token;
    const uploaded = await fetch(`${a.url}/api/merchant-types/upload-thumbnail`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: uploadForm(PNG_BYTES, 'thumb.png', 'image/png'),
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/merchant_types\/[0-9a-f-]{36}\.png$/);

    const served = await fetch(`${b.url}/api/files/${url.slice('/uploads/'.length)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    // Stored re-encoded (docs/SECURITY.md, Headers and files): the same 1 x 1 PNG, not the same bytes.
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
  });

  it('failed logins counted through one server lock the account on the other, but not for a device that signed in before', async () => {
    const { manager } = DEMO_LOGINS;
    // The owner's phone signed in through server b before the attack: its device cookie.
    const before = await login(b, manager.username, manager.password);
    expect(before.status).toBe(200);
    const device = before.headers.getSetCookie()[0]!.split(';')[0]!;
    for (let i = 0; i < 5; i++) {
      const failed = await login(i % 2 ? b : a, manager.username, `wrong-${i}`);
      expect(failed.status).toBe(401);
    }
    for (const server of [a, b]) {
      const blocked = await login(server, manager.username, manager.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.detail).toMatch(
        /^Too many failed sign-in attempts for this account\. Try again in 1 minute\.$/,
      );
      expect(Date.parse(blocked.body.locked_until)).toBeGreaterThan(Date.now());
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(30);
      // The owner's device is known to both servers (the same signing key).
      expect((await login(server, manager.username, manager.password, device)).status).toBe(200);
    }
  });

  it('a review refresh slot runs once when two servers try it at the same moment', async () => {
    const places = await startFakePlaces();
    // Two app instances of their own (each its own pool), as the two servers' timers would be.
    const databases: Database[] = [
      await openDatabase({ databaseUrl: temp.url }),
      await openDatabase({ databaseUrl: temp.url }),
    ];
    try {
      const location = await insertLocation(databases[0]!.db);
      const hotel = await insertHotel(databases[0]!.db, {
        locationId: location.id,
        googlePlaceId: 'two-servers-place',
      });
      const config = { timeZone: 'Asia/Kolkata', googlePlacesApiKey: 'k', googlePlacesBaseUrl: places.baseUrl };
      const slot = currentSlot(config.timeZone, new Date());
      const runs = await Promise.all(
        databases.map((d, i) => runSlot({ db: d.db, config, serverId: `server-${i}` }, slot)),
      );

      expect(runs.filter((r) => r.ran)).toHaveLength(1);
      expect(runs.find((r) => r.ran)).toMatchObject({ refreshed: expect.any(Number), failed: 0 });
      expect(places.requests.filter((r) => r.path === `/v1/places/${hotel.googlePlaceId}`)).toHaveLength(1);
      const claims = await databases[0]!.db.select().from(jobRuns).where(eq(jobRuns.job, REVIEW_REFRESH_JOB));
      expect(claims).toEqual([expect.objectContaining({ slot: slot.key, finishedAt: expect.any(Date) })]);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await places.close();
    }
  });
});
