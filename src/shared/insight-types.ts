/** The back office's charts' JSON shapes: in api-types.ts; this name stays for the imports that use it. */
export type { DashboardCharts, HotelRatingHistory } from './api-types';
