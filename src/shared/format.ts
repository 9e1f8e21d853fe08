/**
 * Display formatting shared by every screen (docs/PRODUCT.md "Constants"): rupees in the Indian style, dates, offer
 * values.
 */

// Made on first use: a NumberFormat costs tens of milliseconds on a slow phone, and the guest page's first
// screen shows no amounts.
let inr0Format: Intl.NumberFormat | undefined;
let inr2Format: Intl.NumberFormat | undefined;
const inr0 = () => (inr0Format ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }));
const inr2 = () =>
  (inr2Format ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** ₹ with Indian digit grouping: formatRupees(1234567.5, 2) → "₹12,34,567.50". */
export function formatRupees(value: number | null | undefined, decimals: 0 | 2 = 0): string {
  const n = Number(value ?? 0);
  return `₹${(decimals === 2 ? inr2() : inr0()).format(Number.isFinite(n) ? n : 0)}`;
}

/** Indian digit grouping without the sign: 1234567 → "12,34,567". */
export const formatIndianNumber = (value: number | null | undefined): string => inr0().format(Number(value ?? 0));

/** Fixed English short months: ICU versions differ ("Sep" vs "Sept"), screens and tests must not. */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Calendar parts of an instant in a time zone (the viewer's when none is given). */
function zonedParts(date: Date, timeZone?: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: get('hour'),
    minute: get('minute'),
  };
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** Day, short month, year: "2026-11-22" or an ISO timestamp → "22 Nov 2026". Empty input → "-". */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return `${d} ${SHORT_MONTHS[m! - 1]} ${y}`;
  }
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '-';
  const p = zonedParts(date, timeZone);
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year}`;
}

/** Date and time: "22 Nov 2026, 14:05" (24-hour), in `timeZone` or the viewer's zone. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '-';
  const p = zonedParts(date, timeZone);
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year}, ${p.hour}:${p.minute}`;
}

export type OfferType = 'cash_discount' | 'fixed_discount' | 'percentage';

export const OFFER_TYPE_LABELS: Record<OfferType, string> = {
  cash_discount: 'Cash Discount',
  fixed_discount: 'Fixed Discount',
  percentage: 'Percentage',
};

/** Whole numbers without decimals, others with two: 150 → "150", 150.5 → "150.50". */
const trimNumber = (value: number) => (Number.isInteger(value) ? inr0().format(value) : inr2().format(value));

/** Admin lists: "20%" or "₹150" (docs/PRODUCT.md "Constants"). */
export function formatOfferValue(type: OfferType, value: number): string {
  return type === 'percentage' ? `${trimNumber(value)}%` : `₹${trimNumber(value)}`;
}

/** Guest cards: "20% OFF" or "₹150 OFF" (docs/PRODUCT.md "Constants"). */
export const formatOfferValueForGuest = (type: OfferType, value: number): string =>
  `${formatOfferValue(type, value)} OFF`;

/** Done % badge colour (docs/PRODUCT.md "Constants"): 65 or more green, 40 to 64 orange, below 40 red. */
export function percentTone(percent: number): 'green' | 'orange' | 'red' {
  if (percent >= 65) return 'green';
  if (percent >= 40) return 'orange';
  return 'red';
}

/** Done % = round(done / count * 100); null when count is 0 (shown as a dash). */
export const donePercent = (done: number, count: number): number | null =>
  count > 0 ? Math.round((done / count) * 100) : null;

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A 'YYYY-MM' month as "April 2026" (long) or "Apr 2026" (short). Anything else is returned as it is. */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return month;
  const [year, m] = month.split('-').map(Number);
  return `${(style === 'long' ? LONG_MONTHS : SHORT_MONTHS)[m! - 1]} ${year}`;
}

/** Done % badge text: 67 → "67%", no renewals due (null) → "-". */
export const formatPercent = (percent: number | null | undefined): string =>
  percent === null || percent === undefined ? '-' : `${percent}%`;

/** A Google rating with one decimal: 4.46 → "4.5"; none → "-". */
export const formatRating = (rating: number | null | undefined): string =>
  rating === null || rating === undefined || !Number.isFinite(rating) ? '-' : rating.toFixed(1);

/** A rating change with two decimals and its sign: 0.1 → "+0.10", -0.05 → "-0.05", 0 → "0.00"; none → "-". */
export function formatRatingChange(change: number | null | undefined): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return '-';
  const rounded = Math.round(change * 100) / 100;
  if (rounded === 0) return '0.00';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(2)}`;
}

/** Rating change colour (docs/PRODUCT.md "Screens"): green up, red down, grey zero or unknown. */
export function ratingChangeTone(change: number | null | undefined): 'green' | 'red' | 'grey' {
  if (change === null || change === undefined) return 'grey';
  const rounded = Math.round(change * 100) / 100;
  return rounded > 0 ? 'green' : rounded < 0 ? 'red' : 'grey';
}

/** Money for sums and tests: rounds to paise, so 0.1 + 0.2 → 0.3. */
export const roundRupees = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;
