import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { ERASED_MOBILE, ERASED_NAME } from '../../../shared/privacy';
import type { Db } from '../../db/client';
import { customerScans } from './table';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { cancelUnredeemedCoupons } from '../coupons/coupons.service';
import { anonymiseMessagesTo } from '../messages/messages-privacy';
import { deleteCodesOf } from '../verification/verification-privacy';

/**
 * Guest data kept no longer than needed (docs/PRIVACY.md): a scan's name and mobile are replaced by ERASED_NAME and
 * ERASED_MOBILE after the retention period, or at once when the guest asks. The scan, its coupons and the counters
 * stay (the derived tables never read names or mobiles), so counts, reports and redemptions do not change.
 */
const anonymised = {
  customerName: ERASED_NAME,
  mobileNumber: ERASED_MOBILE,
  marketingOptIn: false,
  anonymisedAt: sql`now()`,
};

export interface Erasure {
  scans: number;
  vouchersCancelled: number;
  /** The number's verification codes (deleted) and messages (anonymised): docs/PRIVACY.md "Codes and messages". */
  codesDeleted: number;
  messagesAnonymised: number;
}

/**
 * POST /customer-scans/erase (and the guest's own, POST /my-data/erase): every scan of this number is anonymised and
 * its unredeemed vouchers cancelled, its verification codes deleted and its messages anonymised, in one transaction
 * with one audit event (also when nothing was found: the request is on record). The event holds counts only: the
 * number itself is what is being erased. Asking again finds nothing and changes nothing.
 */
export async function eraseGuest(db: Db, mobile: string, audit: AuditContext): Promise<Erasure> {
  return db.transaction(async (tx) => {
    const scans = await tx
      .update(customerScans)
      .set(anonymised)
      .where(eq(customerScans.mobileNumber, mobile))
      .returning({ id: customerScans.id });
    const vouchersCancelled = await cancelUnredeemedCoupons(
      tx,
      scans.map((scan) => scan.id),
    );
    const codesDeleted = await deleteCodesOf(tx, mobile);
    const messagesAnonymised = await anonymiseMessagesTo(tx, mobile);
    await recordAudit(tx, audit, {
      action: 'guest.erase',
      entity: 'customer_scan',
      after: {
        scans_anonymised: scans.length,
        vouchers_cancelled: vouchersCancelled,
        codes_deleted: codesDeleted,
        messages_anonymised: messagesAnonymised,
      },
    });
    return { scans: scans.length, vouchersCancelled, codesDeleted, messagesAnonymised };
  });
}

/** Rows anonymised per statement: short transactions, and no long lock on a busy table. */
const RETENTION_BATCH = 1000;

/**
 * The retention job's work (guest-retention.job.ts): anonymises every scan whose check-out was `retentionDays` or
 * more days before `today` (business days), in batches, on the partial index customer_scans_retention_idx.
 * Answers how many scans it anonymised.
 */
export async function anonymiseExpiredGuests(db: Db, today: string, retentionDays: number): Promise<number> {
  const lastCheckout = addDays(today, -retentionDays);
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: customerScans.id })
      .from(customerScans)
      .where(and(isNull(customerScans.anonymisedAt), lte(customerScans.checkoutDate, lastCheckout)))
      .limit(RETENTION_BATCH);
    const done = await db
      .update(customerScans)
      .set(anonymised)
      .where(inArray(customerScans.id, due))
      .returning({ id: customerScans.id });
    total += done.length;
    if (done.length < RETENTION_BATCH) return total;
  }
}
