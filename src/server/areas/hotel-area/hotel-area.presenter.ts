import { maskMobile } from '../../../shared/privacy';
import type { Presented } from '../../platform/lib/presented';
import { periodDays } from '../../modules/subscriptions/subscriptions.presenter';
import { subscriptionState, type HotelCustomerRow, type HotelDashboardData } from './hotel-area.service';

/** A mobile as hotels see it (first 2 and last 3 digits): one rule with the merchants' (docs/PRIVACY.md). */
export { maskMobile };

/** Percent with one decimal; null when nothing was issued. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

/**
 * GET /hotel/dashboard: figures of the caller's hotel only (docs/DATA.md, "Who reads them"). Money in rupees, dates
 * as 'YYYY-MM-DD' business days, instants in ISO.
 */
export function presentHotelDashboard(data: HotelDashboardData) {
  const { calendar, hotel, review } = data;
  const subscription = subscriptionState(hotel, calendar.today);
  // A latest snapshot from an earlier month is also this month's first (docs/DATA.md, hotel_review_stats).
  const reviewThisMonth = review !== null && review.latestDay >= calendar.monthStart;
  return {
    hotel_id: hotel.id,
    hotel_name: hotel.name,
    logo_url: hotel.logoUrl,
    location_name: hotel.locationName,
    /** The business day the figures were computed for. */
    today: calendar.today,
    /** Guests who collected vouchers (one scan each). */
    guests_today: data.guestsToday,
    guests_this_month: data.guestsThisMonth,
    guests_total: data.guestsTotal,
    vouchers_issued: data.vouchersIssued,
    vouchers_redeemed: data.vouchersRedeemed,
    /** Redeemed out of issued, in percent with one decimal; null before any voucher was issued. */
    redemption_rate: rate(data.vouchersRedeemed, data.vouchersIssued),
    /** The bill amounts merchants entered for this hotel's guests' vouchers (₹). */
    guest_spend: data.spend,
    /** The five merchants where the hotel's guests redeemed most, most first. */
    top_merchants: data.topMerchants.map((m) => ({
      merchant_id: m.merchantId,
      name: m.name,
      merchant_type: m.merchantType,
      redemptions: m.redemptions,
    })),
    /** The last 30 business days, oldest first, today last; days without scans are 0. */
    scans_by_day: data.scansByDay.map(({ day, scans }) => ({ day, scans })),
    subscription: {
      /** Active while the hotel is switched on and its last paid day has not passed (the guest page works). */
      status: subscription.active ? ('Active' as const) : ('Inactive' as const),
      /** The last paid day; null for a hotel that never had a subscription. */
      ends_on: subscription.end,
      /** Paid days left, today included (0 once it has ended); null without an end date. */
      days_left: subscription.daysLeft,
      /** Each paid period (the first one and each renewal), newest first. */
      periods: data.periods.map((p) => ({
        from_date: p.fromDate,
        to_date: p.toDate,
        duration_days: periodDays(p.fromDate, p.toDate),
        amount: p.amount,
        paid_at: p.paidAt.toISOString(),
        is_renewal: p.isRenewal,
      })),
    },
    /** Google rating and review count now and at the start of this month; null until a snapshot exists. */
    google: review && {
      rating_now: review.latestRating,
      rating_month_start: reviewThisMonth ? review.monthFirstRating : review.latestRating,
      reviews_now: review.latestTotal,
      reviews_month_start: reviewThisMonth ? review.monthFirstTotal : review.latestTotal,
      updated_at: review.latestAt.toISOString(),
    },
  };
}

/** GET /hotel/customers row: a guest's scan. The mobile is masked (first 2 and last 3 digits), never whole. */
export const presentHotelCustomer = (row: HotelCustomerRow) => ({
  id: row.id,
  scan_date: row.scanDate.toISOString(),
  customer_name: row.customerName,
  /** "98*****210"; null once the guest's data was anonymised. */
  mobile_masked: row.anonymised ? null : maskMobile(row.mobileNumber),
  checkout_date: row.checkoutDate,
  vouchers_collected: row.collected,
  vouchers_redeemed: row.redeemed,
});

export type HotelDashboardView = Presented<typeof presentHotelDashboard>;
export type HotelCustomerView = Presented<typeof presentHotelCustomer>;
