import * as v from 'valibot';
import { NOT_VALID_RULES } from '../../../shared/offer-rules';
import { OFFLINE_REASONS } from '../../../shared/offline-redemption';
import { encodeNeedsAttentionCursor, type NeedsAttentionCursor } from '../../../shared/schemas/offline';
import { clockTime, int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { BlackoutRangeView, hhmm } from '../offers/offers.presenter';
import type { NeedsAttentionRow, OfflineCodeRow, OfflineResult } from './offline-redemptions.service';

/** Offline redemption's answers (docs/COUNTER.md "Without a network"). */

/** One pending code as the phone keeps it: what judging it offline needs, and the guest's first name only. */
export const OfflineCodeView = named(
  'OfflineCode',
  v.strictObject({
    code: v.string(),
    offer_name: v.string(),
    validity_to: isoDate,
    redeem_weekdays: v.nullable(v.array(int)),
    blackout_dates: v.nullable(v.array(BlackoutRangeView)),
    min_bill: v.nullable(v.number()),
    /** Shown, not enforced (as online). */
    opening_hours: v.nullable(clockTime),
    closing_hours: v.nullable(clockTime),
    first_name: v.string(),
  }),
);
export type OfflineCodeView = v.InferOutput<typeof OfflineCodeView>;

/**
 * GET /merchant/offline-codes: a page of codes, the cursor of the next (null on the last page), the server's time
 * and its proof, which the phone sends back as `synced_at` and `sync_proof` with its queued redemptions, and the
 * business time zone whose day the rules are judged on.
 */
export const OfflineCodesView = named(
  'OfflineCodes',
  v.strictObject({
    synced_at: isoDateTime,
    sync_proof: v.string(),
    time_zone: v.string(),
    next_cursor: v.nullable(v.string()),
    codes: v.array(OfflineCodeView),
  }),
);
export type OfflineCodesView = v.InferOutput<typeof OfflineCodesView>;

export function presentOfflineCodes(
  rows: OfflineCodeRow[],
  next: string | null,
  now: Date,
  syncProof: string,
  timeZone: string,
): OfflineCodesView {
  return {
    synced_at: now.toISOString(),
    sync_proof: syncProof,
    time_zone: timeZone,
    next_cursor: next,
    codes: rows.map((row) => ({
      code: row.code,
      offer_name: row.offerName,
      validity_to: row.validityTo,
      redeem_weekdays: row.redeemWeekdays ?? null,
      blackout_dates: row.blackoutDates ?? null,
      min_bill: row.minBill === null ? null : Number(row.minBill),
      opening_hours: hhmm(row.openingHours),
      closing_hours: hhmm(row.closingHours),
      first_name: row.firstName,
    })),
  };
}

const reasonFields = {
  reason: v.nullable(v.picklist(OFFLINE_REASONS)),
  /** With `not_valid_now`: the rule the redemption broke at its time. */
  rule: v.nullable(v.picklist(NOT_VALID_RULES)),
  message: v.string(),
};

/** One queued redemption's result: `ok` (redeemed) or `needs_attention` with the reason. A replay answers the same. */
export const OfflineResultView = named(
  'OfflineRedemptionResult',
  v.strictObject({
    nonce: uuid,
    code: v.string(),
    status: v.picklist(['ok', 'needs_attention']),
    ...reasonFields,
    /** The redemption's time (ok): the phone's, bounded by its last sync and the arrival. */
    redeemed_at: v.nullable(isoDateTime),
    received_at: isoDateTime,
  }),
);
export type OfflineResultView = v.InferOutput<typeof OfflineResultView>;

export const presentOfflineResult = (row: OfflineResult): OfflineResultView => ({
  nonce: row.nonce,
  code: row.code,
  status: row.status,
  reason: row.reason,
  rule: row.rule,
  message: row.message,
  redeemed_at: row.redeemedAt?.toISOString() ?? null,
  received_at: row.receivedAt.toISOString(),
});

/** One row of "Needs attention", with the login that accepted it on the phone (null once removed). */
export const NeedsAttentionView = named(
  'NeedsAttention',
  v.strictObject({
    nonce: uuid,
    code: v.string(),
    ...reasonFields,
    device_time: isoDateTime,
    received_at: isoDateTime,
    accepted_by: v.nullable(v.string()),
  }),
);
export type NeedsAttentionView = v.InferOutput<typeof NeedsAttentionView>;

export const presentNeedsAttention = (row: NeedsAttentionRow): NeedsAttentionView => ({
  nonce: row.nonce,
  code: row.code,
  reason: row.reason,
  rule: row.rule,
  message: row.message,
  device_time: row.deviceTime.toISOString(),
  received_at: row.receivedAt.toISOString(),
  accepted_by: row.acceptedBy,
});

export const nextNeedsAttentionCursor = (next: NeedsAttentionCursor | null) =>
  next ? encodeNeedsAttentionCursor(next) : null;
