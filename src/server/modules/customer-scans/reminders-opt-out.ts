import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerScans } from './table';

/**
 * A guest stops the messages about a stay (docs/PRODUCT.md "Reminders", the opt-out link): every scan of the same
 * number that still names the guest gets `reminders_opted_out_at` (kept from the first time), so no reminder or
 * review request is queued or sent for any of them again (docs/PRIVACY.md "Notice and consent"). An anonymised scan
 * names nobody: nothing is sent to it anyway. In the caller's transaction; answers the number's scans, and how many
 * were stopped just now.
 */
export async function stopRemindersOfNumber(tx: Db, scanId: string): Promise<{ scanIds: string[]; stopped: number }> {
  const number = tx
    .select({ mobile: customerScans.mobileNumber })
    .from(customerScans)
    .where(and(eq(customerScans.id, scanId), isNull(customerScans.anonymisedAt)));
  const rows = await tx
    .update(customerScans)
    .set({ remindersOptedOutAt: sql`coalesce(${customerScans.remindersOptedOutAt}, now())` })
    .where(and(inArray(customerScans.mobileNumber, number), isNull(customerScans.anonymisedAt)))
    // now() is the transaction's start: equal only where this statement set it.
    .returning({ id: customerScans.id, stopped: sql<boolean>`${customerScans.remindersOptedOutAt} = now()` });
  return { scanIds: rows.map((row) => row.id), stopped: rows.filter((row) => row.stopped).length };
}
