import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite files must be opened by one process only (docs/OPERATING.md, "Several servers behind a load balancer"). A lock
 * file holding our pid refuses a second server; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `Another StayPerks server (pid ${pid}) is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * DATA_DIR holds the database files (password hashes, guests' numbers) and uploads: owner-only, folders 0700 and
 * files 0600 (docs/OPERATING.md, "Files at rest"). The server sets umask 077 so what it creates is owner-only;
 * this fixes what was there before, and the files PGlite writes from its template with mode 0666. Symlinks
 * are left alone. Does nothing when the folder does not exist.
 */
export function secureDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== mode) chmodSync(path, mode);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dataDir);
}
