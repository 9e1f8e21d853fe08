import type { IsoDate } from './dates';
import { billRequiredText, billRefusal, redeemableOn, type DayRules, type NotValidRule } from './offer-rules';
import { formatDate } from './format';

/**
 * Offline redemption (docs/COUNTER.md "Without a network"): the rules a code is judged by on the phone, with no
 * network, and by the server when the queued redemption arrives, so both say the same. The phone keeps the
 * merchant's own pending codes (GET /merchant/offline-codes) and judges one against them; the server judges in its
 * redemption's one UPDATE and uses this to tell why an arrival changed nothing.
 */

/**
 * Redemptions one POST /merchant/offline-redemptions takes; a longer queue is sent in several. Here, not with the
 * schemas: the phone reads it without loading valibot's date checks into the first load.
 */
export const OFFLINE_BATCH_MAX = 50;

/** Why a queued offline redemption was not applied: it lands in "Needs attention". */
export const OFFLINE_REASONS = ['redeemed_elsewhere', 'cancelled', 'expired', 'not_valid_now', 'unknown'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

/** What a reason says in "Needs attention" (the rule's own words come with `not_valid_now`). */
export const OFFLINE_REASON_TEXT: Record<OfflineReason, string> = {
  redeemed_elsewhere: 'Already redeemed before this one reached StayPerks',
  cancelled: "Cancelled at the guest's request",
  expired: 'The offer had expired',
  not_valid_now: 'Not valid at that time',
  unknown: 'No voucher with this code was found for your store',
};

/** What the phone shows for a code it does not hold while offline. */
export const OFFLINE_UNKNOWN_TEXT = "Can't check this code offline";
/** The amber state of a code accepted without a network (never the green success). */
export const OFFLINE_ACCEPTED_TEXT = 'Accepted offline, will sync';

/** A code's rules as the offline list gives them (snake_case, as the API answers). */
export interface OfflineJudged extends DayRules {
  validity_to: IsoDate;
  min_bill: number | null;
}

export type OfflineRefusal =
  | { reason: 'expired'; rule: null; message: string }
  | { reason: 'not_valid_now'; rule: NotValidRule; message: string }
  | { reason: 'bill_required'; rule: null; message: string; min_bill: number };

/**
 * A pending code judged on the business day `day` with the bill (null: none entered): null when it may be
 * redeemed, else why not, in the counter's order (docs/COUNTER.md "Offer rules at the counter"): expired, the
 * weekday, a blackout date, no bill for a minimum bill (the phone asks for it), a bill below the minimum.
 * "Redeem anyway" is not offered offline.
 */
export function offlineRefusal(code: OfflineJudged, day: IsoDate, bill: number | null): OfflineRefusal | null {
  if (code.validity_to < day)
    return { reason: 'expired', rule: null, message: `Expired on ${formatDate(code.validity_to)}` };
  const notToday = redeemableOn(code, day);
  if (notToday) return { reason: 'not_valid_now', ...notToday };
  if (code.min_bill === null) return null;
  if (bill === null)
    return { reason: 'bill_required', rule: null, message: billRequiredText(code.min_bill), min_bill: code.min_bill };
  const below = billRefusal(code.min_bill, bill);
  return below ? { reason: 'not_valid_now', ...below } : null;
}
