import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../../shared/schemas/push';
import { PUSH_NEEDS_CONSENT, PUSH_OPTED_OUT, PUSH_STAY_GONE } from '../../../shared/schemas/push';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { conflict } from '../../platform/lib/errors';
import { customerScans } from '../customer-scans/table';
import { pushSubscriptions } from './table';

/**
 * Web Push subscriptions (docs/PRODUCT.md "Reminders"): one row per browser and stay. An endpoint identifies a browser
 * on a phone, so the rows go with the stay's personal data: erasure, retention and the opt-out delete them
 * (docs/PRIVACY.md "Reminders and review requests"), and so does the push service saying one is gone (404, 410).
 */

/**
 * Keeps this browser's subscription for the stay (a second call with the same endpoint replaces its keys). Only for a
 * stay whose guest asked for reminders and has not stopped them, and that still names the guest: else 409 with why.
 * The scan row is read `for share`, so an erasure or an opt-out running at the same moment either sees the new row
 * (and deletes it) or is seen by this insert (which then adds nothing). Answers whether the row is new.
 */
export async function saveSubscription(
  db: Db,
  scanId: string,
  subscription: PushSubscriptionInput['subscription'],
): Promise<{ created: boolean }> {
  const saved = rowsOf<{ created: boolean }>(
    await db.execute(sql`
      insert into ${pushSubscriptions} (scan_id, endpoint, p256dh, auth)
      select s.id, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth}
      from ${customerScans} s
      where s.id = ${scanId} and s.reminders_opt_in and s.reminders_opted_out_at is null and s.anonymised_at is null
      for share
      on conflict (scan_id, endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth
      returning (xmax = 0) as created`),
  );
  if (saved[0]) return { created: saved[0].created };
  const [scan] = await db
    .select({
      optIn: customerScans.remindersOptIn,
      optedOutAt: customerScans.remindersOptedOutAt,
      anonymisedAt: customerScans.anonymisedAt,
    })
    .from(customerScans)
    .where(eq(customerScans.id, scanId));
  if (!scan || scan.anonymisedAt) throw conflict(PUSH_STAY_GONE);
  if (scan.optedOutAt) throw conflict(PUSH_OPTED_OUT);
  throw conflict(PUSH_NEEDS_CONSENT);
}

/** This browser stops getting the stay's reminders. Answers whether there was a subscription. */
export async function removeSubscription(db: Db, scanId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.scanId, scanId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Whether any browser subscribed for the stay (the push channel reaches it). */
export async function hasSubscription(db: Db, scanId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.scanId, scanId))
    .limit(1);
  return row !== undefined;
}

export type StoredSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** The stay's subscriptions, oldest first. */
export async function subscriptionsOf(db: Db, scanId: string): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.scanId, scanId))
    .orderBy(pushSubscriptions.createdAt);
}

/** The push service took a message for this subscription. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSentAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** The push service says the subscription is gone (404, 410): nothing will reach it again. */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Erasure and the opt-out: every subscription of these scans, in the caller's transaction. Answers how many. */
export async function deleteSubscriptionsOfScans(tx: Db, scanIds: readonly string[]): Promise<number> {
  if (scanIds.length === 0) return 0;
  const deleted = await tx
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.scanId, [...scanIds]))
    .returning({ id: pushSubscriptions.id });
  return deleted.length;
}

/**
 * Retention: the subscriptions of every anonymised scan (the daily run anonymises scans in batches; this takes what
 * they leave, whichever run or erasure anonymised them). Answers how many.
 */
export async function deleteSubscriptionsOfAnonymisedScans(db: Db): Promise<number> {
  const deleted = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from ${pushSubscriptions} p using ${customerScans} s
      where s.id = p.scan_id and s.anonymised_at is not null
      returning p.id`),
  );
  return deleted.length;
}
