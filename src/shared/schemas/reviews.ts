import * as v from 'valibot';
import { intIdText, isoMonth, optionalParam, searchText, uuidText } from './common';

/** GET /reviews/hotel-details?month=&location_id=&search= (Hotel Details). */
export const HotelDetailsQuerySchema = v.object({
  month: optionalParam(isoMonth('month')),
  location_id: optionalParam(intIdText('location_id must be a positive whole number')),
  search: optionalParam(searchText()),
});
export type HotelDetailsQuery = v.InferOutput<typeof HotelDetailsQuerySchema>;

/** POST /reviews/fetch-google-data/{hotelId}. */
export const HotelIdParamSchema = v.object({ hotelId: uuidText('hotelId') });
