/** The PGlite side of backups and restores: the DATA_DIR lock (docs/OPERATING.md); openPglite is the server's. */
import { lockDataDir } from '../src/server/platform/lib/data-dir-lock';
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
