import type { Db } from '../../db/client';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { stopRemindersOfNumber } from '../customer-scans/reminders-opt-out';
import { cancelQueuedGuestMessages } from '../messages/messages-opt-out';
import { deleteSubscriptionsOfScans } from '../push/push.service';

/** What a message's last_error says of one the guest stopped. */
export const OPTED_OUT_REASON = 'guest opted out';

export interface OptOut {
  /** Scans of the number (not anonymised), all stopped now. */
  scans: number;
  /** Of those, stopped by this call (0 when the link was used before). */
  newlyStopped: number;
  messagesCancelled: number;
  subscriptionsRemoved: number;
}

/**
 * The opt-out link, POST /o/<token> (docs/PRODUCT.md "Reminders"): in one transaction, every scan of the stay's number
 * that still names the guest is marked opted out (nothing more is queued or sent about it: the reminders job and
 * the composers read the mark), its queued reminders and review requests are cancelled, its Web Push
 * subscriptions removed, and one audit event by the actor "guest (message link)" keeps the counts (never the number).
 * Using the link again changes nothing more but is recorded too, as an erasure request is.
 */
export async function optOutOfMessages(db: Db, scanId: string, audit: AuditContext): Promise<OptOut> {
  return db.transaction(async (tx) => {
    const { scanIds, stopped } = await stopRemindersOfNumber(tx, scanId);
    const messagesCancelled = await cancelQueuedGuestMessages(tx, scanIds, OPTED_OUT_REASON);
    const subscriptionsRemoved = await deleteSubscriptionsOfScans(tx, scanIds);
    const result = { scans: scanIds.length, newlyStopped: stopped, messagesCancelled, subscriptionsRemoved };
    await recordAudit(tx, audit, {
      action: 'guest.reminders_opt_out',
      entity: 'customer_scan',
      entityId: scanId,
      after: {
        scans: result.scans,
        newly_stopped: stopped,
        messages_cancelled: messagesCancelled,
        push_subscriptions_removed: subscriptionsRemoved,
      },
    });
    return result;
  });
}
