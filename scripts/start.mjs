// npm start: build the web app when no build exists, then run the one server process (API + PWA).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';

if (!process.env.WEB_DIR && !existsSync('dist/web/index.html')) {
  console.log('No web build found: building it once (npm run build)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// With the embedded PGlite (no DATABASE_URL) V8's heap gets a budget: left alone it grows with the allocation rate
// (170 to 250 MB under load) on top of PGlite's WebAssembly heap, and a small install's server passed 600 MB
// (README "Performance", the embedded database). scripts/bench/server.ts starts the benchmark's server so too. A
// budget of one's own in NODE_OPTIONS is kept.
// With PostgreSQL the young generation may grow to 64 MB semi-spaces (V8's default stops at 16 MB in Node 20):
// under load fewer of a request's short-lived objects outlive a scavenge and get copied to the old space, which took
// about 10 % less of the server's CPU a redemption or submission for about 40 MB more at peak (README "Performance",
// round 11).
const ownBudget = /max-old-space-size/.test(process.env.NODE_OPTIONS ?? '');
const heap = process.env.DATABASE_URL ? ['--max-semi-space-size=64'] : ownBudget ? [] : ['--max-old-space-size=192'];
// The server runs from its bundle (scripts/build-server.mjs), made again when a source changed since; signals are
// forwarded so PGlite closes cleanly.
if (serverBundleStale()) await buildServer();
const server = spawn(process.execPath, [...heap, '--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
