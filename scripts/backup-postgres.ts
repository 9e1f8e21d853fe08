/** The PostgreSQL side of backups and restores: the client tools and one connection (docs/OPERATING.md). */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { run, runTool, UsageError } from './backup-archive';

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
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
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

/** Runs pg_dump or pg_restore against the database, its password passed out of sight (pgConnection). */
export function runPgTool(path: string, databaseUrl: string, args: string[]): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  return runTool(path, [`--dbname=${url}`, ...args], env);
}
