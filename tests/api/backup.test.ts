import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { ensureReferenceData } from '../../src/server/modules/subscriptions/reference-data';
import { rowsOf } from '../../src/server/db/rows';
import { DatabaseStorage } from '../../src/server/platform/storage/database-storage';
import { DiskStorage } from '../../src/server/platform/storage/disk-storage';
import type { FileStorage } from '../../src/server/platform/storage/storage';
import { createTempDatabase, insertAdminUser, insertHotel, type TempDatabase } from '../support';
import { PDF_BYTES, PNG_BYTES } from '../support/hotel-factories';
import { scanAt } from '../support/insight-factories';
import { insertOffer } from '../support/offer-factories';

/**
 * npm run backup / npm run restore as an operator runs them (the real scripts in child processes): data with scans,
 * coupons and uploaded files is backed up, restored into a fresh place, and every table's rows, every sequence and
 * every file must come back the same. Restore refuses a place that holds data unless --force.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL || undefined;
/** Each case runs the scripts several times (a few seconds each, more on a busy 2-core machine). */
const SCRIPT_TIMEOUT = 180_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      // Only what the case gives: no DATABASE_URL or DATA_DIR leaks in from the environment.
      { cwd: root, env: { ...withoutDatabaseEnv(process.env), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function withoutDatabaseEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = env;
  return rest;
}

/** Rows of the kind the product makes: a login, hotels with an uploaded logo and contract, an offer, scans with coupons. */
async function makeData(db: Db, storage: FileStorage) {
  await ensureReferenceData(db);
  await insertAdminUser(db, 'superadmin');
  const logo = '11111111-1111-4111-8111-111111111111.png';
  const contract = '22222222-2222-4222-8222-222222222222.pdf';
  await storage.save('hotels', logo, PNG_BYTES);
  await storage.save('hotels', contract, PDF_BYTES);
  const hotel = await insertHotel(db, {
    logoUrl: `/uploads/hotels/${logo}`,
    contractUrl: `/uploads/hotels/${contract}`,
  });
  const offer = await insertOffer(db);
  await scanAt(db, {
    hotelId: hotel.id,
    scanDate: '2026-03-01T10:00:00Z',
    coupons: [{ offer, redeemed: true }, { offer }],
  });
  await scanAt(db, { hotelId: hotel.id, scanDate: '2026-03-02T10:00:00Z', mobile: '9000000002', coupons: [{ offer }] });
}

/** Every table's rows (all schemas but the system ones) and every sequence's position, in a comparable form. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ s: string; t: string }>(
    await db.execute(sql`select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
  );
  const sequences = rowsOf<{ s: string; t: string }>(
    await db.execute(
      sql`select sequence_schema as s, sequence_name as t from information_schema.sequences order by 1, 2`,
    ),
  );
  const out: Record<string, string[]> = {};
  const normal = (value: unknown): unknown =>
    value instanceof Uint8Array
      ? `bytes:${Buffer.from(value).toString('base64')}`
      : value instanceof Date
        ? value.toISOString()
        : value;
  for (const { s, t } of tables) {
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(`select * from "${s}"."${t}"`)));
    out[`${s}.${t}`] = rows.map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, normal(v)]))).sort();
  }
  for (const { s, t } of sequences) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql.raw(`select last_value, is_called from "${s}"."${t}"`)),
    );
    out[`sequence ${s}.${t}`] = rows.map((row) => JSON.stringify(row));
  }
  return out;
}

/** Every file under `dir`: relative path → base64 content. */
function filesUnder(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = readFileSync(path).toString('base64');
  }
  return out;
}

async function withDatabase<T>(
  options: Parameters<typeof openDatabase>[0],
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('PGlite: DATA_DIR database and uploads', () => {
  let dir: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stayperks-backup-'));
    await mkdir(join(dir, 'src'));
    before = await withDatabase({ dataDir: join(dir, 'src', 'pgdata') }, async ({ db, migrate }) => {
      await migrate();
      await makeData(db, new DiskStorage(join(dir, 'src', 'uploads')));
      return snapshot(db);
    });
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'refuses to back up while a server holds the DATA_DIR lock',
    async () => {
      // The lock file names a live process (this test runner), as a running server's would.
      writeFileSync(join(dir, 'src', 'server.lock'), String(process.pid));
      try {
        const refused = await runScript('backup', [join(dir, 'refused.tar')], { DATA_DIR: join(dir, 'src') });
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain(`Another StayPerks server (pid ${process.pid}) is using`);
        expect(refused.stderr).toContain('while the StayPerks server using it is stopped');
        expect(existsSync(join(dir, 'refused.tar'))).toBe(false);
      } finally {
        await rm(join(dir, 'src', 'server.lock'), { force: true });
      }
    },
    SCRIPT_TIMEOUT,
  );

  it(
    'backs up, restores into an empty DATA_DIR with every row and file, and refuses a non-empty one unless --force',
    async () => {
      const archive = join(dir, 'backup.tar');
      const backup = await runScript('backup', [archive], { DATA_DIR: join(dir, 'src') });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('2 uploaded file(s)');

      const target = join(dir, 'restored');
      const restore = await runScript('restore', [archive], { DATA_DIR: target });
      expect(restore.code, restore.stderr).toBe(0);
      // Owner-only files and folders, whatever the archive recorded (checked before this test opens the database).
      const loose = readdirSync(target, { recursive: true, withFileTypes: true }).filter(
        (e) => (statSync(join(e.parentPath, e.name)).mode & 0o077) !== 0,
      );
      expect(loose.map((e) => e.name)).toEqual([]);
      expect(filesUnder(join(target, 'uploads'))).toEqual(filesUnder(join(dir, 'src', 'uploads')));
      expect(Object.keys(filesUnder(join(target, 'uploads')))).toHaveLength(2);
      expect(await withDatabase({ dataDir: join(target, 'pgdata') }, ({ db }) => snapshot(db))).toEqual(before);
      expect(before['public.coupons']).toHaveLength(3);

      const again = await runScript('restore', [archive], { DATA_DIR: target });
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('Refusing to restore');
      expect(again.stderr).toContain('--force');

      // Changed after the restore; --force puts the backup back exactly.
      await withDatabase({ dataDir: join(target, 'pgdata') }, ({ db }) =>
        db.execute(sql`delete from coupons where is_redeemed = false`),
      );
      const forced = await runScript('restore', [archive, '--force'], { DATA_DIR: target });
      expect(forced.code, forced.stderr).toBe(0);
      expect(await withDatabase({ dataDir: join(target, 'pgdata') }, ({ db }) => snapshot(db))).toEqual(before);
    },
    SCRIPT_TIMEOUT,
  );
});

describe.skipIf(!adminUrl)('PostgreSQL: pg_dump with the uploads inside', () => {
  let source: TempDatabase;
  let target: TempDatabase;
  let dir: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stayperks-backup-pg-'));
    source = await createTempDatabase(adminUrl!);
    target = await createTempDatabase(adminUrl!);
    before = await withDatabase({ databaseUrl: source.url }, async ({ db, migrate }) => {
      await migrate();
      await makeData(db, new DatabaseStorage(db));
      return snapshot(db);
    });
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'backs up, restores into an empty database with every row (files included), and refuses a non-empty one unless --force',
    async () => {
      const archive = join(dir, 'backup.tar');
      const backup = await runScript('backup', [archive], { DATABASE_URL: source.url });
      expect(backup.code, backup.stderr).toBe(0);

      const restore = await runScript('restore', [archive], { DATABASE_URL: target.url });
      expect(restore.code, restore.stderr).toBe(0);
      const after = await withDatabase({ databaseUrl: target.url }, ({ db }) => snapshot(db));
      expect(after).toEqual(before);
      expect(before['public.stored_files']).toHaveLength(2);
      expect(before['public.coupons']).toHaveLength(3);

      const again = await runScript('restore', [archive], { DATABASE_URL: target.url });
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('Refusing to restore: the database is not empty');
      expect(again.stderr).toContain('--force');

      await withDatabase({ databaseUrl: target.url }, ({ db }) => db.execute(sql`delete from stored_files`));
      const forced = await runScript('restore', [archive, '--force'], { DATABASE_URL: target.url });
      expect(forced.code, forced.stderr).toBe(0);
      expect(await withDatabase({ databaseUrl: target.url }, ({ db }) => snapshot(db))).toEqual(before);
    },
    SCRIPT_TIMEOUT,
  );

  it(
    'refuses a file that is not a backup, and a PGlite backup (which goes into DATA_DIR)',
    async () => {
      const junk = join(dir, 'junk.tar');
      writeFileSync(junk, 'not a tar file');
      const notBackup = await runScript('restore', [junk], { DATABASE_URL: target.url });
      expect(notBackup.code).not.toBe(0);
      expect(notBackup.stderr).toContain('is not a StayPerks backup');

      writeFileSync(
        join(dir, 'manifest.json'),
        JSON.stringify({ format: 'stayperks-backup', version: 1, kind: 'pglite', createdAt: new Date().toISOString() }),
      );
      execFileSync('tar', ['-cf', join(dir, 'pglite.tar'), '-C', dir, 'manifest.json']);
      const wrongKind = await runScript('restore', [join(dir, 'pglite.tar')], { DATABASE_URL: target.url });
      expect(wrongKind.code).not.toBe(0);
      expect(wrongKind.stderr).toContain(
        'This backup is of an embedded PGlite database: restore it with DATABASE_URL unset',
      );
    },
    SCRIPT_TIMEOUT,
  );
});
