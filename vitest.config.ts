import { defineConfig } from 'vitest/config';

/** Unit and API tests (DESIGN §7). Separate from vite.config.ts so the web build's plugins stay out of the way. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // The server's bundle for the tests that start it as a process (tests/support/server-process.ts).
    globalSetup: ['tests/support/build-server-bundle.ts'],
    // PGlite (WASM) and argon2 (native) are happiest in child processes rather than worker threads.
    pool: 'forks',
    // The CI machines have 2 cores; each API test file opens its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
