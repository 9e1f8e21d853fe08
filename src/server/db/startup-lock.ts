import type pg from 'pg';

/** pg_advisory_lock key for start-up: any fixed 64-bit number the app uses for nothing else. */
const STARTUP_LOCK = 7_301_106_002;

/**
 * Runs `work` (migrations and start-up data) holding a PostgreSQL session advisory lock, so servers started at
 * once on one database do it one after another: the first migrates and seeds, the others find it done.
 * Without a pool (PGlite: one server, held by the DATA_DIR lock file) it just runs.
 */
export async function withStartupLock<T>(pool: pg.Pool | undefined, work: () => Promise<T>): Promise<T> {
  if (!pool) return work();
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    // Closing the connection would release the lock too; a failed unlock drops the connection instead.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => (broken = true));
    client.release(broken);
  }
}
