/**
 * The gzipped JavaScript a page fetches on its first load, from a Vite build's manifest: the entry chunk, the
 * route files' split chunks (autoCodeSplitting names them after the route file; a section's layout route.tsx is
 * part of its pages), and everything they import statically. Dynamic imports are not counted (fetched later).
 * Used by `npm run size` and `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface Page {
  name: string;
  routeFiles: string[];
  /** Budget in KB of gzipped JavaScript (docs/DEVELOPING.md). */
  budgetKb: number;
}

export const PAGES: Page[] = [
  { name: 'guest /scan/:hotelId', routeFiles: ['src/web/routes/scan/$hotelId.tsx'], budgetKb: 150 },
  {
    name: 'merchant /merchant/dashboard',
    routeFiles: ['src/web/routes/merchant/route.tsx', 'src/web/routes/merchant/dashboard.tsx'],
    budgetKb: 200,
  },
  {
    name: 'admin /superadmin/dashboard',
    routeFiles: ['src/web/routes/superadmin/route.tsx', 'src/web/routes/superadmin/dashboard.tsx'],
    budgetKb: 300,
  },
];

export interface PageSize {
  name: string;
  bytes: number;
  files: number;
  budgetKb: number;
  /** Module keys in the page's closure (to spot back-office code in the guest page). */
  modules: string[];
}

export function firstLoadSizes(outDir: string, pages: Page[] = PAGES): PageSize[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return seen;
  };
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  return pages.map((page) => {
    const routeKeys = Object.keys(manifest).filter((key) =>
      page.routeFiles.some((file) => key.startsWith(file) || manifest[key]!.src?.startsWith(file)),
    );
    const modules = [...closure([entryKey, ...routeKeys])];
    const files = [...new Set(modules.map((key) => manifest[key]!.file))];
    return {
      name: page.name,
      bytes: files.reduce((sum, file) => sum + gz(file), 0),
      files: files.length,
      budgetKb: page.budgetKb,
      modules,
    };
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
