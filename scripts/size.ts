/**
 * npm run size: builds the web app and prints the gzipped JavaScript each entry page loads before the first
 * interaction (the entry chunk, the route's component chunk, and everything they import statically).
 * The guest page (/scan/:hotelId) must stay under 150 KB and must not pull in back-office code.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const outDir = process.env.SIZE_OUT_DIR ?? 'dist/web';
if (!process.argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], { stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;

/** The page's chunks: the entry plus the route's split component (autoCodeSplitting names it after the route file). */
function pageChunks(routeFile: string) {
  const routeKeys = Object.keys(manifest).filter((key) => key.startsWith(routeFile) || manifest[key]!.src?.startsWith(routeFile));
  return closure([entryKey, ...routeKeys]);
}

export const BUDGET_KB = 150;
const pages: [string, string][] = [
  ['guest /scan/:hotelId', 'src/web/routes/scan/$hotelId.tsx'],
  ['login /login/superadmin', 'src/web/routes/login/superadmin.tsx'],
  ['merchant /merchant/dashboard', 'src/web/routes/merchant/dashboard.tsx'],
];

let guestTotal = 0;
for (const [name, routeFile] of pages) {
  const keys = [...pageChunks(routeFile)];
  const files = keys.map((key) => manifest[key]!.file);
  const total = files.reduce((sum, file) => sum + gz(file), 0);
  if (name.startsWith('guest')) guestTotal = total;
  console.log(`${name.padEnd(30)} ${kb(total).padStart(9)} gzipped JS in ${files.length} files`);
  if (name.startsWith('guest')) {
    const backOffice = keys.filter((key) => /features\/(hotels|merchants|offers|locations|settings|dashboard|reports|reviews|customer-scans|merchant)\//.test(key));
    console.log(`  back-office modules in the guest page: ${backOffice.length === 0 ? 'none' : backOffice.join(', ')}`);
  }
}
console.log(`guest page budget ${BUDGET_KB} KB: ${guestTotal / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`);
if (guestTotal / 1024 > BUDGET_KB) process.exitCode = 1;
