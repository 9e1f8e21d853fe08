#!/usr/bin/env node
// `npm test`: first the checks (typecheck, lint, prettier --check; any failure stops here), then unit + API tests
// (vitest), then, when playwright.config.ts exists, a production build and the end-to-end tests. Exits non-zero when
// any step fails and ends with one summary line: "N passed, N failed". Extra arguments go to vitest, e.g.
// `npm test -- tests/unit`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'stayperks-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
let ok = true;

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n> ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
      shell: process.platform === 'win32',
    });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Adds a test runner's counts (read from its JSON report) to the totals. A runner that exits non-zero without a
 * failed test (a crash, a suite that cannot load, an unhandled error) or writes no report counts as one failure.
 */
function addCounts(name, code, counts) {
  if (!counts) {
    if (code !== 0) stepFailed(name);
    else notes.push(`${name} wrote no report`);
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (code !== 0) {
    ok = false;
    if (!counts.failed) stepFailed(name);
  }
}

/** A step that failed outside any counted test (crash, suite that cannot load, build error) counts as one failure. */
function stepFailed(name) {
  ok = false;
  totals.failed += 1;
  notes.push(`${name} failed outside the counted tests (see its output above); counted as 1 failure`);
}

// 0. The checks, fail fast: a type error, a lint error or unformatted code fails `npm test` (and so CI) before any test
// runs. Typecheck and lint keep caches under node_modules/.cache, so a second run only looks at what changed.
const checks = [
  ['typecheck', 'fix the type errors above'],
  ['lint', 'fix the lint errors above'],
  ['format:check', 'run `npm run format`'],
];
for (const [script, fix] of checks) {
  if ((await run('npm', ['run', '--silent', script])) !== 0) {
    rmSync(reports, { recursive: true, force: true });
    console.log(`\nNote: npm run ${script} failed: ${fix}. No tests were run.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

try {
  // 1. Unit and API tests.
  const vitestReport = join(reports, 'vitest.json');
  const vitestCode = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
    ...process.argv.slice(2),
  ]);
  const vitest = readJson(vitestReport);
  addCounts(
    'vitest',
    vitestCode,
    vitest && {
      passed: vitest.numPassedTests ?? 0,
      failed: vitest.numFailedTests ?? 0,
      skipped: (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0),
    },
  );

  // 2. End-to-end tests, once they exist.
  if (existsSync(join(root, 'playwright.config.ts'))) {
    const buildCode = await run('npx', ['vite', 'build']);
    if (buildCode !== 0) {
      stepFailed('vite build');
    } else {
      const playwrightReport = join(reports, 'playwright.json');
      const playwrightCode = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
      });
      const stats = readJson(playwrightReport)?.stats;
      addCounts(
        'playwright',
        playwrightCode,
        stats && {
          passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
          failed: stats.unexpected ?? 0,
          skipped: stats.skipped ?? 0,
        },
      );
      if (stats?.flaky) notes.push(`${stats.flaky} end-to-end test(s) passed only on retry`);
    }
  }
} finally {
  rmSync(reports, { recursive: true, force: true });
}

console.log('');
for (const note of notes) console.log(`Note: ${note}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
