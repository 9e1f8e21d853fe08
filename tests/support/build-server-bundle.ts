import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';

/**
 * Vitest's global set-up: the server's bundle, as `npm start` runs it (scripts/build-server.mjs), made once before the
 * test files start, for the tests that run the server in a child process (server-process.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
export const TEST_SERVER_BUNDLE = join(root, 'dist', 'server-test', 'index.mjs');

export default async function setup() {
  await buildServer(TEST_SERVER_BUNDLE);
}
