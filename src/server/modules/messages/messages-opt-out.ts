import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { GUEST_MESSAGE_KINDS, messages } from './table';

/**
 * The guest stopped the messages about these stays (the opt-out link, docs/PRODUCT.md "Reminders"): their guest
 * messages still waiting in the outbox are cancelled, with `reason` as last_error, and lose their variables. A message
 * being sent at this moment is left to its composer, which reads the opt-out just before the send. In the caller's
 * transaction; answers how many were cancelled.
 */
export async function cancelQueuedGuestMessages(tx: Db, scanIds: readonly string[], reason: string): Promise<number> {
  if (scanIds.length === 0) return 0;
  const cancelled = await tx
    .update(messages)
    .set({ status: 'cancelled', lastError: reason, params: {}, claimedBy: null, claimedUntil: null })
    .where(
      and(
        inArray(messages.scanId, [...scanIds]),
        inArray(messages.kind, [...GUEST_MESSAGE_KINDS]),
        eq(messages.status, 'queued'),
      ),
    )
    .returning({ id: messages.id });
  return cancelled.length;
}
