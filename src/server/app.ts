import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './lib/errors';
import { authenticate } from './middleware/auth';
import { apiNotFound, handleError } from './middleware/errors';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { customerScanAdminRoutes } from './modules/customer-scans/customer-scans.admin-routes';
import { customerScanRoutes } from './modules/customer-scans/customer-scans.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { configRoutes } from './modules/config/config.routes';
import { contactUsRoutes } from './modules/contact-us/contact-us.routes';
import { fileRoutes } from './modules/files/files.routes';
import { hotelLoginRoutes, hotelRoutes } from './modules/hotels/hotels.routes';
import { locationRoutes } from './modules/locations/locations.routes';
import { merchantAreaRoutes } from './modules/merchant-area/merchant-area.routes';
import { merchantTypeRoutes } from './modules/merchant-types/merchant-types.routes';
import { merchantLoginRoutes, merchantRoutes } from './modules/merchants/merchants.routes';
import { offerRoutes } from './modules/offers/offers.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { subscriptionDurationRoutes } from './modules/subscriptions/subscriptions.routes';
import { mountWebApp } from './static';

/** Builds the whole HTTP app: /api routes, then the web app. Tests call this with a test database. */
export function createApp(deps: AppDeps) {
  const api = new Hono<AppEnv>()
    // JSON bodies are small; uploads set their own limit.
    .use('*', bodyLimit({ maxSize: 6 * 1024 * 1024, onError: () => { throw new AppError(413, 'File too large (maximum 5 MB)'); } }))
    .use('*', async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    })
    .get('/health', (c) =>
      deps.readiness.ready ? c.json({ status: 'ok' }) : c.json({ status: 'starting', detail: 'Database is not ready yet' }, 503),
    )
    .route('/files', fileRoutes(deps))
    .use('*', authenticate(deps))
    .route('/auth', authRoutes(deps))
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
    .route('/offers', offerRoutes(deps))
    .route('/customer-scans', customerScanRoutes(deps))
    .route('/customer-scans', customerScanAdminRoutes(deps))
    .route('/dashboard', dashboardRoutes(deps))
    .route('/reports', reportRoutes(deps))
    .route('/reviews', reviewRoutes(deps))
    .route('/coupons', couponRoutes(deps))
    .all('*', apiNotFound);

  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(apiNotFound);
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: 'same-origin' }));
  app.use('*', compress());
  app.route('/api', api);
  if (deps.webDir) mountWebApp(app, deps.webDir);
  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
