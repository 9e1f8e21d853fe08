/**
 * Shared by scripts/backup.ts and scripts/restore.ts (docs/OPERATING.md, "Backups and restore").
 *
 * A backup is ONE plain tar file (written with the system's `tar`, present on every Debian/Ubuntu/macOS machine):
 *   manifest.json       what the archive holds (kind, versions, time)
 *   database.pgdump     PostgreSQL: pg_dump's custom format (uploads are in the stored_files table, so inside it)
 *   pgdata.tar.gz       PGlite: its data-directory dump (PGlite's dumpDataDir)
 *   uploads/…           PGlite: DATA_DIR/uploads as it is
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ConfigError } from '../src/server/env';

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

const run = promisify(execFile);

/** Runs a command, streaming its stderr to ours; rejects with its exit status. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
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

/**
 * A PostgreSQL tool (pg_dump, pg_restore) for a server of major version `serverMajor`: the same major when
 * installed, else the newest one found in /usr/lib/postgresql/<n>/bin and PATH (a newer pg_dump reads older servers).
 */
export async function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  serverMajor: number,
): Promise<{ path: string; major: number }> {
  const found: { path: string; major: number }[] = [];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const dir of readdirSync(root)) {
      const path = join(root, dir, 'bin', name);
      if (/^\d+$/.test(dir) && existsSync(path)) found.push({ path, major: Number(dir) });
    }
  }
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    const path = join(dir, name);
    if (!existsSync(path) || found.some((f) => f.path === path)) continue;
    const major = await toolMajor(path);
    if (major) found.push({ path, major });
  }
  if (!found.length) {
    throw new UsageError(
      `${name} was not found (PATH or /usr/lib/postgresql/*/bin). Install the PostgreSQL client, e.g. apt-get install postgresql-client-${serverMajor}.`,
    );
  }
  return found.find((f) => f.major === serverMajor) ?? found.sort((a, b) => b.major - a.major)[0]!;
}

async function toolMajor(path: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(path, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL without its password, and an environment carrying it as PGPASSWORD: the password never appears in a
 * command line (where `ps` would show it to other users of the machine).
 */
export function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs `work` with one connection to the database. */
export async function withPgClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: Error) => {
    throw new UsageError(`Could not connect to DATABASE_URL: ${error.message}`);
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: number }>(`select current_setting('server_version_num')::int as v`);
  return Math.floor(rows[0]!.v / 10_000);
}

/** How many tables, views and sequences the database holds outside the system schemas (0: empty). */
export async function countUserRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`);
  return rows[0]!.n;
}

/** Number of files under `dir` (0 when it does not exist). */
export function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** The DATA_DIR lock message, reworded for these scripts. */
export function serverRunningMessage(dataDir: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${reason}\nA PGlite DATA_DIR (${dataDir}) can only be backed up or restored while the StayPerks server using it is stopped.`;
}
