import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json is): the server runs from its sources (src/server/…, through tsx) or from
 * the bundle `npm run build` makes (dist/server/index.mjs), so paths inside the project start here, not beside the
 * running file.
 */
export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return dir;
  }
}
