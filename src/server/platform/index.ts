import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { startBanner } from './banner';
import { bootstrap, StartupError } from './bootstrap';
import { openDatabase } from '../db/client';
import { PROJECT_ROOT } from '../project-root';
import { withStartupLock } from '../db/startup-lock';
import { ConfigError, loadConfig } from './env';
import { createGuestEventQueue } from '../modules/funnel/event-batches';
import { startGuestRetentionJob, type GuestRetentionJob } from '../modules/customer-scans/guest-retention.job';
import { startOutboxWorker } from '../modules/messages/messages.job';
import { startRemindersJob, type RemindersJob } from '../modules/reminders/reminders.job';
import { startRenewalRemindersJob, type RenewalRemindersJob } from '../modules/renewal-reminders/renewal-reminders.job';
import { startStatementsJob, type StatementsJob } from '../modules/statements/statements.job';
import { startCountFoldJob, type CountFoldJob } from '../modules/coupons/count-fold.job';
import { startReviewRefreshJob, type ReviewRefreshJob } from '../modules/reviews/review-refresh.job';
import { lockDataDir, secureDataDir } from './lib/data-dir-lock';
import { AppError } from './lib/errors';
import { createLogger } from './lib/logger';
import { resolveJwtSecret } from './lib/secrets';
import { loadSigningKeys, useSigningKeys } from './lib/signing-keys';
import { TOKEN_LIFETIME_SECONDS } from './lib/tokens';
import { outboxChannels } from './outbox';
import { DatabaseStorage } from './storage/database-storage';
import { DiskStorage } from './storage/disk-storage';

/** Starts ONE process that serves /api and the built PWA on PORT. */
async function main() {
  // Everything this process writes in DATA_DIR is owner-only (docs/OPERATING.md, "Files at rest").
  process.umask(0o077);
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  secureDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pgdata'),
    statementTimeoutMs: 30_000,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  const readiness = { ready: false, stopping: false };
  const webDir = config.webDir ?? join(PROJECT_ROOT, 'dist/web');
  // Shared by every server on PostgreSQL: uploads and rate limits live in the database (docs/OPERATING.md).
  const storage =
    database.kind === 'postgres' ? new DatabaseStorage(database.db) : new DiskStorage(join(config.dataDir, 'uploads'));
  // A generated secret is read from the database once it is migrated; until then no token is issued or read.
  let jwtSecret: string | undefined;
  // Messages (docs/OPERATING.md "Messages"): the outbox worker sends what is queued at once (a kick) and every 30 s
  // (retries, and what another server left), once the database is ready.
  const channels = outboxChannels({
    db: database.db,
    config,
    log: (line) => logger.info({ provider: 'log' }, line),
    secret: () => {
      if (!jwtSecret) throw new Error('the signing secret is not loaded yet');
      return jwtSecret;
    },
  });
  const { messenger } = channels;
  const outbox = startOutboxWorker({
    db: database.db,
    ...channels,
    timeZone: config.timeZone,
    log: (message) => logger.warn({ job: 'outbox' }, message),
    ready: () => readiness.ready,
  });
  const guestEvents = createGuestEventQueue({ db: database.db, timeZone: config.timeZone, logger });
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
    logger,
    messenger,
    outbox,
    guestEvents,
    webDir: existsSync(webDir) ? webDir : undefined,
  });

  let stopping = false;
  let reviewRefresh: ReviewRefreshJob | undefined;
  let guestRetention: GuestRetentionJob | undefined;
  let reminders: RemindersJob | undefined;
  let renewalReminders: RenewalRemindersJob | undefined;
  let statements: StatementsJob | undefined;
  let countFold: CountFoldJob | undefined;
  const server = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' });
  // Shutdown (docs/OPERATING.md): no new connections and a failing health check at once, requests in flight
  // get up to 10 s to finish, then the job and the database close.
  const stop = async (code: number, signal?: string) => {
    if (stopping) return;
    stopping = true;
    readiness.stopping = true;
    const closed = closeServer(server as Server, 10_000);
    logger.info({ signal }, 'shutting down');
    await closed;
    await reviewRefresh?.stop().catch((error) => logger.error({ err: error }, 'stopping the review refresh failed'));
    await guestRetention?.stop().catch((error) => logger.error({ err: error }, 'stopping the retention job failed'));
    await reminders?.stop().catch((error) => logger.error({ err: error }, 'stopping the reminders job failed'));
    await renewalReminders
      ?.stop()
      .catch((error) => logger.error({ err: error }, 'stopping the renewal reminders job failed'));
    await statements?.stop().catch((error) => logger.error({ err: error }, 'stopping the statements job failed'));
    await countFold?.stop().catch((error) => logger.error({ err: error }, 'stopping the counters fold failed'));
    await guestEvents.stop().catch((error) => logger.error({ err: error }, 'writing the guest events failed'));
    await outbox.stop().catch((error) => logger.error({ err: error }, 'stopping the outbox failed'));
    await database.close().catch((error) => logger.error({ err: error }, 'closing the database failed'));
    releaseLock();
    logger.info({ code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0, 'SIGINT'));
  process.on('SIGTERM', () => void stop(0, 'SIGTERM'));

  try {
    // Servers starting at once on one PostgreSQL migrate and seed one after another.
    const result = await withStartupLock(database.pool, async () => {
      await database.migrate();
      return bootstrap(database.db, config, storage);
    });
    const baseSecret = await resolveJwtSecret(config.jwtSecret, database.db, config.dataDir, config.dataEncryptionKey);
    // Without JWT_SECRET, sign-in tokens are signed by the shared, rotatable keys (docs/OPERATING.md "Keys").
    if (!config.jwtSecret)
      useSigningKeys(
        baseSecret,
        await loadSigningKeys(database.db, baseSecret, config.dataEncryptionKey, {
          lifetimeSeconds: TOKEN_LIFETIME_SECONDS,
        }),
      );
    jwtSecret = baseSecret;
    // PGlite writes its first files (and its relation cache on every start) with mode 0666/0644.
    secureDataDir(config.dataDir);
    readiness.ready = true;
    // Google reviews at 07:00, 14:00 and 22:00 business time (needs GOOGLE_PLACES_API_KEY).
    if (config.googlePlacesApiKey) {
      reviewRefresh = startReviewRefreshJob({
        db: database.db,
        config,
        log: (message) => logger.info({ job: 'review-refresh' }, message),
      });
    }
    outbox.kick();
    if (!messenger.canSendCodes)
      logger.warn(
        'MESSAGE_PROVIDER is log in production: verification codes cannot be sent and phone verification cannot be switched on',
      );
    // Guests' names and mobiles anonymised GUEST_DATA_RETENTION_DAYS after check-out, daily (docs/PRIVACY.md).
    guestRetention = startGuestRetentionJob({
      db: database.db,
      config,
      log: (message) => logger.info({ job: 'guest-retention' }, message),
    });
    // Reminders and review requests queued every 5 minutes, on one server per slot (docs/PRODUCT.md "Reminders").
    reminders = startRemindersJob({
      db: database.db,
      timeZone: config.timeZone,
      kick: () => outbox.kick(),
      log: (message) => logger.info({ job: 'reminders' }, message),
    });
    // Hotels' renewal reminders, 30, 7 and 1 days before the end, queued daily by one server (docs/PRODUCT.md
    // "Renewal reminders").
    renewalReminders = startRenewalRemindersJob({
      db: database.db,
      timeZone: config.timeZone,
      channel: config.messaging.provider,
      kick: () => outbox.kick(),
      log: (message) => logger.info({ job: 'renewal-reminders' }, message),
    });
    // Last month's statements, generated on the 1st (or at the first start after it) by one server (docs/PRODUCT.md
    // "Statements").
    statements = startStatementsJob({
      db: database.db,
      timeZone: config.timeZone,
      log: (message) => logger.info({ job: 'statements' }, message),
    });
    // The redemption counters folded every 0.5 s (docs/DATA.md "Folded counts"); readers fold too.
    countFold = startCountFoldJob({
      db: database.db,
      log: (message) => logger.warn({ job: 'count-fold' }, message),
    });
    if (!server.listening) await once(server, 'listening');
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    if (config.production) {
      // Production logs are JSON lines only.
      logger.info({ url, port, database: database.kind, createdAdmin: result.createdAdmin }, 'StayPerks is running');
      return;
    }
    // Last, once the server listens and the demo data is ready, so it is what the terminal shows.
    console.log(
      startBanner({
        url,
        database: database.kind,
        seededDemo: result.seededDemo,
        createdAdmin: result.createdAdmin,
        demoHotelId: result.demoHotelId,
        demoVoucherCode: result.demoVoucherCode,
        publicUrl: config.publicUrl,
        quietRequests: config.requestLogLevel === 'debug' && !['debug', 'trace'].includes(config.logLevel),
      }),
    );
  } catch (error) {
    if (error instanceof StartupError) console.error(`\n${error.message}\n`);
    else logger.fatal({ err: error }, 'could not start');
    await stop(1);
  }
}

/** Stops accepting connections, closes idle keep-alive ones, and after `graceMs` cuts those still busy. */
function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
