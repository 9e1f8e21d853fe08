/**
 * npm run bench:guest -- [--url http://host/scan/<hotelId>] [--runs N] [--no-build]
 *
 * The guest's first screen on a slow phone, as a hotel room's QR code opens it: a first visit (fresh browser context:
 * empty cache, no service worker), 390 × 844 phone, in Debian's Chromium (CHROME_PATH) with DevTools' throttling
 * through a CDP session: 150 ms added to every request (Network.emulateNetworkConditions latency), 1.6 Mbit/s down,
 * 750 kbit/s up, and the CPU 4× slower (Emulation.setCPUThrottlingRate). Without --url it builds the web app and
 * starts a server of its own on fresh demo data (scripts/bench/demo-server.ts), as bench:lighthouse does.
 *
 * Per run (5 by default, each in a new context): the time from the start of navigation until "Enter Your Details" is
 * painted (Element Timing's renderTime of the title, marked by the benchmark as it enters the document), until the app's own screen has it
 * painted (the title inside #root: React has taken over from the page's first screen, the inputs are live), FCP and LCP (Paint Timing / LCP API), the main thread's task and script time (CDP
 * Performance.getMetrics, at 4×) and the load average. Then the medians, and the median run's requests (start and end
 * from the start of navigation, bytes on the wire) and its long tasks: where the time goes. Results:
 * bench-results/guest-<time>.json. No target is asserted here; the figures are for docs and README.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { argValue, hasFlag } from './bench/common';
import { startDemoServer } from './bench/demo-server';

const TITLE = 'Enter Your Details';
const LATENCY_MS = 150;
const DOWN_BYTES_PER_S = 1_600_000 / 8;
const UP_BYTES_PER_S = 750_000 / 8;
const CPU_SLOWDOWN = 4;
const runs = Math.max(1, Number(argValue('runs') ?? 5));

interface Run {
  details: number;
  app: number;
  fcp: number;
  lcp: number;
  taskMs: number;
  scriptMs: number;
  load: number;
  requests: { name: string; type: string; start: number; end: number; bytes: number }[];
  longTasks: { start: number; duration: number }[];
}

/**
 * Runs in the page before its own scripts (CDP, not subject to the page's CSP): keeps the paint times of the details
 * title (Element Timing, on the first screen and in the app) and the long tasks. A string: tsx's compiled functions
 * call helpers (`__name`) the page does not have.
 */
const WATCH_FIRST_SCREEN = `(() => {
  const marks = { longTasks: [] };
  window.__guestBench = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  // The title is marked for Element Timing as soon as it is in the document (before it is painted), on the first
  // screen and in the app alike, so any build can be measured.
  new MutationObserver(() => {
    for (const heading of document.querySelectorAll('h2:not([elementtiming])'))
      if (heading.textContent.trim() === ${JSON.stringify(TITLE)}) heading.setAttribute('elementtiming', 'guest-details-title');
  }).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== 'guest-details-title') continue;
      const painted = entry.renderTime || entry.loadTime;
      marks.details ??= painted;
      if (entry.element && entry.element.closest('#root')) marks.app ??= painted;
    }
  }).observe({ type: 'element', buffered: true });
})();`;

const workDir = mkdtempSync(join(tmpdir(), 'stayperks-bench-guest-'));
let server: ChildProcess | undefined;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
try {
  let url = argValue('url');
  if (!url) {
    const started = await startDemoServer(workDir, { noBuild: hasFlag('no-build') });
    server = started.server;
    url = started.url;
  }
  console.log(
    `Guest first screen on ${url}: ${LATENCY_MS} ms a request, ${(DOWN_BYTES_PER_S * 8) / 1e6} Mbit/s down, CPU ${CPU_SLOWDOWN}× slower; ${runs} first visits`,
  );
  // Warm the server (its first answers compile templates and fill caches), unthrottled, in a context thrown away.
  await measure(url, false);

  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await measure(url, true);
    results.push(run);
    console.log(
      `run ${i + 1}: "${TITLE}" ${ms(run.details)}, app's screen ${ms(run.app)}, FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, main thread ${ms(run.taskMs)} (script ${ms(run.scriptMs)}) (load average ${run.load.toFixed(1)})`,
    );
  }
  const median = (pick: (run: Run) => number) =>
    [...results].sort((a, b) => pick(a) - pick(b))[Math.floor(results.length / 2)]!;
  const middle = median((run) => run.details);
  console.log(
    `\nmedian of ${runs}: "${TITLE}" ${ms(middle.details)}, app's screen ${ms(median((r) => r.app).app)}, FCP ${ms(median((r) => r.fcp).fcp)}, LCP ${ms(median((r) => r.lcp).lcp)}, main thread ${ms(median((r) => r.taskMs).taskMs)}`,
  );
  console.log('\nThe median run, requests (from the start of navigation):');
  for (const request of middle.requests)
    console.log(
      `  ${ms(request.start).padStart(8)} → ${ms(request.end).padStart(8)}  ${kb(request.bytes).padStart(9)}  ${request.type.padEnd(10)} ${request.name}`,
    );
  const long = middle.longTasks.filter((task) => task.duration >= 50);
  console.log(
    `long tasks: ${long.map((task) => `${ms(task.start)} +${ms(task.duration)}`).join(', ') || 'none'} (total ${ms(long.reduce((sum, task) => sum + task.duration, 0))})`,
  );
  mkdirSync('bench-results', { recursive: true });
  const out = join('bench-results', `guest-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify({ url, runs: results }, null, 1));
  console.log(`\nResults: ${out}`);
} finally {
  await browser.close();
  server?.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}

async function measure(url: string, throttled: boolean): Promise<Run> {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (throttled) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: DOWN_BYTES_PER_S,
        uploadThroughput: UP_BYTES_PER_S,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.addInitScript(WATCH_FIRST_SCREEN);
    const load = loadavg()[0]!;
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __guestBench: { app?: number } }).__guestBench.app, null, {
      timeout: 60_000,
    });
    // The first screen's data and anything started after it, before the figures are read.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    const figures = await page.evaluate(async () => {
      const marks = (
        window as unknown as {
          __guestBench: { details: number; app: number; longTasks: { start: number; duration: number }[] };
        }
      ).__guestBench;
      const lcp = await new Promise<number>((done) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => done(last), 50);
      });
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        details: marks.details,
        app: marks.app,
        longTasks: marks.longTasks,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        lcp,
        requests: [navigation, ...resources].map((entry) => ({
          name: new URL(entry.name).pathname + new URL(entry.name).search,
          type: entry.initiatorType,
          start: entry.startTime,
          end: entry.responseEnd,
          bytes: entry.transferSize,
        })),
      };
    });
    return { ...figures, taskMs: metric('TaskDuration'), scriptMs: metric('ScriptDuration'), load };
  } finally {
    await context.close();
  }
}

function ms(value: number) {
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}
function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
