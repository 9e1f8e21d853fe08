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
export function runPgTool(
  path: string,
  databaseUrl: string,
  args: string[],
  onLine?: (line: string) => void,
  sessionOptions?: string,
): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  if (sessionOptions) env.PGOPTIONS = `${env.PGOPTIONS ?? ''} ${sessionOptions}`.trim();
  return runTool(path, [`--dbname=${url}`, ...args], env, onLine);
}

/**
 * pg_restore with progress (docs/OPERATING.md "Bulk paths"): its --verbose lines for the steps that take time (a
 * table's data, an index, a constraint) numbered among the dump's entries with the time so far, the others counted
 * quietly; every 15 s, from a connection of its own, the rows copied so far into the table being loaded or the blocks
 * of the index being built (pg_stat_progress_copy and pg_stat_progress_create_index, PostgreSQL 14 and later).
 */
export async function pgRestoreWithProgress(path: string, databaseUrl: string, dump: string, args: string[]) {
  const { stdout } = await run(path, ['--list', dump], { maxBuffer: 64 * 1024 * 1024 });
  const entries = stdout.split('\n').filter((line) => line.trim() && !line.startsWith(';')).length;
  const started = Date.now();
  const clock = () => `[${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s]`;
  let step = 0;
  const onLine = (line: string) => {
    const match = /^pg_restore: (creating|processing|executing) (.*)$/.exec(line);
    if (!match) {
      if (line.trim() && !line.startsWith('pg_restore: ')) console.error(line);
      else if (/error|warning/i.test(line)) console.error(line);
      return;
    }
    step++;
    if (/^(processing data|creating (INDEX|CONSTRAINT|FK CONSTRAINT))/.test(`${match[1]} ${match[2]}`))
      console.log(`${clock()} ${String(step).padStart(4)}/${entries} ${match[1]} ${match[2]!.replaceAll('"', '')}`);
  };
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  const poll = setInterval(() => {
    watcher
      .query<{ what: string }>(
        `select 'copied ' || to_char(tuples_processed, 'FM999,999,999,999') || ' rows (' ||
                pg_size_pretty(bytes_processed) || ')' as what
           from pg_stat_progress_copy where datid = (select oid from pg_database where datname = current_database())
         union all
         select phase || ': ' || case when blocks_total > 0 then round(100.0 * blocks_done / blocks_total) || ' % of '
                || to_char(blocks_total, 'FM999,999,999') || ' blocks' else to_char(tuples_done, 'FM999,999,999,999') || ' rows' end
           from pg_stat_progress_create_index
          where datid = (select oid from pg_database where datname = current_database())`,
      )
      .then(({ rows }) => rows.forEach((r) => console.log(`${clock()}        … ${r.what}`)))
      .catch(() => {});
  }, 15_000);
  try {
    // Its session sorts each index in 512 MB rather than the server's default 64 MB (a season's coupon indexes are
    // 50 to 100 MB each: sorted in memory instead of on disk), one index at a time.
    await runPgTool(path, databaseUrl, ['--verbose', ...args, dump], onLine, '-c maintenance_work_mem=512MB');
  } finally {
    clearInterval(poll);
    await watcher.end().catch(() => {});
  }
  console.log(`${clock()} ${entries}/${entries} done`);
}
