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
