import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import type { Config } from '../../src/server/platform/env';
import { lockDataDir, secureDataDir } from '../../src/server/platform/lib/data-dir-lock';

/**
 * A command's run on the server's database (docs/OPERATING.md): DATABASE_URL, else the PGlite database in DATA_DIR,
 * locked against a running server and left owner-only ("Files at rest"). Migrated first; closed whatever happens.
 * Call process.umask(0o077) before, as the server does.
 */
export async function withConfiguredDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pgdata') });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
    if (!config.databaseUrl) secureDataDir(config.dataDir); // PGlite writes some files 0666 whatever the umask
    release();
  }
}

/** A command's failure said in one line (the message names what to do), and a failing exit code. */
export function reportFailure(error: unknown): void {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
