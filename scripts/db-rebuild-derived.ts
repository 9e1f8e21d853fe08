/**
 * npm run db:rebuild-derived: recounts every derived table (docs/DATA.md) from the base tables, for bulk loads,
 * restores and repairs. Uses DATABASE_URL, else the PGlite database in DATA_DIR (the server must be stopped then).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { rebuildDerived, syncBusinessTimeZone } from '../src/server/db/derived';
import { loadConfig } from '../src/server/platform/env';
import { rowsOf } from '../src/server/db/rows';
import { lockDataDir, secureDataDir } from '../src/server/platform/lib/data-dir-lock';

// DATA_DIR stays owner-only (docs/OPERATING.md, "Files at rest").
process.umask(0o077);
const config = loadConfig();
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pgdata') });
try {
  await database.migrate();
  const started = performance.now();
  // A changed APP_TIMEZONE is stored first, so the days are those the server will use.
  if (!(await syncBusinessTimeZone(database.db, config.timeZone))) await rebuildDerived(database.db);
  const [counts] = rowsOf<{ days: number; hotels: number; merchants: number }>(
    await database.db.execute(sql`
      select (select count(*) from hotel_daily_stats)::int as days, (select count(*) from hotel_stats)::int as hotels,
        (select count(*) from merchant_stats)::int as merchants`),
  );
  console.log(
    `Rebuilt the derived tables in ${Math.round(performance.now() - started)} ms: ` +
      `${counts!.days} hotel-days, ${counts!.hotels} hotels, ${counts!.merchants} merchants (business time zone ${config.timeZone}).`,
  );
} finally {
  await database.close();
  if (!config.databaseUrl) secureDataDir(config.dataDir); // PGlite writes some files 0666 whatever the umask
  release();
}
