import { eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from './table';

/**
 * Codes hold a guest's number (docs/PRIVACY.md "Codes and messages"). A code is worth nothing once it has expired (10
 * minutes) or been used, so erasure and retention delete the rows rather than anonymise them: nothing else refers to
 * a code (its message names it by `subject`, text only).
 */

/** Erasure: every code ever sent to this number. Answers how many were deleted. */
export async function deleteCodesOf(tx: Db, mobile: string): Promise<number> {
  const gone = await tx
    .delete(verificationCodes)
    .where(eq(verificationCodes.mobileNumber, mobile))
    .returning({ id: verificationCodes.id });
  return gone.length;
}

/**
 * Retention: codes made before `before` (the start of the run's business day: a code lives 10 minutes, and today's
 * codes are what "5 codes a number a day" and "another after 60 s" count). Answers how many were deleted.
 */
export async function deleteCodesMadeBefore(db: Db, before: SQL | Date): Promise<number> {
  const gone = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.createdAt, before))
    .returning({ id: verificationCodes.id });
  return gone.length;
}
