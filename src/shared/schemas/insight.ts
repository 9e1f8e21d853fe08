/**
 * Moved: one schema file per resource (reports.ts, customer-scans.ts, reviews.ts). These re-exports keep older imports
 * working until they move; import from the resource's file.
 */
export { MonthlyRevenueQuerySchema, type MonthlyRevenueQuery } from './reports';
export { HotelDetailsQuerySchema, HotelIdParamSchema, type HotelDetailsQuery } from './reviews';
export {
  CustomerScanListQuerySchema,
  SCAN_CURSOR_INVALID,
  SCAN_OFFSET_MAX,
  SCAN_OFFSET_TOO_DEEP,
  SCAN_PAGE_DEFAULT,
  SCAN_PAGE_MAX,
  type CustomerScanListQuery,
} from './customer-scans';
