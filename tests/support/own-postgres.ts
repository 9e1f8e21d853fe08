import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temporary folder, on a free port), for tests that
 * stop and start the database. Never the shared cluster. As root, the binaries run as the `postgres` user.
 */
const run = promisify(execFile);

/** The newest /usr/lib/postgresql/<version>/bin that has initdb and pg_ctl, or undefined. */
export function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => join(base, v, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

export interface OwnPostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: open sessions are ended, as when an operator stops the database. */
  stop(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'stayperks-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  const data = join(dir, 'data');
  const port = await freePort();
  const log = join(dir, 'postgres.log');
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;

  const withLog = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '';
      throw new Error(`${what} failed: ${(error as Error).message}\n${tail}`);
    }
  };

  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await withLog('pg_ctl start', () => pgRun('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', 'start']));
      running = true;
    },
    async stop() {
      await withLog('pg_ctl stop', () => pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
      running = false;
    },
    async destroy() {
      if (running) await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
