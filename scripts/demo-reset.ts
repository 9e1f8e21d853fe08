/**
 * npm run demo:reset: empties the demo database and loads the demo data again, as the first `npm start` did: the
 * embedded PGlite database and uploads in DATA_DIR, or the DATABASE_URL database (its uploads are inside it).
 * Refuses with NODE_ENV=production, while a server uses the database, and a database that does not hold the demo
 * data (a real one: production never loads demo data, so it has no demo super admin).
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../src/server/platform/bootstrap';
import { openDatabase, type Database } from '../src/server/db/client';
import { DEMO_LOGINS } from '../src/server/demo/demo-logins';
import { type Config, loadConfig } from '../src/server/platform/env';
import { rowsOf } from '../src/server/db/rows';
import { lockDataDir, secureDataDir } from '../src/server/platform/lib/data-dir-lock';
import { DatabaseStorage } from '../src/server/platform/storage/database-storage';
import { DiskStorage } from '../src/server/platform/storage/disk-storage';
import type { FileStorage } from '../src/server/platform/storage/storage';
import { runScript, UsageError } from './backup-archive';

const STOP_FIRST = 'stop the server first (Ctrl-C where it runs), then run npm run demo:reset again.';

/** The whole reset for this configuration; answers what it did, for the terminal. */
export async function resetDemo(config: Config): Promise<string> {
  if (config.production)
    throw new UsageError('npm run demo:reset deletes every record: it refuses to run with NODE_ENV=production.');
  return config.databaseUrl ? resetPostgres(config, config.databaseUrl) : resetPglite(config, resolve(config.dataDir));
}

async function resetPglite(config: Config, dataDir: string): Promise<string> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const running = /^(Another StayPerks server .* is using .*)\. Stop it first/.exec(reason);
    throw new UsageError(running ? `${running[1]}: ${STOP_FIRST}` : reason);
  }
  const database = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
  try {
    const uploads = join(dataDir, 'uploads');
    return await reloadDemo(database, config, new DiskStorage(uploads), dataDir, () =>
      rmSync(uploads, { recursive: true, force: true }),
    );
  } finally {
    await database.close();
    secureDataDir(dataDir); // PGlite writes some files 0666 whatever the umask
    release();
  }
}

async function resetPostgres(config: Config, databaseUrl: string): Promise<string> {
  const where = `the database ${new URL(databaseUrl).pathname.slice(1)}`;
  // A server keeps connections open; so does anything else using the database.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (rows[0]!.n > 0) throw new UsageError(`${rows[0]!.n} other connection(s) use ${where}: ${STOP_FIRST}`);
  } finally {
    await client.end();
  }
  const database = await openDatabase({ databaseUrl });
  try {
    return await reloadDemo(database, config, new DatabaseStorage(database.db), where);
  } finally {
    await database.close();
  }
}

/**
 * Drops everything the migrations made (tables, functions, the pg_trgm extension, and the migrations' own record in
 * the drizzle schema), then migrates and loads the demo data as a first start does. `clearUploads` empties the
 * uploads kept beside the database (PGlite's DATA_DIR/uploads).
 */
export async function reloadDemo(
  database: Database,
  config: Config,
  storage: FileStorage,
  where: string,
  clearUploads: () => void = () => {},
): Promise<string> {
  await refuseUnlessDemo(database, where);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
  clearUploads();
  await database.migrate();
  const result = await bootstrap(database.db, config, storage);
  return `${result.seededDemo ? 'Demo data reloaded' : 'Emptied'} in ${where}. Start the server (npm start) for the demo logins.`;
}

/** A database with logins but not the demo super admin is someone's real data: it is left alone. */
async function refuseUnlessDemo({ db }: Database, where: string): Promise<void> {
  const [table] = rowsOf<{ found: boolean }>(
    await db.execute(sql`select to_regclass('public.users') is not null as found`),
  );
  if (!table?.found) return;
  const [count] = rowsOf<{ logins: number; demo: number }>(
    await db.execute(sql`
      select count(*)::int as logins,
        (count(*) filter (where lower(username) = ${DEMO_LOGINS.superadmin.username} and user_type = 'superadmin'))::int as demo
      from users`),
  );
  if (count!.logins > 0 && count!.demo === 0)
    throw new UsageError(
      `Refusing to reset ${where}: it holds logins but not the demo super admin "${DEMO_LOGINS.superadmin.username}", ` +
        'so it is not demo data. demo:reset only replaces demo data.',
    );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // DATA_DIR stays owner-only (docs/OPERATING.md, "Files at rest").
  process.umask(0o077);
  runScript(async () => console.log(await resetDemo(loadConfig())));
}
