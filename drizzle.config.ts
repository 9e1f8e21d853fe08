import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the tables; they are committed and applied at server start. Each table lives with
// the code that owns it (docs/DEVELOPING.md "Server layout"): a module's table.ts, the platform's *table.ts files,
// and the derived counters of db/.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/modules/*/table.ts',
    './src/server/modules/*/*.table.ts',
    './src/server/platform/*/table.ts',
    './src/server/platform/*/*.table.ts',
    './src/server/db/derived-tables.ts',
  ],
  out: './src/server/db/migrations',
});
