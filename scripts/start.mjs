// npm start: build the web app when no build exists, then run the one server process (API + PWA).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!process.env.WEB_DIR && !existsSync('dist/web/index.html')) {
  console.log('No web build found: building it once (npm run build)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// tsx runs the TypeScript server directly; signals are forwarded so PGlite closes cleanly.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/platform/index.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
