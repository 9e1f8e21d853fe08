import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDemo, reloadDemo } from '../../scripts/demo-reset';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DEMO_LOGINS } from '../../src/server/demo/demo-logins';
import { hotels, locations, users } from '../support/tables';
import { loadConfig } from '../../src/server/platform/env';
import { DatabaseStorage } from '../../src/server/platform/storage/database-storage';
import { DiskStorage } from '../../src/server/platform/storage/disk-storage';
import { createTempDatabase, insertAdminUser, insertLocation, type TempDatabase } from '../support';

/**
 * npm run demo:reset (scripts/demo-reset.ts): empties the demo database and loads the demo data again; never in
 * production, never while a server uses the database, never over data that is not the demo's.
 */
const adminUrl = process.env.TEST_DATABASE_URL || undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'stayperks-demo-reset-'));
let temp: TempDatabase | undefined;
let database: Database;

beforeAll(async () => {
  temp = adminUrl ? await createTempDatabase(adminUrl, 'sp_reset') : undefined;
  database = await openDatabase(temp ? { databaseUrl: temp.url } : { dataDir: 'memory://' });
  await database.migrate();
}, 60_000);

afterAll(async () => {
  await database?.close();
  await temp?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: temp?.url, ...env });
const reload = () =>
  reloadDemo(
    database,
    config(),
    temp ? new DatabaseStorage(database.db) : new DiskStorage(join(dataDir, 'uploads')),
    'the test database',
  );

describe('npm run demo:reset', () => {
  it('refuses to run with NODE_ENV=production', async () => {
    await expect(
      resetDemo(config({ NODE_ENV: 'production', PUBLIC_URL: 'https://stayperks.example' })),
    ).rejects.toThrow(/refuses to run with NODE_ENV=production/);
  });

  it('refuses while a server uses the database: stop the server first', async () => {
    if (!temp) {
      // A running server holds DATA_DIR's lock with its pid (here a live process that is not this one).
      writeFileSync(join(dataDir, 'server.lock'), String(process.ppid));
      await expect(resetDemo(config())).rejects.toThrow(/is using .*: stop the server first/);
      rmSync(join(dataDir, 'server.lock'));
      expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    } else {
      // This test's own connection is open, as a server's would be.
      await database.db.select().from(users);
      await expect(resetDemo(config())).rejects.toThrow(/other connection\(s\) use .*: stop the server first/);
    }
  });

  it('leaves a database that is not the demo data alone', async () => {
    const owner = await insertAdminUser(database.db, 'superadmin');
    await expect(reload()).rejects.toThrow(/not demo data/);
    expect(await database.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    await database.db.delete(users).where(eq(users.id, owner.id));
  });

  it('empties the demo database and loads the demo data again', async () => {
    await insertAdminUser(database.db, 'superadmin', { username: DEMO_LOGINS.superadmin.username });
    await insertLocation(database.db, { name: 'Added while trying the demo' });

    expect(await reload()).toBe(
      'Demo data reloaded in the test database. Start the server (npm start) for the demo logins.',
    );
    const names = (await database.db.select({ name: locations.name }).from(locations)).map((row) => row.name);
    expect(names).not.toContain('Added while trying the demo');
    const usernames = (await database.db.select({ username: users.username }).from(users)).map((row) => row.username);
    expect(usernames).toEqual(expect.arrayContaining(Object.values(DEMO_LOGINS).map((login) => login.username)));
    expect(await database.db.select().from(hotels)).not.toHaveLength(0);
  });
});
