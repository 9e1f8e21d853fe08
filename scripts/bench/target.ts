/**
 * Where the benchmark dataset lives, shared by `npm run bench:data` and `npm run bench` (docs/DEVELOPING.md):
 *   DATABASE_URL set  → that PostgreSQL database (created first if it does not exist);
 *   DATA_DIR set      → PGlite in DATA_DIR/pgdata, the layout the server uses;
 *   neither           → a PostgreSQL cluster of our own in ./data-bench/postgres when the PostgreSQL binaries are
 *                       installed (started for the command and stopped after), else PGlite in ./data-bench.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const DEFAULT_DIR = resolve('data-bench');

export interface Target {
  kind: 'postgres' | 'pglite';
  /** PostgreSQL: the database URL. */
  databaseUrl?: string;
  /** PGlite: the server's DATA_DIR (the database itself is DATA_DIR/pgdata). */
  dataDir?: string;
  /** How to say where the data is. */
  label: string;
  /** Stops what we started (our own PostgreSQL cluster); a no-op otherwise. */
  release(): Promise<void>;
}

export async function resolveTarget(): Promise<Target> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    await ensureDatabase(url);
    return { kind: 'postgres', databaseUrl: url, label: `PostgreSQL ${redact(url)}`, release: async () => {} };
  }
  const dir = process.env.DATA_DIR?.trim();
  if (!dir) {
    const bin = postgresBinDir();
    if (bin) return startOwnPostgres(bin, join(DEFAULT_DIR, 'postgres'));
  }
  const dataDir = resolve(dir || DEFAULT_DIR);
  return { kind: 'pglite', dataDir, label: `PGlite ${join(dataDir, 'pgdata')}`, release: async () => {} };
}

export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Creates the URL's database through the server's `postgres` database when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: database does not exist
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Will not create a database named "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  try {
    await adminClient.query(`CREATE DATABASE "${name}"`);
    console.log(`Created database ${name}.`);
  } finally {
    await adminClient.end();
  }
}

/** The PostgreSQL server binaries: PG_BIN, the directory of pg_ctl on PATH, or Debian's /usr/lib/postgresql/<newest>/bin. */
function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'pg_ctl'))) return dir;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * initdb (first time) and pg_ctl start on a free port; stopped again by release(). PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the `postgres` user.
 */
async function startOwnPostgres(bin: string, dir: string): Promise<Target> {
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      { stdio: 'pipe' },
    );
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    console.log(`Creating a PostgreSQL cluster for the benchmark in ${dir} ...`);
    run('initdb', ['-D', dir, '-U', 'bench', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  }
  const port = await freePort();
  // Bulk loads write a lot of WAL: fewer checkpoints. The socket goes in the cluster folder (no /run access needed).
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_wal_size=4GB -c checkpoint_timeout=30min`;
  run('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
  const databaseUrl = `postgres://bench@127.0.0.1:${port}/stayperks_bench`;
  await ensureDatabase(databaseUrl);
  return {
    kind: 'postgres',
    databaseUrl,
    label: `PostgreSQL of our own in ${dir} (port ${port})`,
    release: () => {
      run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      return Promise.resolve();
    },
  };
}
