/**
 * npm run db:rebuild-derived: recounts every derived table (docs/DATA.md) from the base tables, for bulk loads,
 * restores and repairs. Uses DATABASE_URL, else the PGlite database in DATA_DIR (the server must be stopped then).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rebuildDerived, syncBusinessTimeZone, type RebuildProgress } from '../src/server/db/derived';
import { loadConfig } from '../src/server/platform/env';
import { rowsOf } from '../src/server/db/rows';
import { withConfiguredDatabase } from './lib/configured-database';

// DATA_DIR stays owner-only (docs/OPERATING.md, "Files at rest").
process.umask(0o077);
const config = loadConfig();
await withConfiguredDatabase(config, async (db) => {
  const started = performance.now();
  // Each step as it ends: what it wrote, its rows, its time and the time so far (docs/OPERATING.md "Bulk paths").
  let step = 0;
  const progress: RebuildProgress = ({ name, rows, ms }) =>
    console.log(
      `  ${String(++step).padStart(2)}. ${name.padEnd(40)} ${(rows === null ? '-' : rows.toLocaleString('en-US')).padStart(12)} rows ` +
        `${(ms / 1000).toFixed(1).padStart(7)} s   (${((performance.now() - started) / 1000).toFixed(0)} s so far)`,
    );
  console.log('Rebuilding the derived tables in one transaction (readers see the old figures until it commits):');
  // A changed APP_TIMEZONE is stored first, so the days are those the server will use.
  if (!(await syncBusinessTimeZone(db, config.timeZone, progress))) await rebuildDerived(db, progress);
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
