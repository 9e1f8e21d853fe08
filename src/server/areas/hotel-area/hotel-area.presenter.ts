import * as v from 'valibot';
import { GUEST_LANGUAGES, isGuestLanguage } from '../../../shared/guest-languages';
import { maskMobile } from '../../../shared/privacy';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { periodDays } from '../../modules/subscriptions/subscriptions.presenter';
import { presentRenewalNotice, RenewalNoticeView } from '../../modules/renewal-reminders/renewal-reminders.presenter';
import { subscriptionState, type HotelCustomerRow, type HotelDashboardData } from './hotel-area.service';

/** A mobile as hotels see it (first 2 and last 3 digits): one rule with the merchants' (docs/PRIVACY.md). */
export { maskMobile };

/** Percent with one decimal; null when nothing was issued. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

/**
 * GET /hotel/dashboard: figures of the caller's hotel only (docs/DATA.md, "Who reads them"). Money in rupees, dates
 * as 'YYYY-MM-DD' business days, instants in ISO.
 */
export const HotelDashboardView = named(
  'HotelDashboard',
  v.strictObject({
    hotel_id: uuid,
    hotel_name: v.string(),
    logo_url: v.nullable(v.string()),
    location_name: v.string(),
    /** The hotel location's guest page language (docs/PRODUCT.md "Languages"). */
    default_language: v.picklist(GUEST_LANGUAGES),
    /** The business day the figures were computed for. */
    today: isoDate,
    /** Guests who collected vouchers (one scan each). */
    guests_today: int,
    guests_this_month: int,
    guests_total: int,
    vouchers_issued: int,
    vouchers_redeemed: int,
    /** Redeemed out of issued, in percent with one decimal; null before any voucher was issued. */
    redemption_rate: v.nullable(v.number()),
    /** The bill amounts merchants entered for this hotel's guests' vouchers (₹). */
    guest_spend: v.number(),
    /** The five merchants where the hotel's guests redeemed most, most first. */
    top_merchants: v.array(
      v.strictObject({ merchant_id: uuid, name: v.string(), merchant_type: v.string(), redemptions: int }),
    ),
    /** The last 30 business days, oldest first, today last; days without scans are 0. */
    scans_by_day: v.array(v.strictObject({ day: isoDate, scans: int })),
    subscription: v.strictObject({
      /** Active while the hotel is switched on and its last paid day has not passed (the guest page works). */
      status: v.picklist(['Active', 'Inactive']),
      /** The last paid day; null for a hotel that never had a subscription. */
      ends_on: v.nullable(isoDate),
      /** Paid days left, today included (0 once it has ended); null without an end date. */
      days_left: v.nullable(int),
      /** Each paid period (the first one and each renewal), newest first. */
      periods: v.array(
        v.strictObject({
          from_date: isoDate,
          to_date: isoDate,
          duration_days: int,
          amount: v.number(),
          paid_at: isoDateTime,
          is_renewal: v.boolean(),
        }),
      ),
      /**
       * In the last 30 days before the end (the end day included): the notice the dashboard always shows, with the
       * renewal reminders sent for this end date (docs/PRODUCT.md "Renewal reminders"); null otherwise.
       */
      renewal_notice: v.nullable(RenewalNoticeView),
    }),
    /** Google rating and review count now and at the start of this month; null until a snapshot exists. */
    google: v.nullable(
      v.strictObject({
        rating_now: v.nullable(v.number()),
        rating_month_start: v.nullable(v.number()),
        reviews_now: v.nullable(int),
        reviews_month_start: v.nullable(int),
        updated_at: isoDateTime,
      }),
    ),
  }),
);
export type HotelDashboardView = v.InferOutput<typeof HotelDashboardView>;

export function presentHotelDashboard(data: HotelDashboardData): HotelDashboardView {
  const { calendar, hotel, review } = data;
  const subscription = subscriptionState(hotel, calendar.today);
  // A latest snapshot from an earlier month is also this month's first (docs/DATA.md, hotel_review_stats).
  const reviewThisMonth = review !== null && review.latestDay >= calendar.monthStart;
  return {
    hotel_id: hotel.id,
    hotel_name: hotel.name,
    logo_url: hotel.logoUrl,
    location_name: hotel.locationName,
    default_language: isGuestLanguage(hotel.defaultLanguage) ? hotel.defaultLanguage : 'en',
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
      renewal_notice: data.renewal && presentRenewalNotice(data.renewal),
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

/** GET /hotel/customers row: a guest's scan. The mobile is masked (first 2 and last 3 digits), never whole. */
export const HotelCustomerView = named(
  'HotelCustomer',
  v.strictObject({
    id: uuid,
    scan_date: isoDateTime,
    customer_name: v.string(),
    /** "98*****210"; null once the guest's data was anonymised. */
    mobile_masked: v.nullable(v.string()),
    checkout_date: isoDate,
    vouchers_collected: int,
    vouchers_redeemed: int,
  }),
);
export type HotelCustomerView = v.InferOutput<typeof HotelCustomerView>;

export const presentHotelCustomer = (row: HotelCustomerRow): HotelCustomerView => ({
  id: row.id,
  scan_date: row.scanDate.toISOString(),
  customer_name: row.customerName,
  mobile_masked: row.anonymised ? null : maskMobile(row.mobileNumber),
  checkout_date: row.checkoutDate,
  vouchers_collected: row.collected,
  vouchers_redeemed: row.redeemed,
});
