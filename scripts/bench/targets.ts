/**
 * The performance targets `npm run bench` is judged by (README "Performance"), checked against one run's results:
 * each line says met or missed with the figure that decides it. Production is PostgreSQL at a season or ten
 * (10 connections: the dashboard p99 ≤ 200 ms, every other screen ≤ 150 ms); the embedded PGlite is judged at a small
 * install (every screen ≤ 300 ms, redemption at 50 connections ≤ 500 ms, peak memory ≤ 500 MB). Shares are of
 * GET /api/health in the same run. With a baseline run (--compare scale-1.json on a scale-10 run) the growth of
 * three screens' p50 is judged too.
 */

/** One scenario's row of `npm run bench` (scripts/bench.ts prints and saves these). */
export interface BenchRow {
  name: string;
  rps: number;
  /** Requests/s as a percentage of GET /api/health in the same run. */
  pct: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  connections: number;
  statuses: Record<string, number>;
  note?: string;
}

export interface JudgedRun {
  database: 'postgres' | 'pglite';
  scans: number;
  rows: BenchRow[];
  peakMemoryMb: number | null;
  redemption: { doubleRedemptions: number } | null;
  scanExport?: { status: number; seconds: number; rssBeforeMb: number | null; peakMemoryMb: number | null } | null;
}

export interface Verdict {
  target: string;
  met: boolean;
  /** The figure that decides it. */
  figure: string;
  /** Hard targets take no explained gap (issue 30). */
  hard: boolean;
}

/** Screens: every read a person waits for, judged by p99 (the dashboard has its own limit). */
const SCREEN = /^(dashboard|scans: (?!offset)|reviews hotel-details|back office funnel|hotel |report |merchant )/;
/** Growth at ten seasons: p50 at scale 10 at most 1.5 times p50 at scale 1. */
const GROWTH_SCREENS = ['dashboard superadmin', 'scans: first page', 'merchant My Customers'];
const GROWTH_LIMIT = 1.5;
/** A full export streams at least this many scans a second, its server memory flat (at most this much above before). */
const EXPORT_SCANS_PER_SECOND = 40_000;
const EXPORT_MEMORY_RISE_MB = 200;

export function judgeTargets(run: JudgedRun, baseline?: JudgedRun): Verdict[] {
  const verdicts: Verdict[] = [];
  const row = (name: string) => run.rows.find((r) => r.name === name);
  const embedded = run.database === 'pglite';
  const screenLimit = (name: string) => (embedded ? 300 : name === 'dashboard superadmin' ? 200 : 150);

  for (const r of run.rows.filter((r) => SCREEN.test(r.name))) {
    const limit = screenLimit(r.name);
    verdicts.push({
      target: `${r.name}: p99 ≤ ${limit} ms`,
      met: r.p99 <= limit && r.errors === 0,
      figure: `p50 ${r.p50} / p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`,
      hard: r.name.startsWith('reviews hotel-details') && !r.name.includes('If-None-Match'),
    });
  }

  for (const connections of [10, 50]) {
    const r = row(`redeem voucher, ${connections} connections`);
    if (!r) continue;
    if (embedded) {
      if (connections === 50)
        verdicts.push({
          target: 'redemption, 50 connections: p99 ≤ 500 ms',
          met: r.p99 <= 500 && r.errors === 0,
          figure: `p99 ${r.p99} ms`,
          hard: false,
        });
      continue;
    }
    verdicts.push({
      target: `redemption, ${connections} connections: ≥ 30 % of health, p99 ≤ 50 ms`,
      met: r.pct >= 30 && r.p99 <= 50 && r.errors === 0,
      figure: `${r.pct.toFixed(1)} %, p99 ${r.p99} ms`,
      hard: true,
    });
  }
  if (run.redemption)
    verdicts.push({
      target: 'no double redemption',
      met: run.redemption.doubleRedemptions === 0,
      figure: `${run.redemption.doubleRedemptions} double`,
      hard: true,
    });

  const submission = row('guest submit scan');
  if (submission && !embedded)
    verdicts.push({
      target: 'guest submission: ≥ 25 % of health',
      met: submission.pct >= 25 && submission.errors === 0,
      figure: `${submission.pct.toFixed(1)} %`,
      hard: true,
    });

  const offers = row('guest offers');
  if (offers && !embedded)
    verdicts.push({
      target: 'guest offers: ≥ 25 % of health, p99 ≤ 100 ms',
      met: offers.pct >= 25 && offers.p99 <= 100,
      figure: `${offers.pct.toFixed(1)} %, p99 ${offers.p99} ms`,
      hard: false,
    });
  const opens = row('guest page open (funnel event)');
  if (opens && offers)
    verdicts.push({
      // "Cost no more than guest offers": the server's work per request, seen as requests a second on the same
      // saturated cores (within 5 %, the noise of one run). Page opens are queued and written every 50 ms in one
      // transaction (modules/funnel/event-batches.ts): the write takes the cores in bursts, which shows in their p99.
      target: 'page open costs no more than guest offers',
      met: opens.rps >= 0.95 * offers.rps,
      figure: `${Math.round(opens.rps)} against ${Math.round(offers.rps)} req/s, p99 ${opens.p99} against ${offers.p99} ms`,
      hard: true,
    });

  const exported = run.scanExport;
  if (exported && !embedded) {
    const rate = run.scans / exported.seconds;
    const rise =
      exported.peakMemoryMb !== null && exported.rssBeforeMb !== null
        ? exported.peakMemoryMb - exported.rssBeforeMb
        : null;
    verdicts.push({
      target: `export of every scan: ≥ ${EXPORT_SCANS_PER_SECOND.toLocaleString('en')} scans/s, memory flat`,
      met: exported.status === 200 && rate >= EXPORT_SCANS_PER_SECOND && rise !== null && rise <= EXPORT_MEMORY_RISE_MB,
      figure: `${Math.round(rate).toLocaleString('en')} scans/s, memory +${rise ?? '?'} MB`,
      hard: false,
    });
  }
  if (embedded && run.peakMemoryMb !== null)
    verdicts.push({
      target: 'server peak memory ≤ 500 MB',
      met: run.peakMemoryMb <= 500,
      figure: `${run.peakMemoryMb} MB`,
      hard: false,
    });

  if (baseline && baseline.database === run.database && baseline.scans < run.scans)
    for (const name of GROWTH_SCREENS) {
      const now = row(name);
      const before = baseline.rows.find((r) => r.name === name);
      if (!now || !before) continue;
      const growth = now.p50 / Math.max(1, before.p50);
      verdicts.push({
        target: `${name}: p50 ≤ ${GROWTH_LIMIT} × the baseline's`,
        met: growth <= GROWTH_LIMIT,
        figure: `${before.p50} → ${now.p50} ms (× ${growth.toFixed(2)})`,
        hard: false,
      });
    }
  return verdicts;
}

export function formatVerdicts(verdicts: Verdict[]): string[] {
  const missed = verdicts.filter((v) => !v.met);
  const hardMissed = missed.filter((v) => v.hard);
  return [
    `Targets: ${verdicts.length - missed.length} of ${verdicts.length} met; hard targets missed: ${hardMissed.length}`,
    ...verdicts.map(
      (v) => `  ${v.met ? 'met   ' : 'MISSED'} ${`${v.hard ? '[hard] ' : ''}${v.target}`.padEnd(72)} ${v.figure}`,
    ),
  ];
}
