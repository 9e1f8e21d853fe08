import * as v from 'valibot';
import { named } from '../../platform/openapi/shapes';

/** GET /push/key: the server's VAPID public key, the `applicationServerKey` a browser subscribes with. */
export const PushKeyView = named('PushKey', v.strictObject({ public_key: v.string() }));
export type PushKeyView = v.InferOutput<typeof PushKeyView>;

/** POST /push/subscriptions: the subscription kept for the stay. */
export const PushSubscriptionView = named('PushSubscription', v.strictObject({ endpoint: v.string() }));
export type PushSubscriptionView = v.InferOutput<typeof PushSubscriptionView>;

/** DELETE /push/subscriptions: whether this browser had a subscription for the stay. */
export const PushUnsubscribedView = named('PushUnsubscribed', v.strictObject({ removed: v.boolean() }));
export type PushUnsubscribedView = v.InferOutput<typeof PushUnsubscribedView>;
