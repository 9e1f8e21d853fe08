import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { PERMISSIONS_POLICY, strictTransportSecurity } from './middleware/transport-security';
import type { ExtractSchema, RouterRoute } from 'hono/types';
import { dashboardRoutes } from '../areas/dashboard/dashboard.routes';
import { hotelAreaRoutes } from '../areas/hotel-area/hotel-area.routes';
import { merchantAreaRoutes } from '../areas/merchant-area/merchant-area.routes';
import { reportRoutes } from '../areas/reports/reports.routes';
import { databaseProbe } from '../db/client';
import { adminUserRoutes } from '../modules/admin-users/admin-users.routes';
import { auditRoutes } from '../modules/audit/audit.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { refreshSession } from '../modules/auth/auth.service';
import { counterFastPath } from '../areas/merchant-area/counter-fast-path';
import { configRoutes } from '../modules/config/config.routes';
import { contactUsRoutes } from '../modules/contact-us/contact-us.routes';
import { couponRoutes } from '../modules/coupons/coupons.routes';
import { customerScanRoutes } from '../modules/customer-scans/customer-scans.routes';
import { myDataRoutes } from '../modules/customer-scans/guest-self-service.routes';
import { fileRoutes } from '../modules/files/files.routes';
import { createGuestEventQueue } from '../modules/funnel/event-batches';
import { funnelReportRoutes, guestEventRoutes } from '../modules/funnel/funnel.routes';
import { subscriptionPeriodRoutes } from '../modules/hotels/billing.routes';
import { hotelLoginRoutes, hotelRoutes } from '../modules/hotels/hotels.routes';
import { billingSettingsRoutes, invoiceRoutes } from '../modules/invoices/invoices.routes';
import { locationRoutes } from '../modules/locations/locations.routes';
import { merchantTypeRoutes } from '../modules/merchant-types/merchant-types.routes';
import { merchantLoginRoutes, merchantRoutes } from '../modules/merchants/merchants.routes';
import { startOutboxWorker } from '../modules/messages/messages.job';
import { messagingSettingsRoutes } from '../modules/messages/messages.routes';
import { offerRoutes } from '../modules/offers/offers.routes';
import { paymentRoutes, paymentWebhookRoutes } from '../modules/payments/payments.routes';
import { passwordResetRoutes } from '../modules/password-reset/password-reset.routes';
import { pushRoutes } from '../modules/push/push.routes';
import { guestPageRoutes } from '../modules/reminders/guest-pages.routes';
import { reviewRoutes } from '../modules/reviews/reviews.routes';
import { statementRoutes } from '../modules/statements/statements.routes';
import { subscriptionDurationRoutes } from '../modules/subscriptions/subscriptions.routes';
import { findSessionUser, touchSession } from '../modules/users/sessions.service';
import { verificationRoutes } from '../modules/verification/verification.routes';
import type { AppDeps, AppEnv, GuestEventQueue, MessagingDeps } from './context';
import { SERVICE_UNAVAILABLE } from './lib/errors';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './mail/mailer';
import { outboxChannels } from './outbox';
import { createPaymentGateway } from './payments/create-payment-gateway';
import type { PaymentGateway } from './payments/payment-gateway';
import { setAnswerHeader, varyOnEncoding } from './middleware/answer-header';
import { authenticate } from './middleware/auth';
import { apiBodyLimit, tooLarge } from './middleware/body-limit';
import { apiNotFound, errorHandler } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { answers } from './openapi/describe';
import { openApiHandlers } from './openapi/serve';
import { HealthAnswer, HealthUnavailableAnswer } from './openapi/shapes';
import { API_CSP, mountWebApp } from './static';

/** What the server adds for operating it: its logger, and a readiness that also says when it is shutting down. */
export interface OperatingDeps {
  /** Defaults to JSON lines on stdout at config.logLevel. */
  logger?: Logger;
  readiness: { ready: boolean; stopping?: boolean };
}

/**
 * Builds the whole HTTP app: /api routes, then the web app. Tests call this with a test database. Each URL prefix is
 * mounted once, from the one folder that serves it (docs/DEVELOPING.md "Server layout").
 */
export function createApp(deps: AppDeps & OperatingDeps) {
  const logger = deps.logger ?? createLogger({ level: deps.config.logLevel });
  const database = databaseProbe(deps.db, { timeoutMs: 1_000, cacheMs: 1_000 });
  // The caller of every /api request that carries a token (the users module's lookup, so middleware imports no
  // module); /files reads it for its private files only.
  const signedIn = authenticate({
    jwtSecret: () => deps.jwtSecret,
    findUser: (id, sid) => findSessionUser(deps.db, id, sid, deps.config.mfaRequired),
    touchSession: (session) => touchSession(deps.db, session),
    refreshSession: (claims) => refreshSession(deps.db, claims, deps.jwtSecret),
  });
  // Messages (docs/OPERATING.md "Messages"): the provider MESSAGE_PROVIDER names, and the outbox worker that a queued
  // message kicks (index.ts passes its own, which also runs every 30 s; otherwise, as in tests, one that runs on kicks).
  const channels = outboxChannels({
    db: deps.db,
    config: deps.config,
    messenger: deps.messenger,
    mailer: deps.mailer,
    log: (line) => logger.info({ provider: 'log' }, line),
    secret: () => deps.jwtSecret,
  });
  const { messenger } = channels;
  const outbox =
    deps.outbox ??
    startOutboxWorker({
      db: deps.db,
      ...channels,
      timeZone: deps.config.timeZone,
      timer: false,
      log: (message) => logger.warn({ job: 'outbox' }, message),
    });
  // The guest page's events (index.ts passes its own, stopped with the server; otherwise one made here).
  const guestEvents =
    deps.guestEvents ?? createGuestEventQueue({ db: deps.db, timeZone: deps.config.timeZone, logger });
  // The API description reads the whole app's routes, all registered before its first request.
  // E-mail (docs/OPERATING.md "E-mail"): back-office password-reset codes, by SMTP or the log mailer.
  const mailer =
    deps.mailer ??
    createMailer(deps.config.mail, {
      log: (line) => logger.info({ provider: 'mail' }, line),
      warn: (line) => logger.warn({ provider: 'mail' }, line),
      production: deps.config.production,
    });
  // Payment links (docs/OPERATING.md "Payments"): the gateway PAYMENT_GATEWAY names, none by default.
  const gateway = createPaymentGateway(deps.config.payments, {
    log: (line) => logger.info({ provider: 'payments' }, line),
    publicUrl: deps.config.publicUrl,
  });
  const api = apiRoutes(
    deps,
    { messenger, outbox, mailer },
    signedIn,
    database,
    () => app.routes,
    { gateway, logger },
    guestEvents,
  );

  const app = new Hono<AppEnv>();
  app.onError(errorHandler(logger));
  app.notFound(apiNotFound);
  app.use('*', requestLog(logger, deps.readiness, deps.config.requestLogLevel));
  // HSTS only over HTTPS (transport-security.ts), so Hono's own is off.
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      strictTransportSecurity: false,
      permissionsPolicy: PERMISSIONS_POLICY,
    }),
  );
  app.use('*', strictTransportSecurity(deps.config.trustProxy));
  // Nothing under /api is a page: JSON, uploaded files and voucher PDFs never run script or load anything, even
  // when opened directly (docs/SECURITY.md, Headers and files). HTML answers get the app's policy (static.ts).
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) setAnswerHeader(c, 'Content-Security-Policy', API_CSP);
  });
  app.use('*', compress());
  app.use('*', varyOnEncoding());
  app.route('/api', api);
  // The pages a guest's message links to (/v/<token>, /o/<token>): the server's own HTML, before the web app's.
  app.route('/', guestPageRoutes(deps));
  if (deps.webDir) mountWebApp(app, deps.webDir);
  return app;
}

/**
 * The /api router as one chain, so that its type is the API's route table (`ApiSchema` below): the web's calls are
 * typed from it (docs/DEVELOPING.md "Typed API calls").
 */
function apiRoutes(
  deps: AppDeps & OperatingDeps,
  messaging: MessagingDeps,
  signedIn: ReturnType<typeof authenticate>,
  database: ReturnType<typeof databaseProbe>,
  allRoutes: () => RouterRoute[],
  payments: { gateway: PaymentGateway | undefined; logger: Logger },
  guestEvents: GuestEventQueue,
) {
  return (
    new Hono<AppEnv>()
      // JSON bodies are small; uploads set their own limit.
      .use('*', apiBodyLimit(6 * 1024 * 1024, tooLarge))
      .use('*', async (c, next) => {
        await next();
        if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
      })
      // For load balancers (docs/OPERATING.md): 503 while starting, stopping or when the database does not answer.
      .get('/health', answers(HealthAnswer), answers(HealthUnavailableAnswer, { status: 503 }), async (c) => {
        if (deps.readiness.stopping) return c.json({ status: 'stopping', detail: SERVICE_UNAVAILABLE }, 503);
        if (!deps.readiness.ready) return c.json({ status: 'starting', detail: 'Database is not ready yet' }, 503);
        if (!(await database.ok())) return c.json({ status: 'unavailable', detail: SERVICE_UNAVAILABLE }, 503);
        return c.json({ status: 'ok' });
      })
      // The API described once (docs/DEVELOPING.md "API conventions"): public, generated from the routes below.
      .get('/openapi.json', ...openApiHandlers(allRoutes))
      .route('/files', fileRoutes(deps, signedIn))
      .route('/payment-webhooks', paymentWebhookRoutes(deps, payments.gateway, payments.logger))
      // A right code at the counter in one round trip, its session checked in its own statement; else on below.
      .use('*', counterFastPath(deps))
      .use('*', signedIn)
      .route('/auth', authRoutes(deps))
      .route('/auth/password-reset', passwordResetRoutes(deps, messaging))
      .route('/locations', locationRoutes(deps))
      .route('/merchant-types', merchantTypeRoutes(deps))
      .route('/config', configRoutes(deps))
      .route('/subscription-durations', subscriptionDurationRoutes(deps))
      .route('/hotels', hotelRoutes(deps))
      .route('/users/hotel', hotelLoginRoutes(deps))
      .route('/contact-us', contactUsRoutes(deps))
      .route('/admin-users', adminUserRoutes(deps))
      .route('/merchants', merchantRoutes(deps))
      .route('/users/merchant', merchantLoginRoutes(deps))
      .route('/merchant', merchantAreaRoutes(deps))
      .route('/hotel', hotelAreaRoutes(deps))
      .route('/offers', offerRoutes(deps))
      .route('/customer-scans', customerScanRoutes(deps))
      .route('/my-data', myDataRoutes(deps))
      .route('/guest', guestEventRoutes(deps, guestEvents))
      .route('/funnel', funnelReportRoutes(deps))
      .route('/dashboard', dashboardRoutes(deps))
      .route('/reports', reportRoutes(deps))
      .route('/reviews', reviewRoutes(deps))
      .route('/statements', statementRoutes(deps))
      .route('/coupons', couponRoutes(deps))
      .route('/audit-events', auditRoutes(deps))
      .route('/verification', verificationRoutes(deps, messaging))
      .route('/push', pushRoutes(deps))
      .route('/settings/messaging', messagingSettingsRoutes(deps, messaging))
      .route('/settings/billing', billingSettingsRoutes(deps))
      .route('/invoices', invoiceRoutes(deps))
      .route('/subscription-periods', subscriptionPeriodRoutes(deps))
      .route('/payments', paymentRoutes(deps, payments.gateway))
      .all('*', apiNotFound)
  );
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;

/**
 * Every /api route by path ('/hotels/:id', without /api) and method ('$get'): its input (param, query, json), and
 * per status its output and format. src/shared/api-types.ts re-exports it (type-only) for the web's client.
 */
export type ApiSchema = ExtractSchema<ApiRoutes>;
