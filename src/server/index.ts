import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { bootstrap, StartupError } from './db/bootstrap';
import { openDatabase } from './db/client';
import { withStartupLock } from './db/startup-lock';
import { DEMO_LOGINS } from './db/demo-logins';
import { ConfigError, loadConfig } from './env';
import { startReviewRefreshJob, type ReviewRefreshJob } from './jobs/review-refresh';
import { lockDataDir } from './lib/data-dir-lock';
import { AppError } from './lib/errors';
import { resolveJwtSecret } from './lib/secrets';
import { DatabaseStorage } from './storage/database-storage';
import { DiskStorage } from './storage/disk-storage';

/** Starts ONE process that serves /api and the built PWA on PORT. */
async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pgdata') });
  const readiness = { ready: false };
  const webDir = config.webDir ?? fileURLToPath(new URL('../../dist/web', import.meta.url));
  // Shared by every server on PostgreSQL: uploads and rate limits live in the database (docs/OPERATING.md).
  const storage = database.kind === 'postgres' ? new DatabaseStorage(database.db) : new DiskStorage(join(config.dataDir, 'uploads'));
  // A generated secret is read from the database once it is migrated; until then no token is issued or read.
  let jwtSecret: string | undefined;
  const app = createApp({
    db: database.db,
    config,
    get jwtSecret() {
      if (!jwtSecret) throw new AppError(503, 'The service is temporarily unavailable, please try again');
      return jwtSecret;
    },
    storage,
    rateLimitStore: database.pool,
    readiness,
    webDir: existsSync(webDir) ? webDir : undefined,
  });

  let stopping = false;
  let reviewRefresh: ReviewRefreshJob | undefined;
  const server = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' });
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.close();
    await reviewRefresh?.stop().catch((error) => console.error('Stopping the review refresh failed:', error));
    await database.close().catch((error) => console.error('Closing the database failed:', error));
    releaseLock();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    // Servers starting at once on one PostgreSQL migrate and seed one after another.
    const result = await withStartupLock(database.pool, async () => {
      await database.migrate();
      return bootstrap(database.db, config, storage);
    });
    jwtSecret = await resolveJwtSecret(config.jwtSecret, database.db, config.dataDir);
    readiness.ready = true;
    // Google reviews at 07:00, 14:00 and 22:00 business time (needs GOOGLE_PLACES_API_KEY).
    if (config.googlePlacesApiKey) reviewRefresh = startReviewRefreshJob({ db: database.db, config });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    printBanner(`http://localhost:${port}`, database.kind, result.seededDemo, result.createdAdmin, !config.production);
    if (result.demoHotelId) console.log(`  Guest page   http://localhost:${port}/scan/${result.demoHotelId}  (what a hotel room's QR code opens)`);
    if (result.demoVoucherCode) console.log(`  Try the counter: sign in as the merchant and redeem the guest code ${result.demoVoucherCode}`);
  } catch (error) {
    console.error(error instanceof StartupError ? `\n${error.message}\n` : error);
    await stop(1);
  }
}

function printBanner(url: string, kind: string, seededDemo: boolean, createdAdmin: string | undefined, showDemoLogins: boolean) {
  const lines = [`StayPerks is running at ${url} (database: ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`];
  if (createdAdmin) lines.push(`Created super admin "${createdAdmin}".`);
  if (showDemoLogins) {
    lines.push(
      `${seededDemo ? 'Demo data loaded. ' : ''}Demo logins (username / password):`,
      `  Super admin  ${url}/login/superadmin  ${DEMO_LOGINS.superadmin.username} / ${DEMO_LOGINS.superadmin.password}`,
      `               (role admin: ${DEMO_LOGINS.admin.username} / ${DEMO_LOGINS.admin.password}, role manager: ${DEMO_LOGINS.manager.username} / ${DEMO_LOGINS.manager.password})`,
      `  Hotel        ${url}/login/hotel       ${DEMO_LOGINS.hotel.username} / ${DEMO_LOGINS.hotel.password}`,
      `  Merchant     ${url}/login/merchant    ${DEMO_LOGINS.merchant.username} / ${DEMO_LOGINS.merchant.password}`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
