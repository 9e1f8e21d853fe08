/**
 * npm run size: builds the web app and prints the gzipped JavaScript each entry page loads before the first
 * interaction (scripts/bench/js-size.ts). Budgets: guest 150 KB, merchant 200 KB, admin 300 KB; the guest page
 * must not pull in back-office code. Exits 1 when a page is over its budget.
 */
import { execFileSync } from 'node:child_process';
import { firstLoadSizes, kb } from './bench/js-size';

const outDir = process.env.SIZE_OUT_DIR ?? 'dist/web';
if (!process.argv.includes('--no-build'))
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], { stdio: 'inherit' });

for (const page of firstLoadSizes(outDir)) {
  const over = page.bytes / 1024 > page.budgetKb;
  console.log(
    `${page.name.padEnd(30)} ${kb(page.bytes).padStart(9)} gzipped JS in ${page.files} files (budget ${page.budgetKb} KB: ${over ? 'OVER' : 'within'})`,
  );
  if (page.name.startsWith('guest')) {
    const backOffice = page.modules.filter((key) =>
      /features\/(hotels|merchants|offers|locations|settings|dashboard|reports|reviews|customer-scans|merchant)\//.test(
        key,
      ),
    );
    console.log(`  back-office modules in the guest page: ${backOffice.length === 0 ? 'none' : backOffice.join(', ')}`);
  }
  if (over) process.exitCode = 1;
}
