import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { customerScans } from '../customer-scans/table';

/**
 * Web Push subscriptions (docs/PRODUCT.md "Reminders"): a guest who allowed notifications on the page gets the stay's
 * reminders here first. An endpoint identifies a browser on a phone: personal data, deleted by erasure and when the
 * scan is anonymised (docs/PRIVACY.md "Reminders and review requests"), and when the push service says it is gone
 * (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidKey(),
    scanId: uuidRef('scan_id', () => customerScans.id),
    endpoint: text('endpoint').notNull(),
    /** The browser's keys (base64url): the message is encrypted to them (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_scan_endpoint_uq').on(t.scanId, t.endpoint),
    index('push_subscriptions_endpoint_idx').on(t.endpoint),
  ],
);
