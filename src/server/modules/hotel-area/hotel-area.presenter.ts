import type { HotelCustomer, HotelDashboard } from '../../../shared/hotel-area-types';
import { maskMobile } from '../../../shared/privacy';
import { periodDays } from '../subscriptions/subscriptions.presenter';
import { subscriptionState, type HotelCustomerRow, type HotelDashboardData } from './hotel-area.service';

/** A mobile as hotels see it (first 2 and last 3 digits): one rule with the merchants' (docs/PRIVACY.md). */
export { maskMobile };

/** Percent with one decimal; null when nothing was issued. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

export function presentHotelDashboard(data: HotelDashboardData): HotelDashboard {
  const { calendar, hotel, review } = data;
  const subscription = subscriptionState(hotel, calendar.today);
  // A latest snapshot from an earlier month is also this month's first (docs/DATA.md, hotel_review_stats).
  const reviewThisMonth = review !== null && review.latestDay >= calendar.monthStart;
  return {
    hotel_id: hotel.id,
    hotel_name: hotel.name,
    logo_url: hotel.logoUrl,
    location_name: hotel.locationName,
    today: calendar.today,
    guests_today: data.guestsToday,
    guests_this_month: data.guestsThisMonth,
    guests_total: data.guestsTotal,
    vouchers_issued: data.vouchersIssued,
    vouchers_redeemed: data.vouchersRedeemed,
    redemption_rate: rate(data.vouchersRedeemed, data.vouchersIssued),
    guest_spend: data.spend,
    top_merchants: data.topMerchants.map((m) => ({
      merchant_id: m.merchantId,
      name: m.name,
      merchant_type: m.merchantType,
      redemptions: m.redemptions,
    })),
    scans_by_day: data.scansByDay.map(({ day, scans }) => ({ day, scans })),
    subscription: {
      status: subscription.active ? 'Active' : 'Inactive',
      ends_on: subscription.end,
      days_left: subscription.daysLeft,
      periods: data.periods.map((p) => ({
        from_date: p.fromDate,
        to_date: p.toDate,
        duration_days: periodDays(p.fromDate, p.toDate),
        amount: p.amount,
        paid_at: p.paidAt.toISOString(),
        is_renewal: p.isRenewal,
      })),
    },
    google: review && {
      rating_now: review.latestRating,
      rating_month_start: reviewThisMonth ? review.monthFirstRating : review.latestRating,
      reviews_now: review.latestTotal,
      reviews_month_start: reviewThisMonth ? review.monthFirstTotal : review.latestTotal,
      updated_at: review.latestAt.toISOString(),
    },
  };
}

export const presentHotelCustomer = (row: HotelCustomerRow): HotelCustomer => ({
  id: row.id,
  scan_date: row.scanDate.toISOString(),
  customer_name: row.customerName,
  mobile_masked: row.anonymised ? null : maskMobile(row.mobileNumber),
  checkout_date: row.checkoutDate,
  vouchers_collected: row.collected,
  vouchers_redeemed: row.redeemed,
});
