import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The proof that a login of a merchant synced its codes at `syncedAt` (docs/COUNTER.md "Without a network"): an HMAC
 * the server gives with the codes and checks when the queue comes back. The phone's last sync is the earliest its
 * offline redemptions can be dated, so without the proof a phone could date one days back (into an offer's validity
 * that has since ended); a sync time without a valid proof is not believed. It names the login too: a queue sent by
 * another login of the shop (the next shift's, on the same phone) is recorded as redeemed by the one who accepted it
 * only with that login's proof.
 */
export const offlineSyncProof = (secret: string, merchantId: string, userId: string, syncedAt: Date) =>
  createHmac('sha256', `offline-sync:${secret}`)
    .update(`${merchantId}|${userId}|${syncedAt.toISOString()}`)
    .digest('base64url');

/** `syncedAt` when `proof` is the server's for this merchant, login and time, else undefined. */
export function provenSyncTime(
  secret: string,
  merchantId: string,
  userId: string,
  syncedAt: Date,
  proof: string | null | undefined,
): Date | undefined {
  if (!proof) return undefined;
  const expected = Buffer.from(offlineSyncProof(secret, merchantId, userId, syncedAt));
  const given = Buffer.from(proof);
  return expected.length === given.length && timingSafeEqual(expected, given) ? syncedAt : undefined;
}
