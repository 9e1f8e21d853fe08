import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { buildServer, SERVER_BUNDLE, serverBundleStale, serverNodeFlags } from '../build-server.mjs';

/**
 * Starts the app's server as `npm start` runs it (its bundle, scripts/build-server.mjs, made first when a source is
 * newer) for the benchmarks: the environment's variables plus `env`,
 * its output appended to `logFile`. A file, not a pipe: a pipe nobody reads while a synchronous tool runs (Lighthouse)
 * fills up with request lines and stalls the server in the middle of a run.
 */
export async function spawnServer(env: Record<string, string>, logFile: string): Promise<ChildProcess> {
  if (serverBundleStale()) await buildServer();
  const log = openSync(logFile, 'a');
  // As `npm start` runs it (scripts/start.mjs): V8's memory flags for its database.
  const databaseUrl = 'DATABASE_URL' in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  const heap = serverNodeFlags(databaseUrl, process.env.NODE_OPTIONS);
  // BENCH_SERVER_NODE_ARGS: Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its
  // time goes (NODE_OPTIONS refuses --cpu-prof).
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...heap, ...extra, '--enable-source-maps', SERVER_BUNDLE], {
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
}
