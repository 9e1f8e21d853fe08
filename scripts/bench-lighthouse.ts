/**
 * npm run bench:lighthouse -- [--url http://host/scan/<hotelId>] [--runs N] [--no-build]
 *
 * Lighthouse 12.8.2 (13.x needs Node 22.19) on the guest page, mobile form factor (Lighthouse's default: a
 * mid-range phone on a throttled connection), driving Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 * Without --url it builds the web app and starts a server of its own on a fresh demo dataset (embedded PGlite in a
 * temp folder) and opens the demo hotel's guest page. Prints the performance, accessibility and best-practices
 * scores and the titles of the failing audits; the full report goes to bench-results/lighthouse-<time>.json.
 * With --runs N the run with the median performance score is reported, after one line per run (score, FCP, LCP,
 * TBT and the machine's load average: Lighthouse's simulated throttling scales the main-thread time it observes,
 * so a busy machine scores lower). A run that fails or takes over 3 minutes (Chromium under load) is tried again,
 * twice at most.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { argValue, hasFlag } from './bench/common';
import { spawnServer } from './bench/server';
import { freePort } from './bench/target';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const runs = Math.max(1, Number(argValue('runs') ?? 1));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) throw new Error(`No Chromium at ${chrome}: install it or set CHROME_PATH.`);

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number }
  >;
}

const workDir = mkdtempSync(join(tmpdir(), 'stayperks-lighthouse-'));
let server: ChildProcess | undefined;
try {
  const url = argValue('url') ?? (await startDemoServer());
  console.log(`Lighthouse ${runs > 1 ? `(${runs} runs) ` : ''}on ${url}`);
  const reports: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    const load = loadavg()[0]!.toFixed(1);
    const lhr = auditWithRetry(url, join(workDir, `report-${i}.json`));
    reports.push(lhr);
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    console.log(
      `run ${i + 1}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms (load average ${load})`,
    );
  }
  reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = reports[Math.floor(reports.length / 2)]!;
  print(lhr);
  mkdirSync('bench-results', { recursive: true });
  const out = join('bench-results', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(lhr));
  console.log(`\nFull report: ${out}`);
} finally {
  server?.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}

function auditWithRetry(url: string, output: string): Lhr {
  for (let attempt = 1; ; attempt++) {
    try {
      return audit(url, output);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`Lighthouse failed (attempt ${attempt}), trying again`);
    }
  }
}

function audit(url: string, output: string): Lhr {
  execFileSync(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    // A run stuck on a starved machine is stopped (SIGINT: Lighthouse then closes its Chromium) and tried again.
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000, killSignal: 'SIGINT' },
  );
  return JSON.parse(readFileSync(output, 'utf8')) as Lhr;
}

function print(lhr: Lhr) {
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    console.log(`\n${id.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
    for (const ref of category.auditRefs) {
      const a = lhr.audits[ref.id];
      if (
        !a ||
        a.score === null ||
        a.score >= 1 ||
        !['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode)
      )
        continue;
      // Metrics count in the score by their weight; other performance audits are advice ("opportunities").
      const kind = ref.weight > 0 ? '' : ' (no weight)';
      console.log(
        `  - ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''} [score ${Math.round(a.score * 100)}]${kind}`,
      );
    }
  }
}

/** A server in development mode on an empty temp PGlite folder seeds the demo data and prints its guest page. */
async function startDemoServer(): Promise<string> {
  let webDir = 'dist/web';
  if (!hasFlag('no-build')) {
    webDir = join(workDir, 'web');
    execFileSync('npx', ['vite', 'build', '--outDir', webDir, '--logLevel', 'error'], { stdio: 'inherit' });
  }
  const port = await freePort();
  const logFile = join(workDir, 'server.log');
  const child = spawnServer(
    { NODE_ENV: 'development', PORT: String(port), DATA_DIR: join(workDir, 'data'), DATABASE_URL: '', WEB_DIR: webDir },
    logFile,
  );
  server = child;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    const hotel = /\/scan\/([0-9a-f-]{36})/.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (hotel) return `http://127.0.0.1:${port}/scan/${hotel}`;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The demo server did not start:\n${readFileSync(logFile, 'utf8')}`);
}
