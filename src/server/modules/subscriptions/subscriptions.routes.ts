import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { answers } from '../../platform/openapi/describe';
import { presentDuration, SubscriptionDurationView } from './subscriptions.presenter';
import { listDurations } from './subscriptions.service';

/** GET /subscription-durations: the seeded 1/3/6/12-month choices, shortest first. */
export function subscriptionDurationRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/', answers(v.array(SubscriptionDurationView)), requireRole('backOffice'), async (c) =>
    c.json((await listDurations(db)).map(presentDuration)),
  );
}
