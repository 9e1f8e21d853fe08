/** The hotel's own area's JSON shapes: in api-types.ts; this name stays for the imports that use it. */
export type { HotelCustomer, HotelDashboard, HotelGoogleRating, HotelScanDay, HotelSubscription } from './api-types';
