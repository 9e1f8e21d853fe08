import * as v from 'valibot';
import { named } from './describe';

/**
 * Field types the answers' shapes are written with (beside each presenter, docs/DEVELOPING.md "API conventions"): a
 * JSON answer has no dates or big numbers, only their text. The test of the answers parses real answers with them, so
 * `isoDateTime` holds every instant to the `toISOString()` form.
 */
export const int = v.pipe(v.number(), v.integer());
export const uuid = v.pipe(v.string(), v.uuid());
/** 'YYYY-MM-DD', a business day. */
export const isoDate = v.pipe(v.string(), v.isoDate());
/** An instant as `Date.toISOString()` writes it. */
export const isoDateTime = v.pipe(v.string(), v.isoTimestamp());
/** 'YYYY-MM'. */
export const isoMonth = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/));
/** 'HH:MM'. */
export const clockTime = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** Response headers of the paged lists (docs/DEVELOPING.md "API conventions"). */
export const TOTAL_COUNT = { 'X-Total-Count': 'How many rows match the filters, all pages together' };
export const NEXT_CURSOR = { 'X-Next-Cursor': "The next page's `cursor`; absent on the last page" };

/** Every refusal and failure: 4xx and 5xx answer `{"detail": "..."}` (docs/DEVELOPING.md "API conventions"). */
export const ErrorAnswer = named('Error', v.object({ detail: v.string() }));

/** A write's confirmation: `{"detail": "Location deleted successfully"}`. */
export const MessageAnswer = named('Message', v.strictObject({ detail: v.string() }));

/** A delete that archives what guests' vouchers still refer to (hotels, merchants: docs/PRODUCT.md). */
export const DeletedAnswer = named('Deleted', v.strictObject({ detail: v.string(), archived: v.boolean() }));

/** GET /health: ready. */
export const HealthAnswer = named('Health', v.strictObject({ status: v.literal('ok') }));
/** GET /health: 503 while starting, stopping, or when the database does not answer. */
export const HealthUnavailableAnswer = named(
  'HealthUnavailable',
  v.strictObject({ status: v.picklist(['starting', 'stopping', 'unavailable']), detail: v.string() }),
);

/** GET /openapi.json: this document (its first keys; the rest is OpenAPI 3.1). */
export const OpenApiAnswer = named(
  'OpenApiDocument',
  v.looseObject({
    openapi: v.string(),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.record(v.string(), v.unknown())),
  }),
);

export { named } from './describe';
