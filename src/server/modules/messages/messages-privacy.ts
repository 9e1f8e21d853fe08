import { and, eq, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { ERASED_MOBILE } from '../../../shared/privacy';
import type { Db } from '../../db/client';
import { messages } from './table';

/**
 * Messages hold a guest's number (`recipient`) and the template's variables (`params`: a code, a name): personal data
 * (docs/PRIVACY.md "Codes and messages"). Erasure and retention anonymise a message rather than delete it: the row
 * keeps its (subject, kind, key), so nothing is ever sent twice, and its channel, status and times, so the texts a
 * day cost stay countable; `recipient` becomes ERASED_MOBILE (no digit) and `params` empty. A message not yet sent to
 * an erased number is cancelled: it has nobody to go to.
 */
const anonymised = { recipient: ERASED_MOBILE, params: {} };

/** Erasure: every message to this number. Answers how many were anonymised. */
export async function anonymiseMessagesTo(tx: Db, mobile: string): Promise<number> {
  const done = await tx
    .update(messages)
    .set({
      ...anonymised,
      status: sql`case when ${messages.status} in ('queued', 'sending') then 'cancelled' else ${messages.status} end`,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(eq(messages.recipient, mobile))
    .returning({ id: messages.id });
  return done.length;
}

/**
 * Retention: messages made before `before` (the start of the run's business day) that are settled (sent, failed or
 * cancelled); a queued one (a reminder waiting for the morning) keeps its number until it is sent. Answers how many
 * were anonymised.
 */
export async function anonymiseSettledMessagesBefore(db: Db, before: SQL | Date): Promise<number> {
  const done = await db
    .update(messages)
    .set(anonymised)
    .where(
      and(
        lt(messages.createdAt, before),
        ne(messages.recipient, ERASED_MOBILE),
        notInArray(messages.status, ['queued', 'sending']),
      ),
    )
    .returning({ id: messages.id });
  return done.length;
}
