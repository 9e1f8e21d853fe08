import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';

/**
 * Starts the app's server (src/server/platform/index.ts) as the benchmarks run it: the environment's variables plus `env`,
 * its output appended to `logFile`. A file, not a pipe: a pipe nobody reads while a synchronous tool runs (Lighthouse)
 * fills up with request lines and stalls the server in the middle of a run.
 */
export function spawnServer(env: Record<string, string>, logFile: string): ChildProcess {
  const log = openSync(logFile, 'a');
  // As `npm start` runs it (scripts/start.mjs): with PGlite, V8's heap has a budget.
  const databaseUrl = 'DATABASE_URL' in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  const heap = databaseUrl ? [] : ['--max-old-space-size=192'];
  return spawn(process.execPath, [...heap, '--import', 'tsx', 'src/server/platform/index.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
}
