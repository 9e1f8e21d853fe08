import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { ERASED_MOBILE, ERASED_NAME } from '../../../shared/privacy';
import type { Db } from '../../db/client';
import { customerScans } from './table';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { cancelUnredeemedCoupons } from '../coupons/coupons.service';
import { deleteOfflineRedemptionsOfScans } from '../coupons/offline-redemptions.service';
import { coupons } from '../coupons/table';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';
import { offers } from '../offers/table';
import { cancelQueuedGuestMessages } from '../messages/messages-opt-out';
import { anonymiseMessagesTo } from '../messages/messages-privacy';
import { deleteSubscriptionsOfScans } from '../push/push.service';
import { deleteCodesOf } from '../verification/verification-privacy';
import { queueWalletUpdatesOfScans } from '../wallet/wallet-updates';

/**
 * Guest data kept no longer than needed (docs/PRIVACY.md): a scan's name and mobile are replaced by ERASED_NAME and
 * ERASED_MOBILE after the retention period, or at once when the guest asks. The scan, its coupons and the counters
 * stay (the derived tables never read names or mobiles), so counts, reports and redemptions do not change.
 */
const anonymised = {
  customerName: ERASED_NAME,
  mobileNumber: ERASED_MOBILE,
  marketingOptIn: false,
  // The reminders consent goes with the number it was for (docs/PRIVACY.md "Anonymised scans").
  remindersOptIn: false,
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
    // Their Google Wallet passes go inactive (docs/PRIVACY.md "Google Wallet").
    await queueWalletUpdatesOfScans(
      tx,
      scans.map((scan) => scan.id),
    );
    // Their Web Push subscriptions (a browser on a phone) go too (docs/PRIVACY.md "Reminders and review requests").
    await deleteSubscriptionsOfScans(
      tx,
      scans.map((scan) => scan.id),
    );
    // Their vouchers' offline redemptions as they arrived (docs/PRIVACY.md "Offline redemptions").
    await deleteOfflineRedemptionsOfScans(
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

/**
 * Vouchers back on another phone (docs/PRODUCT.md "Guest trust"): the stay of this number at this hotel that has not
 * ended, the one the scan check calls "already collected". A verified scan first: with phone verification on, an
 * unverified one may be a stranger's claim with this number.
 */
export async function stayToRecover(db: Db, hotelId: string, mobile: string, today: string) {
  const [scan] = await db
    .select({ id: customerScans.id })
    .from(customerScans)
    .where(
      and(
        eq(customerScans.hotelId, hotelId),
        eq(customerScans.mobileNumber, mobile),
        gte(customerScans.checkoutDate, today),
      ),
    )
    .orderBy(desc(customerScans.verified), desc(customerScans.scanDate))
    .limit(1);
  return scan?.id;
}

/**
 * My data (docs/PRIVACY.md "My data"): every scan of this number that still names it (anonymised ones no longer do),
 * newest first, with its hotel and its vouchers. Two reads: the number's scans by customer_scans_mobile_idx, then their
 * coupons by coupons_scan_idx.
 */
export async function guestDataOf(db: Db, mobile: string) {
  const scans = await db
    .select({
      id: customerScans.id,
      hotelName: hotels.name,
      customerName: customerScans.customerName,
      scanDate: customerScans.scanDate,
      checkoutDate: customerScans.checkoutDate,
      consentVersion: customerScans.consentVersion,
      consentedAt: customerScans.consentedAt,
      marketingOptIn: customerScans.marketingOptIn,
      remindersOptIn: customerScans.remindersOptIn,
      remindersOptedOutAt: customerScans.remindersOptedOutAt,
      verified: customerScans.verified,
    })
    .from(customerScans)
    .innerJoin(hotels, eq(hotels.id, customerScans.hotelId))
    .where(eq(customerScans.mobileNumber, mobile))
    .orderBy(desc(customerScans.scanDate), desc(customerScans.id));
  const vouchers =
    scans.length === 0
      ? []
      : await db
          .select({
            scanId: coupons.scanId,
            code: coupons.code,
            offerName: offers.offerName,
            merchantName: merchants.name,
            validityTo: offers.validityTo,
            isRedeemed: coupons.isRedeemed,
            redeemedAt: coupons.redeemedAt,
            cancelledAt: coupons.cancelledAt,
          })
          .from(coupons)
          .innerJoin(offers, eq(offers.id, coupons.offerId))
          .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
          .where(
            inArray(
              coupons.scanId,
              scans.map((scan) => scan.id),
            ),
          )
          .orderBy(asc(coupons.createdAt), asc(coupons.code));
  return scans.map((scan) => ({ ...scan, vouchers: vouchers.filter((voucher) => voucher.scanId === scan.id) }));
}
export type GuestData = Awaited<ReturnType<typeof guestDataOf>>;

/**
 * PUT /my-data/name: the guest corrects the name on every scan of the number (vouchers and counters do not read it).
 * One audit event by the verified guest, with the count only: neither the number nor the name.
 */
export async function correctGuestName(db: Db, mobile: string, name: string, audit: AuditContext): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(customerScans)
      .set({ customerName: name })
      .where(eq(customerScans.mobileNumber, mobile))
      .returning({ id: customerScans.id });
    await recordAudit(tx, audit, {
      action: 'guest.name_correct',
      entity: 'customer_scan',
      after: { scans: done.length },
    });
    return done.length;
  });
}

/** POST /my-data/marketing-withdraw: the optional offers box is taken back on every scan of the number. */
export async function withdrawMarketing(db: Db, mobile: string, audit: AuditContext): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(customerScans)
      .set({ marketingOptIn: false })
      .where(and(eq(customerScans.mobileNumber, mobile), eq(customerScans.marketingOptIn, true)))
      .returning({ id: customerScans.id });
    await recordAudit(tx, audit, {
      action: 'guest.marketing_withdraw',
      entity: 'customer_scan',
      after: { scans: done.length },
    });
    return done.length;
  });
}

/**
 * POST /my-data/reminders-stop: the reminders box taken back, as the message's opt-out link does (docs/PRODUCT.md
 * "Reminders"): every scan of the number that ticked it is marked opted out (kept from the first time), its queued
 * reminders and review requests are cancelled and its Web Push subscriptions removed; one audit event by the verified
 * guest, with the counts only. Answers how many scans were stopped now.
 */
export async function stopGuestReminders(db: Db, mobile: string, audit: AuditContext): Promise<number> {
  return db.transaction(async (tx) => {
    const scans = await tx
      .update(customerScans)
      .set({ remindersOptedOutAt: sql`coalesce(${customerScans.remindersOptedOutAt}, now())` })
      .where(
        and(
          eq(customerScans.mobileNumber, mobile),
          eq(customerScans.remindersOptIn, true),
          isNull(customerScans.anonymisedAt),
        ),
      )
      // now() is the transaction's start: equal only where this statement set it.
      .returning({ id: customerScans.id, stopped: sql<boolean>`${customerScans.remindersOptedOutAt} = now()` });
    const scanIds = scans.map((scan) => scan.id);
    const messagesCancelled = await cancelQueuedGuestMessages(tx, scanIds, 'guest opted out');
    const subscriptionsRemoved = await deleteSubscriptionsOfScans(tx, scanIds);
    const stopped = scans.filter((scan) => scan.stopped).length;
    await recordAudit(tx, audit, {
      action: 'guest.reminders_opt_out',
      entity: 'customer_scan',
      after: {
        scans: scanIds.length,
        newly_stopped: stopped,
        messages_cancelled: messagesCancelled,
        push_subscriptions_removed: subscriptionsRemoved,
      },
    });
    return stopped;
  });
}
