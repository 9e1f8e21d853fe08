import * as v from 'valibot';
import { decodeScanCursor } from '../scan-cursor';
import { calendarDate, intIdText, optionalParam, pageCursor, pageLimit, searchText, uuidText } from './common';

/** The back office's Customer Scans list (the guest's scan submission is in scans.ts). */
export const SCAN_PAGE_DEFAULT = 50;
export const SCAN_PAGE_MAX = 200;
/** limit/offset paging reaches this many rows; further on, the list pages with `cursor` (docs/DATA.md). */
export const SCAN_OFFSET_MAX = 10_000;
export const SCAN_OFFSET_TOO_DEEP =
  'Showing more than the first 10,000 scans needs narrower filters: pick dates, a location or a hotel';
export const SCAN_CURSOR_INVALID = 'cursor is not a valid page cursor: load the list again from the first page';

/**
 * GET /customer-scans (the back office's list): filters, and paging by `limit`/`offset` or `cursor`. A parameter
 * sent empty counts as absent.
 */
export const CustomerScanListQuerySchema = v.pipe(
  v.object({
    search: optionalParam(searchText()),
    date_from: optionalParam(calendarDate('date_from')),
    date_to: optionalParam(calendarDate('date_to')),
    location_id: optionalParam(intIdText('location_id must be a positive whole number')),
    hotel_id: optionalParam(uuidText('hotel_id')),
    merchant_id: optionalParam(uuidText('merchant_id')),
    /** Scans through one placement's card (docs/PRODUCT.md "Guest trust"). */
    placement_id: optionalParam(uuidText('placement_id')),
    limit: optionalParam(pageLimit(SCAN_PAGE_MAX)),
    offset: optionalParam(
      v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'offset must be a whole number, 0 or more'), v.transform(Number)),
    ),
    /** X-Next-Cursor of the previous page: the rows after it. */
    cursor: optionalParam(pageCursor(decodeScanCursor, SCAN_CURSOR_INVALID)),
  }),
  v.check((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, 'Date From must not be after Date To'),
  v.check((q) => !q.cursor || !q.offset, 'Send cursor or offset, not both'),
  v.check((q) => (q.offset ?? 0) + (q.limit ?? SCAN_PAGE_DEFAULT) <= SCAN_OFFSET_MAX, SCAN_OFFSET_TOO_DEEP),
);
export type CustomerScanListQuery = v.InferOutput<typeof CustomerScanListQuerySchema>;

const listFilters = CustomerScanListQuerySchema.pipe[0].entries;

/** GET /customer-scans/export: the list's filters without paging (the file holds every matching scan). */
export const CustomerScanExportQuerySchema = v.pipe(
  v.object({
    search: listFilters.search,
    date_from: listFilters.date_from,
    date_to: listFilters.date_to,
    location_id: listFilters.location_id,
    hotel_id: listFilters.hotel_id,
    merchant_id: listFilters.merchant_id,
    placement_id: listFilters.placement_id,
  }),
  v.check((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, 'Date From must not be after Date To'),
);
export type CustomerScanExportQuery = v.InferOutput<typeof CustomerScanExportQuerySchema>;
