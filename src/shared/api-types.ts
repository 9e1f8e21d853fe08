/**
 * The JSON shapes the API answers (docs/DEVELOPING.md "A feature, end to end"), under the names the web app uses.
 * Each is its presenter's return type: a presenter is the one place a shape is written, so a renamed or removed
 * field fails the typecheck wherever it is read. The only file of src/shared that imports from src/server, and only
 * `import type` of presenters (`npm run lint` refuses anything else): nothing of the server reaches the browser
 * bundle, and src/shared forms no circle with the server.
 */
import type { AuditEventView } from '../server/modules/audit/audit.presenter';
import type { CouponStateView, CouponView, CounterRedemptionView } from '../server/modules/coupons/coupons.presenter';
import type {
  ScanCheckView,
  ScanListItemView,
  ScanView,
} from '../server/modules/customer-scans/customer-scans.presenter';
import type { SuperadminDashboardView } from '../server/areas/dashboard/dashboard.presenter';
import type { HotelDashboardView } from '../server/areas/hotel-area/hotel-area.presenter';
import type {
  MerchantCustomerView,
  MerchantDashboardView,
  RedemptionView,
} from '../server/areas/merchant-area/merchant-area.presenter';
import type { MonthlyRevenueView } from '../server/areas/reports/reports.presenter';

export type { SessionView as LoginResponse } from '../server/modules/auth/auth.presenter';
export type { CurrentUserView as CurrentUser } from '../server/modules/users/users.presenter';
export type { CreatedLogin } from '../server/modules/users/logins.presenter';
export type { LocationView as Location } from '../server/modules/locations/locations.presenter';
export type { MerchantTypeView as MerchantType } from '../server/modules/merchant-types/merchant-types.presenter';
// GET /contact-us answers null when none is saved.
export type { ContactInfoView as ContactInfo } from '../server/modules/contact-us/contact-us.presenter';
export type { AdminUserView as AdminUser } from '../server/modules/admin-users/admin-users.presenter';
export type {
  SubscriptionDurationView as SubscriptionDuration,
  RenewalView as RenewalHistoryEntry,
} from '../server/modules/subscriptions/subscriptions.presenter';
// A guest (anonymous caller) sees the public hotel (GET /hotels/{id}); the back office the full one.
export type {
  PublicHotelView as PublicHotel,
  HotelView as Hotel,
  HotelCredentialsView as HotelCredentials,
} from '../server/modules/hotels/hotels.presenter';
export type { PublicConfigView as PublicConfig } from '../server/modules/config/config.presenter';
export type { MerchantView as Merchant } from '../server/modules/merchants/merchants.presenter';
export type {
  OfferView as Offer,
  GuestOfferCardView as GuestOfferCard,
  GuestOfferView as GuestOffer,
  OfferToggleView as OfferToggleResult,
} from '../server/modules/offers/offers.presenter';

/** A guest's coupon, as issued (POST /customer-scans) and as listed. */
export type Coupon = CouponView;
/** POST /customer-scans */
export type ScanResponse = ScanView;
/** GET /customer-scans/check/{hotelId}/{mobile} */
export type ScanCheck = ScanCheckView;

/* Super admin insight: dashboard, revenue report, customer scans list, Google review tracking. */

export type SuperadminDashboard = SuperadminDashboardView;
/** A location_stats entry; revenue figures are null for role manager. */
export type LocationStats = SuperadminDashboard['location_stats'][string];
/** Renewal tracking cell: subscription periods ending in the month, and how many of them were renewed. */
export type RenewalCell = SuperadminDashboard['renewals_by_location_month'][string][string];

export type MonthlyRevenueReport = MonthlyRevenueView;

export type CustomerScanListItem = ScanListItemView;
export type CustomerScanCoupon = CustomerScanListItem['coupons'][number];

export type {
  HotelReviewSummaryView as HotelReviewSummary,
  GoogleDataRefreshView as GoogleDataRefresh,
} from '../server/modules/reviews/reviews.presenter';

/* Merchant area: the merchant's own dashboard, redemption, customers and counter. */

export type MerchantDashboardStats = MerchantDashboardView;
export type RedemptionResult = RedemptionView;
/** docs/PRODUCT.md "States"; an expired offer's coupon is `invalid` with a message that says so. */
export type RedemptionStatus = RedemptionResult['status'];
export type MerchantCustomer = MerchantCustomerView;
/** GET /merchant/redemptions row: one redemption at the caller's merchant that day (docs/COUNTER.md). */
export type CounterRedemption = CounterRedemptionView;
export type CouponRedemptionState = CouponStateView;

/** GET /audit-events row (docs/SECURITY.md "Audit trail"). */
export type AuditEvent = AuditEventView;

/* The hotel's own area: GET /hotel/dashboard, GET /hotel/customers. */

export type { HotelCustomerView as HotelCustomer } from '../server/areas/hotel-area/hotel-area.presenter';
export type HotelDashboard = HotelDashboardView;
export type HotelScanDay = HotelDashboard['scans_by_day'][number];
export type HotelSubscription = HotelDashboard['subscription'];
export type HotelGoogleRating = NonNullable<HotelDashboard['google']>;

/* The back office's charts; the tables' shapes are above. */

export type { DashboardChartsView as DashboardCharts } from '../server/areas/dashboard/dashboard.presenter';
export type { RatingHistoryView as HotelRatingHistory } from '../server/modules/reviews/reviews.presenter';

/** POST /customer-scans/erase: what a guest's erasure changed (docs/PRIVACY.md). */
export type { ErasureView as GuestErasure } from '../server/modules/customer-scans/customer-scans.presenter';

/** Every error answer (the server's `AppError` and validation failures). */
export interface ApiErrorBody {
  detail: string;
}
