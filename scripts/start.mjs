// npm start: build the web app when no build exists, then run the one server process (API + PWA).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, SERVER_BUNDLE, serverBundleStale, serverNodeFlags } from './build-server.mjs';

if (!process.env.WEB_DIR && !existsSync('dist/web/index.html')) {
  console.log('No web build found: building it once (npm run build)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// V8's memory flags for this database (scripts/build-server.mjs serverNodeFlags; the benchmark's server gets the same).
const heap = serverNodeFlags(process.env.DATABASE_URL, process.env.NODE_OPTIONS);
// The server runs from its bundle (scripts/build-server.mjs), made again when a source changed since; signals are
// forwarded so PGlite closes cleanly.
if (serverBundleStale()) await buildServer();
const server = spawn(process.execPath, [...heap, '--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
