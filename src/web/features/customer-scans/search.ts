import * as v from 'valibot';
import { CustomerScanListQuerySchema } from '../../../shared/schemas/customer-scans';

/** The list's filters as the API reads them (its query parameters, without the paging ones). */
const api = CustomerScanListQuerySchema.pipe[0].entries;

/**
 * One filter in the URL, checked by the API's own schema for that query parameter. The router reads `?location_id=3`
 * as the number 3, so a value is made text first; a malformed value is dropped rather than sent to the server.
 */
const param = <T extends v.GenericSchema<string | undefined, unknown>>(schema: T) =>
  v.optional(
    v.fallback(
      v.pipe(
        v.unknown(),
        v.transform((value) => (typeof value === 'number' || typeof value === 'string' ? String(value) : undefined)),
        schema,
      ),
      undefined,
    ),
  );

/** The Customer Scans filters of the URL (the route's validateSearch): unset ones are left out. */
export const ScanSearchSchema = v.pipe(
  v.object({
    search: param(api.search),
    date_from: param(api.date_from),
    date_to: param(api.date_to),
    location_id: param(api.location_id),
    hotel_id: param(api.hotel_id),
    merchant_id: param(api.merchant_id),
    placement_id: param(api.placement_id),
  }),
  v.transform((filters) => {
    // A range the wrong way round keeps its start.
    if (filters.date_from && filters.date_to && filters.date_from > filters.date_to) filters.date_to = undefined;
    const set: typeof filters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
    return set;
  }),
);

export type ScanFilters = v.InferOutput<typeof ScanSearchSchema>;
