import * as v from 'valibot';
import { optionalParam, pageCursor, uuidText } from './common';
import { decodeUuidKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '../keyset-cursor';
import { billAmountValue, isVoucherCode, normalizeVoucherCode } from './merchant-area';
import { safeText } from './text';
import { OFFLINE_BATCH_MAX } from '../offline-redemption';

export { OFFLINE_BATCH_MAX };

/**
 * Offline redemption at the counter (docs/COUNTER.md "Without a network"): the merchant's pending codes the phone
 * keeps, and the batch of redemptions it accepted without a network.
 */

/** Codes a page of GET /merchant/offline-codes holds; the phone reads the pages one after another. */
export const OFFLINE_CODES_PAGE = 1000;
/**
 * The earliest a queued redemption may be dated, counted back from its arrival, whatever the phone says its last
 * sync was: a phone cannot backdate a redemption past this.
 */
export const OFFLINE_MAX_DAYS = 7;
/** Queued redemptions are kept this long after they arrive, then the daily retention run deletes them. */
export const OFFLINE_KEEP_DAYS = 90;
/** "Needs attention": a page of the list. */
export const NEEDS_ATTENTION_PAGE = 100;

const CODE_CURSOR = /^[A-Z0-9]{1,16}$/;
export const OFFLINE_CURSOR_INVALID = 'cursor is not a valid page cursor: load the list again from the first page';

/** GET /merchant/offline-codes?cursor=: the codes after the previous page's last (X-Next-Cursor). */
export const OfflineCodesQuerySchema = v.object({
  cursor: optionalParam(v.pipe(v.string(), v.regex(CODE_CURSOR, OFFLINE_CURSOR_INVALID))),
});

/** "Needs attention" pages newest first: the last row's arrival and id (keyset-cursor.ts). */
export type NeedsAttentionCursor = KeysetCursor<string>;
export const encodeNeedsAttentionCursor = (cursor: NeedsAttentionCursor): string => encodeKeysetCursor(cursor);
export const decodeNeedsAttentionCursor = (text: string): NeedsAttentionCursor | undefined =>
  decodeUuidKeysetCursor(text);

/** GET /merchant/offline-redemptions?cursor=: "Needs attention", newest first. */
export const NeedsAttentionQuerySchema = v.object({
  cursor: optionalParam(pageCursor(decodeNeedsAttentionCursor, OFFLINE_CURSOR_INVALID)),
});
export type NeedsAttentionQuery = v.InferOutput<typeof NeedsAttentionQuerySchema>;

const instant = (field: string) =>
  v.pipe(
    v.string(`${field} must be a date and time`),
    v.isoTimestamp(`${field} must be a date and time such as 2026-11-27T09:30:00.000Z`),
    v.transform((text) => new Date(text)),
    v.check((date) => !Number.isNaN(date.getTime()), `${field} must be a date and time`),
  );

/** One redemption accepted offline: its nonce (random, made by the phone), the code, the phone's time, the bill. */
export const OfflineRedemptionItemSchema = v.object({
  nonce: v.pipe(v.string('nonce is required'), v.uuid('nonce must be a UUID')),
  code: v.pipe(
    v.string('code is required'),
    safeText('code'),
    v.transform(normalizeVoucherCode),
    v.check(isVoucherCode, 'code must be a voucher code'),
  ),
  device_time: instant('device_time'),
  bill_amount: v.optional(v.nullable(billAmountValue)),
});

/**
 * POST /merchant/offline-redemptions {synced_at, sync_proof, items}: `synced_at` is the server's time of the phone's
 * last sync and `sync_proof` the server's proof of it (both from GET /merchant/offline-codes): with a valid proof it is
 * the earliest its redemptions can be dated; without one they are dated on arrival.
 */
export const OfflineBatchSchema = v.object({
  synced_at: instant('synced_at'),
  sync_proof: v.optional(
    v.nullable(v.pipe(v.string('sync_proof must be text'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'sync_proof is not valid'))),
    null,
  ),
  // The login that accepted the batch's redemptions, when another than the sender (the next shift on the same phone).
  accepted_by: v.optional(v.nullable(uuidText('accepted_by')), null),
  items: v.pipe(
    v.array(OfflineRedemptionItemSchema, 'items must be a list'),
    v.minLength(1, 'items must hold at least one redemption'),
    v.maxLength(OFFLINE_BATCH_MAX, `items must hold at most ${OFFLINE_BATCH_MAX} redemptions`),
  ),
});
export type OfflineBatchInput = v.InferOutput<typeof OfflineBatchSchema>;
export type OfflineRedemptionItem = v.InferOutput<typeof OfflineRedemptionItemSchema>;
