/** Display formatting shared by every screen (SPEC §9): rupees in the Indian style, dates, offer values. */

const inr0 = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const inr2 = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹ with Indian digit grouping: formatRupees(1234567.5, 2) → "₹12,34,567.50". */
export function formatRupees(value: number | null | undefined, decimals: 0 | 2 = 0): string {
  const n = Number(value ?? 0);
  return `₹${(decimals === 2 ? inr2 : inr0).format(Number.isFinite(n) ? n : 0)}`;
}

/** Indian digit grouping without the sign: 1234567 → "12,34,567". */
export const formatIndianNumber = (value: number | null | undefined): string => inr0.format(Number(value ?? 0));

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Day, short month, year: "2026-11-22" or an ISO timestamp → "22 Nov 2026". Empty input → "-". */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return shortDate.format(new Date(`${value}T00:00:00Z`));
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(date);
}

/** Date and time in the viewer's zone: "22 Nov 2026, 14:05". */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(date);
}

export type OfferType = 'cash_discount' | 'fixed_discount' | 'percentage';

export const OFFER_TYPE_LABELS: Record<OfferType, string> = {
  cash_discount: 'Cash Discount',
  fixed_discount: 'Fixed Discount',
  percentage: 'Percentage',
};

/** Whole numbers without decimals, others with two: 150 → "150", 150.5 → "150.50". */
const trimNumber = (value: number) => (Number.isInteger(value) ? inr0.format(value) : inr2.format(value));

/** Admin lists: "20%" or "₹150" (SPEC §9). */
export function formatOfferValue(type: OfferType, value: number): string {
  return type === 'percentage' ? `${trimNumber(value)}%` : `₹${trimNumber(value)}`;
}

/** Guest cards: "20% OFF" or "₹150 OFF" (SPEC §9). */
export const formatOfferValueForGuest = (type: OfferType, value: number): string => `${formatOfferValue(type, value)} OFF`;

/** Done % badge colour (SPEC §9): 65 or more green, 40 to 64 orange, below 40 red. */
export function percentTone(percent: number): 'green' | 'orange' | 'red' {
  if (percent >= 65) return 'green';
  if (percent >= 40) return 'orange';
  return 'red';
}

/** Done % = round(done / count * 100); null when count is 0 (shown as a dash). */
export const donePercent = (done: number, count: number): number | null => (count > 0 ? Math.round((done / count) * 100) : null);
