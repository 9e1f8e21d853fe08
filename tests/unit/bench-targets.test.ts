import { describe, expect, it } from 'vitest';
import { judgeTargets, type BenchRow, type JudgedRun } from '../../scripts/bench/targets';

// The bench's verdicts are judged from made-up rows here: this tests the judging, not the speed of anything.
const row = (name: string, rps: number, pct: number, p50: number, p99: number, connections = 10): BenchRow => ({
  name,
  rps,
  pct,
  p50,
  p99,
  errors: 0,
  requests: rps * 5,
  connections,
  statuses: { 200: rps * 5 },
});

const run = (database: JudgedRun['database'], rows: BenchRow[], scans = 1_000_000): JudgedRun => ({
  database,
  scans,
  rows,
  peakMemoryMb: 450,
  redemption: { doubleRedemptions: 0 },
  scanExport: { status: 200, seconds: 20, rssBeforeMb: 250, peakMemoryMb: 320 },
});

const verdict = (verdicts: ReturnType<typeof judgeTargets>, start: string) => {
  const found = verdicts.find((v) => v.target.startsWith(start));
  if (!found) throw new Error(`no verdict for ${start}`);
  return found;
};

describe('bench targets', () => {
  it('judges PostgreSQL screens at 200 ms for the dashboard and 150 ms for the rest', () => {
    const verdicts = judgeTargets(
      run('postgres', [
        row('health', 4000, 100, 1, 3),
        row('dashboard superadmin', 100, 2.5, 60, 180),
        row('scans: search name', 100, 2.5, 60, 180),
        row('scans: offset=500000', 100, 2.5, 5, 900),
      ]),
    );
    expect(verdict(verdicts, 'dashboard superadmin').met).toBe(true);
    expect(verdict(verdicts, 'scans: search name').met).toBe(false);
    expect(verdicts.some((v) => v.target.startsWith('scans: offset'))).toBe(false);
  });

  it('holds redemption and guest submission to their shares of health as hard targets', () => {
    const verdicts = judgeTargets(
      run('postgres', [
        row('health', 4000, 100, 1, 3),
        row('redeem voucher, 10 connections', 1300, 32.5, 7, 40),
        row('redeem voucher, 50 connections', 1300, 32.5, 35, 80, 50),
        row('guest submit scan', 600, 15, 15, 40),
      ]),
    );
    expect(verdict(verdicts, 'redemption, 10 connections')).toMatchObject({ met: true, hard: true });
    expect(verdict(verdicts, 'redemption, 50 connections')).toMatchObject({ met: false, hard: true });
    expect(verdict(verdicts, 'guest submission')).toMatchObject({ met: false, hard: true });
    expect(verdict(verdicts, 'export of every scan')).toMatchObject({
      met: true,
      figure: expect.stringContaining('50,000'),
    });
  });

  it('judges the embedded database at a small install by its own limits', () => {
    const verdicts = judgeTargets(
      run('pglite', [
        row('dashboard superadmin', 100, 3, 40, 250),
        row('redeem voucher, 50 connections', 500, 15, 90, 450, 50),
      ]),
    );
    expect(verdict(verdicts, 'dashboard superadmin: p99 ≤ 300')).toMatchObject({ met: true });
    expect(verdict(verdicts, 'redemption, 50 connections: p99 ≤ 500')).toMatchObject({ met: true });
    expect(verdict(verdicts, 'server peak memory')).toMatchObject({ met: true });
  });

  it('judges growth against a baseline of fewer scans', () => {
    const baseline = run('postgres', [
      row('dashboard superadmin', 100, 3, 40, 80),
      row('scans: first page', 100, 3, 20, 50),
    ]);
    const tenSeasons = run(
      'postgres',
      [row('dashboard superadmin', 100, 3, 50, 90), row('scans: first page', 100, 3, 40, 60)],
      10_000_000,
    );
    const verdicts = judgeTargets(tenSeasons, baseline);
    expect(verdict(verdicts, 'dashboard superadmin: p50')).toMatchObject({ met: true });
    expect(verdict(verdicts, 'scans: first page: p50')).toMatchObject({ met: false });
  });
});
