import * as v from 'valibot';
import { isIsoMonth } from '../dates';
import { decodeScanCursor } from '../scan-cursor';
import { calendarDate, intIdText } from './common';
import { safeText } from './text';

/**
 * Query parameters of the super admin insight screens: the revenue report, the customer scans list and
 * hotel details. A parameter sent empty (`location_id=`) counts as absent, as an unset filter does.
 */

const blankToUndefined = v.transform((s: string) => (s === '' ? undefined : s));

/** An optional query parameter: trimmed, empty → undefined, else checked with `schema`. */
const optionalParam = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.optional(v.pipe(v.string(), v.trim(), blankToUndefined, v.optional(schema)));

const month = (field: string) => v.pipe(v.string(), v.check(isIsoMonth, `${field} must be a month as YYYY-MM`));

const positiveInt = (field: string) => intIdText(`${field} must be a positive whole number`);

const uuid = (field: string) => v.pipe(v.string(), v.uuid(`${field} must be a valid id`));

export const MonthlyRevenueQuerySchema = v.pipe(
  v.object({ from: optionalParam(month('from')), to: optionalParam(month('to')) }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'The From month must not be after the To month'),
);
export type MonthlyRevenueQuery = v.InferOutput<typeof MonthlyRevenueQuerySchema>;

export const SCAN_PAGE_DEFAULT = 50;
export const SCAN_PAGE_MAX = 200;
/** limit/offset paging reaches this many rows; further on, the list pages with `cursor` (docs/DATA.md). */
export const SCAN_OFFSET_MAX = 10_000;
export const SCAN_OFFSET_TOO_DEEP =
  'Showing more than the first 10,000 scans needs narrower filters: pick dates, a location or a hotel';
export const SCAN_CURSOR_INVALID = 'cursor is not a valid page cursor: load the list again from the first page';

export const CustomerScanListQuerySchema = v.pipe(
  v.object({
    search: optionalParam(
      v.pipe(v.string(), safeText('search'), v.maxLength(100, 'search must be at most 100 characters')),
    ),
    date_from: optionalParam(calendarDate('date_from')),
    date_to: optionalParam(calendarDate('date_to')),
    location_id: optionalParam(positiveInt('location_id')),
    hotel_id: optionalParam(uuid('hotel_id')),
    merchant_id: optionalParam(uuid('merchant_id')),
    limit: optionalParam(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,6}$/, 'limit must be a whole number'),
        v.transform(Number),
        v.minValue(1, `limit must be 1 to ${SCAN_PAGE_MAX}`),
        v.maxValue(SCAN_PAGE_MAX, `limit must be 1 to ${SCAN_PAGE_MAX}`),
      ),
    ),
    offset: optionalParam(
      v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'offset must be a whole number, 0 or more'), v.transform(Number)),
    ),
    /** X-Next-Cursor of the previous page: the rows after it. */
    cursor: optionalParam(
      v.pipe(
        v.string(),
        v.check((text) => decodeScanCursor(text) !== undefined, SCAN_CURSOR_INVALID),
        v.transform((text) => decodeScanCursor(text)!),
      ),
    ),
  }),
  v.check((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, 'Date From must not be after Date To'),
  v.check((q) => !q.cursor || !q.offset, 'Send cursor or offset, not both'),
  v.check((q) => (q.offset ?? 0) + (q.limit ?? SCAN_PAGE_DEFAULT) <= SCAN_OFFSET_MAX, SCAN_OFFSET_TOO_DEEP),
);
export type CustomerScanListQuery = v.InferOutput<typeof CustomerScanListQuerySchema>;

export const HotelDetailsQuerySchema = v.object({
  month: optionalParam(month('month')),
  location_id: optionalParam(positiveInt('location_id')),
  search: optionalParam(
    v.pipe(v.string(), safeText('search'), v.maxLength(100, 'search must be at most 100 characters')),
  ),
});
export type HotelDetailsQuery = v.InferOutput<typeof HotelDetailsQuerySchema>;

export const HotelIdParamSchema = v.object({ hotelId: uuid('hotelId') });
