/** JSON shapes of the back office's charts (issue #16), derived from the presenters; the tables' are in types.ts. */
import type { DashboardChartsView } from '../server/modules/dashboard/dashboard.presenter';
import type { RatingHistoryView } from '../server/modules/reviews/reviews.presenter';

export type DashboardCharts = DashboardChartsView;
export type DashboardChartDay = DashboardCharts['days'][number];
export type DashboardChartMonth = NonNullable<DashboardCharts['revenue_months']>[number];
export type HotelRatingHistory = RatingHistoryView;
export type HotelRatingMonth = HotelRatingHistory['months'][number];
