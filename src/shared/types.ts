import type { AdminRole, UserType } from './constants';

/** JSON shapes of the API, as the presenters send them (docs/PRODUCT.md "API fields"). */
export interface LoginResponse {
  access_token: string;
  user_type: UserType;
  user_id: string;
}

export interface CurrentUser {
  id: string;
  username: string;
  user_type: UserType;
  role: AdminRole | null;
  full_name: string | null;
  email: string | null;
  hotel_id: string | null;
  merchant_id: string | null;
}

export interface Location {
  id: number;
  name: string;
}

export interface ApiErrorBody {
  detail: string;
}

export interface MerchantType {
  id: number;
  name: string;
  thumbnail_url: string | null;
}

/**
 * The single contact-info record shown on Contact Us (docs/PRODUCT.md "API fields"); GET /contact-us answers null when
 * none is saved.
 */
export interface ContactInfo {
  name: string;
  mobile_number: string;
  service_helpline: string | null;
  mail_support: string | null;
  technical_support: string | null;
}

/** A back-office login (user_type superadmin) as /admin-users lists it; never the password hash. */
export interface AdminUser {
  id: string;
  username: string;
  email: string | null;
  role: AdminRole;
  full_name: string | null;
  created_at: string;
}

export interface SubscriptionDuration {
  id: number;
  name: string;
  months: number;
}

/** What a guest (anonymous caller) sees of a hotel: GET /hotels/{id} without a back-office login. */
export interface PublicHotel {
  id: string;
  name: string;
  logo_url: string | null;
  location_id: number;
  location_name: string;
  google_place_id: string | null;
  google_link: string | null;
  offer_selection_type: 'all' | 'manual';
  selected_merchant_types: number[];
  /**
   * False once the subscription has ended (docs/PRODUCT.md "Subscriptions and revenue"), even before anyone edits the
   * hotel.
   */
  is_active: boolean;
}

/**
 * The full hotel record (docs/PRODUCT.md "API fields") for the back office, plus location_name. Dates are 'YYYY-MM-DD',
 * times ISO.
 */
export interface Hotel extends PublicHotel {
  address: string;
  contact_number: string;
  contact_person: string;
  subscription_duration_id: number | null;
  subscription_revenue: number;
  contract_url: string | null;
  payment_screenshot_url: string | null;
  qr_code_url: string | null;
  created_at: string;
  first_created_date: string;
  renewal_count: number;
  subscription_end: string | null;
}

/** One renewal (docs/PRODUCT.md "API fields"): dates 'YYYY-MM-DD' (both inclusive), renewed_at ISO. */
export interface RenewalHistoryEntry {
  from_date: string;
  to_date: string;
  duration_days: number;
  amount: number;
  renewed_at: string;
}

export interface HotelCredentials {
  username: string;
  password: string;
}

/** GET /config: public settings the web app needs (the QR code's origin). */
export interface PublicConfig {
  public_url: string | null;
  /** The StayPerks support line shown to guests (contact info's service helpline, else its mobile number). */
  support_phone: string | null;
  /** Contact info's mail support: where guests ask for their data to be erased (docs/PRIVACY.md). */
  support_email: string | null;
  /** GUEST_DATA_RETENTION_DAYS: days after check-out until a guest's name and mobile are erased. */
  guest_data_retention_days: number;
}

/**
 * GET /merchants row: docs/PRODUCT.md "API fields" Merchant plus the names the list shows and its non-archived offer
 * count.
 */
export interface Merchant {
  id: string;
  name: string;
  merchant_type_id: number;
  location_id: number;
  contact_number: string;
  store_contact_number: string | null;
  address: string;
  location_link: string | null;
  created_at: string;
  merchant_type_name: string;
  location_name: string;
  offer_count: number;
}

/**
 * docs/PRODUCT.md "API fields" Offer, plus the merchant's type and location (the lists and the guest flow filter by
 * them).
 */
export interface Offer {
  id: string;
  merchant_id: string;
  offer_name: string;
  offer_type: 'cash_discount' | 'fixed_discount' | 'percentage';
  offer_value: number;
  terms_conditions: string;
  /** 'HH:MM' */
  opening_hours: string | null;
  closing_hours: string | null;
  description: string;
  /** 'YYYY-MM-DD' */
  validity_from: string;
  validity_to: string;
  is_active: boolean;
  /** validity_to is before today in the business time zone. */
  is_expired: boolean;
  status: 'Expired' | 'Inactive' | 'Active';
  created_at: string;
  merchant_name: string;
  images: string[];
  merchant: { name: string; merchant_type: string };
  merchant_type_id: number;
  location_id: number;
  location_name: string;
}

/**
 * GET /offers?hotel_id= (the guest list): what an offer card and the categories show. The merchant type's name
 * comes from GET /merchant-types through merchant_type_id.
 */
export type GuestOfferCard = Pick<
  Offer,
  'id' | 'offer_name' | 'offer_type' | 'offer_value' | 'merchant_name' | 'merchant_type_id' | 'validity_to'
>;

/** GET /offers/{id}/details?hotel_id= (View Details, fetched when tapped): the card and the rest of what the dialog shows. */
export type GuestOffer = GuestOfferCard &
  Pick<Offer, 'description' | 'terms_conditions' | 'opening_hours' | 'closing_hours' | 'validity_from' | 'images'>;

/** PATCH /offers/{id}/toggle-active */
export interface OfferToggleResult {
  message: string;
  is_active: boolean;
}

/** A guest's coupon (docs/PRODUCT.md "API fields"), as issued and as listed. */
export interface Coupon {
  id: string;
  coupon_code: string;
  merchant_name: string;
  is_redeemed: boolean;
  redeemed_at: string | null;
  offer_name: string;
  merchant: { name: string; merchant_type: string };
  offer: {
    offer_type: 'cash_discount' | 'fixed_discount' | 'percentage';
    offer_value: number;
    offer_name: string;
    validity_to: string;
  };
}

/** POST /customer-scans */
export interface ScanResponse {
  scan_id: string;
  coupons: Coupon[];
}

/** GET /customer-scans/check/{hotelId}/{mobile} */
export interface ScanCheck {
  can_scan: boolean;
  message: string;
}

/* Super admin insight (issue 6): dashboard, revenue report, customer scans list, Google review tracking. */

/**
 * location_stats entry (docs/PRODUCT.md "API fields"). Revenue figures are null for role manager (docs/PRODUCT.md
 * "Roles": no revenue for managers).
 */
export interface LocationStats {
  hotels_today: number;
  hotels_this_month: number;
  hotels_total: number;
  scans_today: number;
  scans_this_month: number;
  scans_total: number;
  merchants_today: number;
  merchants_this_month: number;
  merchants_total: number;
  revenue_today: number | null;
  revenue_this_month: number | null;
  revenue_total: number | null;
}

/** Renewal tracking cell: subscription periods ending in the month, and how many of them were renewed. */
export interface RenewalCell {
  count: number;
  done: number;
}

/**
 * GET /dashboard/superadmin (docs/PRODUCT.md "API fields"). Counts are of non-archived hotels and offers, all scans and
 * redemptions; revenue is subscription payments by payment day in APP_TIMEZONE (null for role manager).
 * renewals_by_location_month: always the current month and the next two, in order, keyed by a label such as
 * "April 2026"; each maps location name → {count, done}, only locations with a renewal due that month.
 */
export interface SuperadminDashboard {
  total_hotels: number;
  total_scans: number;
  total_offers: number;
  total_redemptions: number;
  revenue_today: number | null;
  revenue_month: number | null;
  revenue_year: number | null;
  revenue_all_time: number | null;
  location_stats: Record<string, LocationStats>;
  renewals_by_location_month: Record<string, Record<string, RenewalCell>>;
}

/** One month of the Month-wise Revenue Report: 'YYYY-MM', revenue per location name, and the month's total. */
export interface MonthlyRevenueRow {
  month: string;
  by_location: Record<string, number>;
  total: number;
}

/** GET /reports/monthly-revenue?from=YYYY-MM&to=YYYY-MM (both optional: default the latest 6 months with data). */
export interface MonthlyRevenueReport {
  /** Every month that has payments, newest first ('YYYY-MM'): the From/To choices. */
  months: string[];
  /** The range used (null when there is no data at all). */
  from: string | null;
  to: string | null;
  /** One column per location, by name. */
  locations: string[];
  /** Months of the range that have payments, newest first. */
  rows: MonthlyRevenueRow[];
  subtotal: { by_location: Record<string, number>; total: number };
  /** SUBTOTAL / number of rows, rounded to whole rupees (0 without rows). */
  average_monthly_revenue: number;
}

/** A coupon as the Customer Scans list shows it. */
export interface CustomerScanCoupon {
  id: string;
  coupon_code: string;
  merchant_id: string;
  merchant_name: string;
  offer_name: string;
  is_redeemed: boolean;
  redeemed_at: string | null;
}

/**
 * GET /customer-scans row (docs/PRODUCT.md "API fields" Customer scan, plus the hotel's location). merchant_id /
 * merchant_name are the first coupon's (null without coupons); every coupon is in `coupons`. Paged: X-Total-Count has
 * the filtered total.
 */
export interface CustomerScanListItem {
  id: string;
  customer_name: string;
  mobile_number: string;
  /** 'YYYY-MM-DD' */
  checkout_date: string;
  /** ISO timestamp */
  scan_date: string;
  hotel_id: string;
  hotel_name: string;
  location_id: number;
  location_name: string;
  merchant_id: string | null;
  merchant_name: string | null;
  coupons: CustomerScanCoupon[];
}

/**
 * GET /reviews/hotel-details row (docs/PRODUCT.md "API fields" Hotel review summary). total_reviews, current_rating,
 * reviews_today and last_refreshed are the hotel's state now; monthly_reviews, month_beginning_rating and rating_change
 * are for the chosen month. Null when the hotel was never fetched.
 */
export interface HotelReviewSummary {
  hotel_id: string;
  hotel_name: string;
  google_place_id: string | null;
  location_id: number;
  location_name: string;
  total_reviews: number | null;
  reviews_today: number | null;
  monthly_reviews: number | null;
  current_rating: number | null;
  rating_change: number | null;
  month_beginning_rating: number | null;
  last_refreshed: string | null;
}

/** POST /reviews/fetch-google-data/{hotelId} */
export interface GoogleDataRefresh {
  total_reviews: number;
  rating: number | null;
  fetched_at: string;
}

/* Merchant area (issue 5): the merchant's own dashboard, redemption and customers. */

/** GET /merchant/dashboard (docs/PRODUCT.md "API fields" Merchant dashboard stats). */
export interface MerchantDashboardStats {
  merchant_name: string;
  total_vouchers: number;
  redeemed_vouchers: number;
  not_redeemed_vouchers: number;
}

/**
 * docs/PRODUCT.md "States" redemption result statuses; an expired offer's coupon is `invalid` with a message that says
 * so.
 */
export type RedemptionStatus = 'success' | 'invalid' | 'already_redeemed' | 'error';

/**
 * POST /merchant/redeem-voucher (docs/PRODUCT.md "API fields" Redemption result). Null where the answer has nothing to
 * show.
 */
export interface RedemptionResult {
  status: RedemptionStatus;
  message: string;
  customer_name: string | null;
  coupon_code: string | null;
  redeemed_at: string | null;
}

/**
 * GET /merchant/my-customers row (docs/PRODUCT.md "API fields" Merchant's customer): one guest scan with the vouchers
 * it redeemed here.
 */
export interface MerchantCustomer {
  scan_id: string;
  scan_date: string;
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
  /** bill_amount: rupees the merchant entered after redeeming (docs/COUNTER.md), null when none. */
  redeemed_vouchers: { coupon_code: string; offer_name: string; redeemed_at: string; bill_amount: number | null }[];
}

/** GET /merchant/redemptions row: one redemption at the caller's merchant that day (docs/COUNTER.md). */
export interface CounterRedemption {
  coupon_code: string;
  redeemed_at: string;
  customer_first_name: string;
  offer_name: string;
  bill_amount: number | null;
  /** Until when the merchant may undo it (ISO); null once that has passed. */
  undo_until: string | null;
}

/** The answer of an undo (POST /merchant/redemptions/{code}/undo, POST /coupons/{code}/undo) and of a bill amount. */
export interface CouponRedemptionState {
  coupon_code: string;
  is_redeemed: boolean;
  redeemed_at: string | null;
  bill_amount: number | null;
}

/** GET /audit-events row (docs/SECURITY.md "Audit trail"): who did what to which record, when, from where. */
export interface AuditEvent {
  id: number;
  at: string;
  actor_id: string | null;
  actor_username: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  /** The record before and after the change (never a password or hash); null where there is none. */
  before: unknown;
  after: unknown;
  address: string | null;
}
