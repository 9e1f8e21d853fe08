/** Calendar dates as 'YYYY-MM-DD' strings, computed in a business time zone (no React, Node or DB imports). */

export type IsoDate = string;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date in the given IANA time zone, e.g. todayIn('Asia/Kolkata') at 23:30 IST is that IST day. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  // The server asks several times a request: the answer is kept for the second it was asked in.
  const second = Math.floor(now.getTime() / 1000);
  const last = lastToday.get(timeZone);
  if (last?.second === second) return last.date;
  let fmt = dateFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, fmt);
  }
  const date = fmt.format(now);
  lastToday.set(timeZone, { second, date });
  return date;
}
const lastToday = new Map<string, { second: number; date: IsoDate }>();

function parts(date: IsoDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days));
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
}

export const laterDate = (a: IsoDate, b: IsoDate): IsoDate => (a > b ? a : b);

/** A calendar month as 'YYYY-MM'. */
export type IsoMonth = string;

/** The month of a date: '2026-03-31' → '2026-03'. */
export const monthOf = (date: IsoDate): IsoMonth => date.slice(0, 7);

/** Adds whole months to a month: addMonthsToMonth('2026-11', 3) → '2027-02'. */
export function addMonthsToMonth(month: IsoMonth, months: number): IsoMonth {
  return monthOf(addMonths(`${month}-01`, months));
}

/** The `count` months up to and including `month`, newest first: lastMonths('2026-02', 3) → ['2026-02', '2026-01', '2025-12']. */
export function lastMonths(month: IsoMonth, count: number): IsoMonth[] {
  return Array.from({ length: count }, (_, i) => addMonthsToMonth(month, -i));
}

export const isIsoMonth = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
