/** JSON shapes of the back office's charts (issue #16), derived from the presenters; the tables' are in types.ts. */
export type { DashboardChartsView as DashboardCharts } from '../server/areas/dashboard/dashboard.presenter';
export type { RatingHistoryView as HotelRatingHistory } from '../server/modules/reviews/reviews.presenter';
