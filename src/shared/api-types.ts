/**
 * The JSON shapes the API answers (docs/DEVELOPING.md "A feature, end to end"), under the names the web app uses.
 * Each is its presenter's return type: a presenter is the one place a shape is written, so a renamed or removed
 * field fails the typecheck wherever it is read. Also the route table the web's calls are typed from (`ApiSchema`,
 * below). The only file of src/shared that imports from src/server, and only `import type` of presenters and of the
 * route table (`npm run lint` refuses anything else): nothing of the server reaches the browser bundle, and
 * src/shared forms no circle with the server.
 */
import type { ApiSchema as RouteTable } from '../server/platform/app';
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
import type { PublicHotelView } from '../server/modules/hotels/hotels.presenter';
import type { GuestOfferCardView } from '../server/modules/offers/offers.presenter';

export type { SessionView as LoginResponse } from '../server/modules/auth/auth.presenter';
export type { CurrentUserView as CurrentUser } from '../server/modules/users/users.presenter';
export type { CreatedLogin } from '../server/modules/users/logins.presenter';
export type { StaffView as StaffLogin } from '../server/modules/users/staff.presenter';
export type {
  DeviceView as Device,
  MerchantDeviceView as MerchantDevice,
} from '../server/modules/users/sessions.presenter';
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
export type {
  PlacementView as Placement,
  ClaimSettingsView as HotelClaimSettings,
} from '../server/modules/placements/placements.presenter';
export type {
  MerchantView as Merchant,
  MerchantSettingsView as MerchantSettings,
} from '../server/modules/merchants/merchants.presenter';
export type {
  OfferView as Offer,
  OfferWithResultsView as OfferWithResults,
  OfferResultsView as OfferResults,
  GuestOfferCardView as GuestOfferCard,
  GuestOfferView as GuestOffer,
  OfferToggleView as OfferToggleResult,
  OfferRulesView as OfferRulesAnswer,
  BlackoutRangeView as BlackoutRangeAnswer,
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
export type {
  RenewalsDueView as RenewalsDue,
  SentReminderView as SentRenewalReminder,
} from '../server/modules/renewal-reminders/renewal-reminders.presenter';

export type MonthlyRevenueReport = MonthlyRevenueView;

export type { StatementView as Statement } from '../server/modules/statements/statements.presenter';
export type {
  BillingSettingsView as BillingSettings,
  HotelBillingView as HotelBilling,
  InvoiceView as Invoice,
} from '../server/modules/invoices/invoices.presenter';

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

/**
 * The route table (src/server/platform/app.ts): by path ('/hotels/:id', without /api) and method ('$get'), each
 * route's input and answers. The web's client (src/web/lib/api.ts) takes a call's path, parameters, body and answer
 * from it (docs/DEVELOPING.md "Typed API calls"). Flattened once into one object type: Hono's is an intersection of
 * one type per route, and looking a path up in it at every call tripled the typecheck's work.
 */
export type ApiSchema = { [P in keyof RouteTable]: RouteTable[P] };

/** The paths that take a method ('$get', '$post'...). */
export type ApiPath<M extends string> = {
  [P in keyof ApiSchema]: M extends keyof ApiSchema[P] ? P : never;
}[keyof ApiSchema];

/** A route's entry for a method: one member per answer (status, output, format), each with the same input. */
export type ApiRoute<M extends string, P extends ApiPath<M>> = ApiSchema[P][M & keyof ApiSchema[P]];

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226;

/**
 * What a route answers when it succeeds: the outputs of its 2xx statuses (an error is `ApiErrorBody`, thrown by the
 * client as ApiError). A JSON output is its shape; any other (CSV, PDF, PNG, uploaded files) is read as a Blob.
 */
export type ApiSuccess<R> = R extends { output: infer O; outputFormat: infer F; status: infer S }
  ? [Extract<S, SuccessStatus>] extends [never]
    ? never
    : F extends 'json'
      ? O
      : Blob
  : never;

/**
 * Routes that answer a guest (the web's guest calls: no login) another shape than a signed-in caller (docs/PRODUCT.md
 * "Roles"). The guest calls read the shape named here, the others the route's other answers; each must be one of
 * the route's answers, and its path and method a route's, or the typecheck fails here.
 */
export type GuestAnswers = OneOfTheAnswers<{
  /** The offer cards of the hotel's page; the back office gets every offer (`Offer`). */
  '/offers': { $get: GuestOfferCardView[] };
  /** The public fields; the back office gets the whole hotel (`Hotel`). */
  '/hotels/:id': { $get: PublicHotelView };
}>;

type OneOfTheAnswers<
  T extends {
    [P in keyof T]: {
      [M in keyof T[P]]: M extends string ? (P extends ApiPath<M> ? ApiSuccess<ApiRoute<M, P>> : never) : never;
    };
  },
> = T;

/** Every error answer (the server's `AppError` and validation failures). */
export interface ApiErrorBody {
  detail: string;
}
