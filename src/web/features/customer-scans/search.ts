import type { ScanFilters } from './api';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const date = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
const uuid = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value
    : undefined;
const id = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The Customer Scans filters from the URL: unknown or malformed values are dropped, not sent to the server. */
export function parseScanSearch(search: Record<string, unknown>): ScanFilters {
  const filters: ScanFilters = {
    search: text(search.search)?.slice(0, 100),
    date_from: date(search.date_from),
    date_to: date(search.date_to),
    location_id: id(search.location_id),
    hotel_id: uuid(search.hotel_id),
    merchant_id: uuid(search.merchant_id),
  };
  if (filters.date_from && filters.date_to && filters.date_from > filters.date_to) filters.date_to = undefined;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ScanFilters;
}
