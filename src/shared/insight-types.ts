/** JSON shapes of the back office's charts (issue #16); the tables' shapes are in types.ts. */

/** A business day's scans and redemptions, summed over every location. */
export interface DashboardChartDay {
  /** 'YYYY-MM-DD' */
  day: string;
  scans: number;
  redemptions: number;
}

/** A business month's subscription revenue, summed over every location (₹, two decimals). */
export interface DashboardChartMonth {
  /** 'YYYY-MM' */
  month: string;
  revenue: number;
}

/** GET /dashboard/superadmin/charts: the last 30 days (oldest first, today last) and the last 12 months. */
export interface DashboardCharts {
  days: DashboardChartDay[];
  /** null for a manager, who may not see revenue (docs/PRODUCT.md "Roles"). */
  revenue_months: DashboardChartMonth[] | null;
}

/** A month of a hotel's Google rating: its first and last snapshot in that business month (null without one). */
export interface HotelRatingMonth {
  /** 'YYYY-MM' */
  month: string;
  first_rating: number | null;
  last_rating: number | null;
  /** The review count of the month's last snapshot. */
  total_reviews: number | null;
}

/** GET /reviews/hotel-details/{hotelId}/ratings: the last 12 months, oldest first. */
export interface HotelRatingHistory {
  hotel_id: string;
  hotel_name: string;
  months: HotelRatingMonth[];
}
