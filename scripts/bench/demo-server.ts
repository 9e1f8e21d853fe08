import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer } from './server';
import { freePort } from './target';

/**
 * The guest page benchmarks' own server (bench:lighthouse, bench:guest): a fresh web build in `workDir` (or WEB_DIR,
 * default dist/web, with `noBuild`), then the server in development mode on an empty PGlite folder there, which seeds the demo data and
 * prints the demo hotel's guest page. Answers that page's URL and the server process (the caller stops it).
 */
export async function startDemoServer(
  workDir: string,
  { noBuild }: { noBuild: boolean },
): Promise<{ url: string; server: ChildProcess }> {
  let webDir = process.env.WEB_DIR ?? 'dist/web';
  if (!noBuild) {
    webDir = join(workDir, 'web');
    execFileSync('npx', ['vite', 'build', '--outDir', webDir, '--logLevel', 'error'], { stdio: 'inherit' });
  }
  const port = await freePort();
  const logFile = join(workDir, 'server.log');
  const server = await spawnServer(
    { NODE_ENV: 'development', PORT: String(port), DATA_DIR: join(workDir, 'data'), DATABASE_URL: '', WEB_DIR: webDir },
    logFile,
  );
  for (let i = 0; i < 600 && server.exitCode === null; i++) {
    const hotel = /\/scan\/([0-9a-f-]{36})/.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (hotel) return { url: `http://127.0.0.1:${port}/scan/${hotel}`, server };
    await new Promise((done) => setTimeout(done, 200));
  }
  server.kill('SIGTERM');
  throw new Error(`The demo server did not start:\n${readFileSync(logFile, 'utf8')}`);
}
