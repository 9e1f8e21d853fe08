/** Calendar dates as 'YYYY-MM-DD' strings, computed in a business time zone (no React, Node or DB imports). */

export type IsoDate = string;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date in the given IANA time zone, e.g. todayIn('Asia/Kolkata') at 23:30 IST is that IST day. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  let fmt = dateFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, fmt);
  }
  return fmt.format(now);
}

function parts(date: IsoDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
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
