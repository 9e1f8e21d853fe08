/**
 * JSON shapes of the hotel's own area (GET /hotel/dashboard, GET /hotel/customers), derived from its presenter like
 * those of types.ts.
 */
import type { HotelDashboardView } from '../server/areas/hotel-area/hotel-area.presenter';

export type { HotelCustomerView as HotelCustomer } from '../server/areas/hotel-area/hotel-area.presenter';
export type HotelDashboard = HotelDashboardView;
export type HotelScanDay = HotelDashboard['scans_by_day'][number];
export type HotelSubscription = HotelDashboard['subscription'];
export type HotelGoogleRating = NonNullable<HotelDashboard['google']>;
