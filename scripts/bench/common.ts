import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { lockDataDir } from '../../src/server/platform/lib/data-dir-lock';
import type { Target } from './target';

/** The logins `npm run bench:data` creates and `npm run bench` signs in with (benchmark data only). */
export const BENCH_PASSWORD = 'bench-password-2024';
export const BENCH_LOGINS = {
  superadmin: 'bench-admin',
  /** The merchant with the most coupons (thousands): dashboard, My Customers, redemption. */
  merchant: 'bench-merchant',
  merchantMedian: 'bench-merchant-median',
  merchantQuiet: 'bench-merchant-quiet',
  hotel: 'bench-hotel',
} as const;

/** `--name value` or `--name=value` from the command line. */
export function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i]!.startsWith(`--${name}=`)) return args[i]!.slice(name.length + 3);
  }
  return undefined;
}
export const hasFlag = (name: string) => process.argv.slice(2).includes(`--${name}`);

/** Opens the target's database the way the server does (PGlite: DATA_DIR/pgdata, with pg_trgm). */
export function openTarget(target: Target): Promise<Database> {
  return openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: join(target.dataDir!, 'pgdata') },
  );
}

/** Opens the target for `work` and closes it; PGlite's folder is locked meanwhile (one process at a time). */
export async function withTarget<T>(target: Target, work: (db: Db) => Promise<T>): Promise<T> {
  const release = target.dataDir ? lockDataDir(target.dataDir) : () => {};
  try {
    const database = await openTarget(target);
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** Rows of a raw query (PGlite and node-postgres both answer { rows }). */
export async function rows<T>(db: Db, query: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const int = (n: number) => Math.round(n).toLocaleString('en-US');
