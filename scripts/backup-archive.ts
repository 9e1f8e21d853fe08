/**
 * The archive format shared by scripts/backup.ts and scripts/restore.ts (docs/OPERATING.md, "Backups and restore");
 * the database side is in backup-postgres.ts and backup-pglite.ts.
 *
 * A backup is ONE plain tar file (written with the system's `tar`, present on every Debian/Ubuntu/macOS machine):
 *   manifest.json       what the archive holds (kind, versions, time)
 *   database.pgdump     PostgreSQL: pg_dump's custom format (uploads are in the stored_files table, so inside it)
 *   pgdata.tar.gz       PGlite: its data-directory dump (PGlite's dumpDataDir)
 *   uploads/…           PGlite: DATA_DIR/uploads as it is
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { ConfigError } from '../src/server/platform/env';

export const ARCHIVE_FORMAT = 'stayperks-backup';

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  kind: 'postgres' | 'pglite';
  createdAt: string;
  /** PostgreSQL: the server's major version and the pg_dump that wrote it. */
  serverMajor?: number;
  pgDump?: string;
  /** PGlite: the @electric-sql/pglite version (a data directory is only readable by a compatible PGlite). */
  pglite?: string;
  uploads?: number;
}

/** A message for the operator: printed alone, without a stack trace, and the script exits with status 1. */
export class UsageError extends Error {}

/** Runs a script's main; a usage or configuration mistake prints its message alone, anything else in full. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error instanceof UsageError || error instanceof ConfigError ? `\n${error.message}\n` : error);
    process.exit(1);
  });
}

export const run = promisify(execFile);

/**
 * Runs a command, streaming its stderr to ours (or, with `onLine`, handing each stderr line to it); rejects with its
 * exit status.
 */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  onLine?: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', onLine ? 'pipe' : 'inherit'] });
    if (onLine && child.stderr) {
      let rest = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
      child.stderr.on('end', () => rest && onLine(rest));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new UsageError(`${command} ${args[0] ?? ''} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export async function tar(args: string[]): Promise<void> {
  try {
    await run('tar', args);
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new UsageError('The `tar` command was not found. Install it (Debian: apt-get install tar).');
    throw new UsageError(`tar failed: ${e.stderr?.trim() || e.message}`);
  }
}

/** Number of files under `dir` (0 when it does not exist). */
export function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
