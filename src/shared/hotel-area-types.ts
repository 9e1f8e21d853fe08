/**
 * JSON shapes of the hotel's own area (GET /hotel/dashboard, GET /hotel/customers): figures of the caller's hotel
 * only (docs/DATA.md, "Who reads them"). Money in rupees, dates as 'YYYY-MM-DD' business days, instants in ISO.
 */

export interface HotelAreaMerchant {
  merchant_id: string;
  name: string;
  merchant_type: string;
  redemptions: number;
}

export interface HotelScanDay {
  /** A business day, 'YYYY-MM-DD'. */
  day: string;
  scans: number;
}

/** One paid period of the subscription (the first one and each renewal), newest first. */
export interface HotelSubscriptionPeriod {
  from_date: string;
  to_date: string;
  duration_days: number;
  amount: number;
  paid_at: string;
  is_renewal: boolean;
}

export interface HotelSubscription {
  /** Active while the hotel is switched on and its last paid day has not passed (the guest page works). */
  status: 'Active' | 'Inactive';
  /** The last paid day; null for a hotel that never had a subscription. */
  ends_on: string | null;
  /** Paid days left, today included (0 once it has ended); null without an end date. */
  days_left: number | null;
  periods: HotelSubscriptionPeriod[];
}

/** Google rating and review count now and at the start of this month; null until a snapshot exists. */
export interface HotelGoogleRating {
  rating_now: number | null;
  rating_month_start: number | null;
  reviews_now: number | null;
  reviews_month_start: number | null;
  /** When the latest snapshot was taken (ISO). */
  updated_at: string;
}

export interface HotelDashboard {
  hotel_id: string;
  hotel_name: string;
  logo_url: string | null;
  location_name: string;
  /** The business day the figures were computed for. */
  today: string;
  /** Guests who collected vouchers (one scan each). */
  guests_today: number;
  guests_this_month: number;
  guests_total: number;
  vouchers_issued: number;
  vouchers_redeemed: number;
  /** Redeemed out of issued, in percent with one decimal; null before any voucher was issued. */
  redemption_rate: number | null;
  /** The bill amounts merchants entered for this hotel's guests' vouchers (₹). */
  guest_spend: number;
  /** The five merchants where the hotel's guests redeemed most, most first. */
  top_merchants: HotelAreaMerchant[];
  /** The last 30 business days, oldest first, today last; days without scans are 0. */
  scans_by_day: HotelScanDay[];
  subscription: HotelSubscription;
  google: HotelGoogleRating | null;
}

/** GET /hotel/customers row: a guest's scan. The mobile is masked (first 2 and last 3 digits), never whole. */
export interface HotelCustomer {
  id: string;
  scan_date: string;
  customer_name: string;
  /** "98*****210"; null once the guest's data was anonymised. */
  mobile_masked: string | null;
  checkout_date: string;
  vouchers_collected: number;
  vouchers_redeemed: number;
}
