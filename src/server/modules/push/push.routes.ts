import { Hono } from 'hono';
import { GUEST_LINK_EXPIRED, GUEST_LINK_NOT_VALID } from '../../../shared/schemas/guest-links';
import { pushSubscriptionSchema, PushUnsubscribeSchema } from '../../../shared/schemas/push';
import type { AppDeps, AppEnv } from '../../platform/context';
import { forbidden } from '../../platform/lib/errors';
import { clientAddress, createLimiter } from '../../platform/middleware/rate-limit';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { readGuestLink } from '../reminders/guest-links';
import { PushKeyView, PushSubscriptionView, PushUnsubscribedView } from './push.presenter';
import { removeSubscription, saveSubscription } from './push.service';
import { vapidKeys } from './vapid';

/**
 * /api/push (docs/PRODUCT.md "Reminders"): Web Push for a guest who asked for reminders. Public: the key, and the
 * subscription of this browser to a stay, proven by the vouchers screen's `guest_token` (the signed vouchers link's
 * token, modules/reminders/guest-links.ts), never by a login. An endpoint is https on a browser's push service in
 * production (the server will POST to it; shared/schemas/push.ts).
 */
export function pushRoutes(deps: AppDeps) {
  const { db, config, rateLimitStore } = deps;
  // A phone subscribes once per stay; one address (a hotel's Wi-Fi) gets far more than its guests need.
  const calls = createLimiter(rateLimitStore, {
    keyPrefix: 'push-subscriptions',
    points: 60,
    duration: 10 * 60,
    message: (wait) => `Too many notification requests from this network. Please try again in ${wait}.`,
  });
  /** The stay the token proves (the secret is read per request: it is loaded after the routes are made). */
  const stayOf = (token: string) => {
    const link = readGuestLink(deps.jwtSecret, 'vouchers', token);
    if (!link.ok) throw forbidden(link.reason === 'expired' ? GUEST_LINK_EXPIRED : GUEST_LINK_NOT_VALID);
    return link.scanId;
  };
  return new Hono<AppEnv>()
    .get('/key', answers(PushKeyView), async (c) =>
      c.json({ public_key: (await vapidKeys(db, config.dataEncryptionKey)).publicKey }),
    )
    .post(
      '/subscriptions',
      answers(PushSubscriptionView, { status: 201, description: "This browser's subscription, kept for the stay" }),
      answers(PushSubscriptionView, { description: 'The same browser again: its keys replaced' }),
      validate('json', pushSubscriptionSchema(!config.production)),
      async (c) => {
        await calls.consume(clientAddress(c, config.trustProxy));
        const { token, subscription } = c.req.valid('json');
        const { created } = await saveSubscription(db, stayOf(token), subscription);
        return c.json({ endpoint: subscription.endpoint }, created ? 201 : 200);
      },
    )
    .delete('/subscriptions', answers(PushUnsubscribedView), validate('json', PushUnsubscribeSchema), async (c) => {
      await calls.consume(clientAddress(c, config.trustProxy));
      const { token, endpoint } = c.req.valid('json');
      return c.json({ removed: await removeSubscription(db, stayOf(token), endpoint) });
    });
}
