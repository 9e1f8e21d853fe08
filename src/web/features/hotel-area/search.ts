import * as v from 'valibot';
import { HotelCustomersQuerySchema } from '../../../shared/schemas/hotel-area';

/** The API's own checks of `from` and `to` (the Customers page keeps them in the URL). */
const api = HotelCustomersQuerySchema.pipe[0].entries;

/** One date of the URL: a malformed one is dropped rather than sent to the server. */
const date = (schema: typeof api.from) =>
  v.optional(
    v.fallback(
      v.pipe(
        v.unknown(),
        v.transform((value) => (typeof value === 'string' ? value : undefined)),
        schema,
      ),
      undefined,
    ),
  );

/** The Customers filters of the URL (the route's validateSearch): a range the wrong way round keeps its start. */
export const HotelCustomerSearchSchema = v.pipe(
  v.object({ from: date(api.from), to: date(api.to) }),
  v.transform((filters) => {
    const to = filters.from && filters.to && filters.from > filters.to ? undefined : filters.to;
    return { ...(filters.from ? { from: filters.from } : {}), ...(to ? { to } : {}) };
  }),
);

export type HotelCustomerFilters = v.InferOutput<typeof HotelCustomerSearchSchema>;
