/** The PGlite side of backups and restores: the DATA_DIR lock and opening its database (docs/OPERATING.md). */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from '../src/server/lib/data-dir-lock';
import { UsageError } from './backup-archive';

/**
 * Takes the DATA_DIR lock for a backup or restore (none may start a server meanwhile) and returns its release. A
 * running server holds it: the lock's message is reworded for these scripts.
 */
export function lockStoppedDataDir(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `${reason}\nA PGlite DATA_DIR (${dataDir}) can only be backed up or restored while the StayPerks server using it is stopped.`,
    );
  }
}

/** Opens a PGlite data directory with the extensions the app's migrations use (pg_trgm), as the server does. */
export function openPglite(dataDir: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { pg_trgm } });
}
