/**
 * npm run bench:lighthouse -- [--url http://host/scan/<hotelId>] [--runs N] [--no-build] [--step details|offers]
 *
 * Lighthouse 12.8.2 (13.x needs Node 22.19) on the guest page, mobile form factor (Lighthouse's default: a
 * mid-range phone on a throttled connection), driving Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 * Without --url it builds the web app and starts a server of its own on a fresh demo dataset (embedded PGlite in a
 * temp folder) and opens the demo hotel's guest page. Two steps are measured (or the one --step names): the
 * details step (the page a QR code opens) and the offers step, opened straight from a guest's saved draft (valid
 * details, the category with the most offers: src/web/features/guest/draft.ts), as a reload there opens it.
 * Prints, per step, the performance, accessibility and best-practices scores and the titles of the failing audits;
 * the full reports go to bench-results/lighthouse-<time>-<step>.json. With --runs N the run with the median
 * performance score is reported, after one line per run (score, FCP, LCP, TBT and the machine's load average:
 * Lighthouse's simulated throttling scales the main-thread time it observes, so a busy machine scores lower). A run
 * that fails or takes over 3 minutes (Chromium under load) is tried again, twice at most. Each run is one
 * scripts/bench/lighthouse-page.ts in a Chromium of its own.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GuestOfferCardView } from '../src/server/modules/offers/offers.presenter';
import { draftKey, type Draft } from '../src/web/features/guest/draft';
import { argValue, hasFlag } from './bench/common';
import { startDemoServer } from './bench/demo-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const STEPS = ['details', 'offers'] as const;
type Step = (typeof STEPS)[number];
const runs = Math.max(1, Number(argValue('runs') ?? 1));
const onlyStep = argValue('step');
if (onlyStep !== undefined && !STEPS.includes(onlyStep as Step))
  throw new Error(`--step is one of ${STEPS.join(', ')}`);
const steps = onlyStep ? [onlyStep as Step] : STEPS;
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
  const url = argValue('url') ?? (await demoServer());
  console.log(`Lighthouse ${runs > 1 ? `(${runs} runs a step) ` : ''}on ${url}`);
  const medians = new Map<Step, Lhr>();
  for (const step of steps) {
    const draft = step === 'offers' ? await offersDraft(url) : undefined;
    console.log(`\n${step} step${draft ? ` (a saved draft opens category ${draft.at!.categoryId})` : ''}`);
    const reports: Lhr[] = [];
    for (let i = 0; i < runs; i++) {
      const load = loadavg()[0]!.toFixed(1);
      const lhr = auditWithRetry(url, join(workDir, `${step}-${i}.json`), draft && [draftKey(hotelIdOf(url)), draft]);
      reports.push(lhr);
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
      console.log(
        `run ${i + 1}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} (load average ${load})`,
      );
    }
    reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    medians.set(step, reports[Math.floor(reports.length / 2)]!);
  }
  mkdirSync('bench-results', { recursive: true });
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  for (const [step, lhr] of medians) {
    console.log(`\n== ${step} step${runs > 1 ? ' (median run)' : ''} ==`);
    print(lhr);
    const out = join('bench-results', `lighthouse-${time}-${step}.json`);
    writeFileSync(out, JSON.stringify(lhr));
    console.log(`\nFull report: ${out}`);
  }
} finally {
  server?.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}

function hotelIdOf(url: string): string {
  const id = /\/scan\/([^/?#]+)/.exec(new URL(url).pathname)?.[1];
  if (!id) throw new Error(`Not a guest page: ${url}`);
  return id;
}

/** A guest past the details step, on the offers of the category with the most offers (what a reload reopens). */
async function offersDraft(url: string): Promise<Draft> {
  const res = await fetch(new URL(`/api/offers?hotel_id=${hotelIdOf(url)}`, url));
  if (!res.ok) throw new Error(`GET /api/offers answered ${res.status}`);
  const counts = new Map<number, number>();
  for (const card of (await res.json()) as GuestOfferCardView[])
    counts.set(card.merchant_type_id, (counts.get(card.merchant_type_id) ?? 0) + 1);
  const [categoryId] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (categoryId === undefined) throw new Error('The hotel has no offers to show');
  const checkout = new Date(Date.now() + 2 * 864e5);
  return {
    details: {
      customer_name: 'Lighthouse Guest',
      mobile_number: '9876543210',
      checkout_date: `${checkout.getFullYear()}-${String(checkout.getMonth() + 1).padStart(2, '0')}-${String(checkout.getDate()).padStart(2, '0')}`,
      consent: true,
      reminders_opt_in: false,
      marketing_opt_in: false,
    },
    selected: [],
    idempotencyKey: randomUUID(),
    at: { step: 'offers', categoryId },
  };
}

function auditWithRetry(url: string, output: string, session?: [key: string, value: unknown]): Lhr {
  for (let attempt = 1; ; attempt++) {
    try {
      return audit(url, output, session);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`Lighthouse failed (attempt ${attempt}), trying again`);
    }
  }
}

function audit(url: string, output: string, session?: [key: string, value: unknown]): Lhr {
  execFileSync(
    'node_modules/.bin/tsx',
    ['scripts/bench/lighthouse-page.ts', url, output, ...(session ? [session[0], JSON.stringify(session[1])] : [])],
    // A run stuck on a starved machine is stopped (SIGINT: the runner then closes its Chromium) and tried again.
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

async function demoServer(): Promise<string> {
  const started = await startDemoServer(workDir, { noBuild: hasFlag('no-build') });
  server = started.server;
  return started.url;
}
