// The server as one file (dist/server/index.mjs), which `npm start` runs: loading the TypeScript sources through tsx
// took 1.8 to 2.4 s of a start on a small machine, the bundle 0.5 to 0.7 s (README "Performance", the embedded
// database). Packages stay in node_modules (not bundled); `npm run build` makes it, `npm start` remakes it when a
// source is newer. Usage: node scripts/build-server.mjs [outfile]
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'dist/server/index.mjs');
const SOURCES = ['src/server', 'src/shared', 'package-lock.json'].map((path) => join(root, path));

/** Newest modification time (ms) of the files under `path`. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/**
 * The V8 flags the server's bundle runs with, by `npm start` (scripts/start.mjs) and the benchmark's server
 * (scripts/bench/server.ts). A flag of one's own in NODE_OPTIONS is kept.
 * - With the embedded PGlite (no DATABASE_URL) the heap gets a budget: left alone it grows with the allocation rate
 *   (170 to 250 MB under load) on top of PGlite's WebAssembly heap, and a small install's server passed 600 MB
 *   (README "Performance", the embedded database).
 * - With PostgreSQL the young generation may grow to 64 MB semi-spaces (V8's default stops at 16 MB in Node 20): under
 *   load fewer of a request's short-lived objects outlive a scavenge and get copied to the old space, which took about
 *   10 % less of the server's CPU a redemption or submission for about 40 MB more at peak (README "Performance",
 *   round 11).
 */
export function serverNodeFlags(databaseUrl, nodeOptions = '') {
  if (databaseUrl) return /max-semi-space-size/.test(nodeOptions) ? [] : ['--max-semi-space-size=64'];
  return /max-old-space-size/.test(nodeOptions) ? [] : ['--max-old-space-size=192'];
}

/** Whether `outfile` is missing or older than a server source. */
export function serverBundleStale(outfile = SERVER_BUNDLE) {
  let built;
  try {
    built = statSync(outfile).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((source) => newest(source) > built);
}

export async function buildServer(outfile = SERVER_BUNDLE) {
  await build({
    entryPoints: [join(root, 'src/server/platform/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces in the logs name the TypeScript source lines (node --enable-source-maps).
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer(process.argv[2]);
