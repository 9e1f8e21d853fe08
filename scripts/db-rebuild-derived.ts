/**
 * npm run db:rebuild-derived: recounts every derived table (docs/DATA.md) from the base tables, for bulk loads,
 * restores and repairs. Uses DATABASE_URL, else the PGlite database in DATA_DIR (the server must be stopped then).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rebuildDerived, syncBusinessTimeZone } from '../src/server/db/derived';
import { loadConfig } from '../src/server/platform/env';
import { rowsOf } from '../src/server/db/rows';
import { withConfiguredDatabase } from './lib/configured-database';

// DATA_DIR stays owner-only (docs/OPERATING.md, "Files at rest").
process.umask(0o077);
const config = loadConfig();
await withConfiguredDatabase(config, async (db) => {
  const started = performance.now();
  // A changed APP_TIMEZONE is stored first, so the days are those the server will use.
  if (!(await syncBusinessTimeZone(db, config.timeZone))) await rebuildDerived(db);
  const [counts] = rowsOf<{ days: number; hotels: number; merchants: number }>(
    await db.execute(sql`
      select (select count(*) from hotel_daily_stats)::int as days, (select count(*) from hotel_stats)::int as hotels,
        (select count(*) from merchant_stats)::int as merchants`),
  );
  console.log(
    `Rebuilt the derived tables in ${Math.round(performance.now() - started)} ms: ` +
      `${counts!.days} hotel-days, ${counts!.hotels} hotels, ${counts!.merchants} merchants (business time zone ${config.timeZone}).`,
  );
});
