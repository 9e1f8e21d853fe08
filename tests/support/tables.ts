/**
 * Every Drizzle table in one import, for tests that read or plant rows straight in the database. The server has no
 * such list: each table lives with the module (or the platform or db code) that owns it (docs/DEVELOPING.md
 * "Server layout").
 */
export * from '../../src/server/modules/audit/table';
export * from '../../src/server/modules/auth/table';
export * from '../../src/server/modules/contact-us/table';
export * from '../../src/server/modules/coupons/table';
export * from '../../src/server/modules/customer-scans/table';
export * from '../../src/server/modules/funnel/table';
export * from '../../src/server/modules/hotels/table';
export * from '../../src/server/modules/invoices/table';
export * from '../../src/server/modules/locations/table';
export * from '../../src/server/modules/merchant-types/table';
export * from '../../src/server/modules/merchants/table';
export * from '../../src/server/modules/messages/table';
export * from '../../src/server/modules/offers/table';
export * from '../../src/server/modules/payments/table';
export * from '../../src/server/modules/password-reset/table';
export * from '../../src/server/modules/placements/table';
export * from '../../src/server/modules/reviews/table';
export * from '../../src/server/modules/subscriptions/durations.table';
export * from '../../src/server/modules/subscriptions/table';
export * from '../../src/server/modules/users/table';
export * from '../../src/server/modules/verification/table';
export * from '../../src/server/platform/jobs/table';
export * from '../../src/server/platform/lib/app-settings.table';
export * from '../../src/server/platform/middleware/rate-limits.table';
export * from '../../src/server/platform/storage/table';
export {
  catalogueVersion,
  hotelDailyStats,
  hotelMerchantStats,
  hotelReviewStats,
  hotelStats,
  locationDailyStats,
  locationMonthlyRevenue,
  merchantStats,
} from '../../src/server/db/derived-tables';
