import { addDays, type IsoDate } from './dates';
import { formatDate, formatRupees } from './format';

/**
 * An offer's rules (docs/PRODUCT.md "Offer rules"), read the same way by the server (the scan submission's stay
 * rule, the counter's `not_valid_now`) and by the phone (when a picked offer can be used during the stay, the rules
 * shown offline on the voucher). The fields are the API's own (snake_case, `null` = no rule), so an offer card, a
 * voucher's offer or a redemption result can be passed as it is. Caps are not here: they count vouchers issued,
 * which only the server knows.
 */

/** A range of days an offer cannot be redeemed on (a festival), both ends included, 'YYYY-MM-DD'. */
export interface BlackoutRange {
  from: IsoDate;
  to: IsoDate;
}

export interface OfferRules {
  /** ISO weekday numbers (1 Monday … 7 Sunday) it can be redeemed on, sorted; null: every day. */
  redeem_weekdays: readonly number[] | null;
  /** Days it cannot be redeemed on, sorted by `from`; null: none. */
  blackout_dates: readonly BlackoutRange[] | null;
  /** The smallest bill, in rupees, it can be redeemed against; null: any bill. */
  min_bill: number | null;
  /** The largest party it serves (shown to the guest, checked by staff); null: any. */
  max_party: number | null;
  /** One voucher of this offer (or merchant) per mobile number every this many days; null: no limit. */
  per_guest_days: number | null;
}

/** The rules a redemption checks by the day alone (the bill is checked apart). */
export type DayRules = Pick<OfferRules, 'redeem_weekdays' | 'blackout_dates'>;

/** The rule a redemption broke (the result status `not_valid_now`, docs/COUNTER.md). */
export type NotValidRule = 'weekday' | 'blackout' | 'min_bill';
export const NOT_VALID_RULES = ['weekday', 'blackout', 'min_bill'] as const satisfies readonly NotValidRule[];

export interface RuleRefusal {
  rule: NotValidRule;
  /** The rule in words: "Valid Monday to Friday only", "Not valid on 14 Nov 2026", "Minimum bill ₹500". */
  message: string;
}

/** The most a week has: ISO weekday numbers. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(day: IsoDate): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * Weekdays in words, runs joined with "to" (the week wraps from Sunday to Monday): [1,2,3,4,5] → "Monday to
 * Friday", [6,7] → "Saturday and Sunday", [5,6,7,1] → "Friday to Monday", [1,3,5] → "Monday, Wednesday and Friday".
 */
export function weekdaysText(days: readonly number[]): string {
  const runs = weekdayRuns(days);
  if (runs.length === 0) return '';
  if (runs[0]!.length === 7) return 'every day';
  const parts = runs.flatMap((run) =>
    run.length >= 3
      ? [`${WEEKDAY_NAMES[run[0]!]} to ${WEEKDAY_NAMES[run.at(-1)!]}`]
      : run.map((d) => WEEKDAY_NAMES[d]!),
  );
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The days as runs of consecutive weekdays, the week wrapping from Sunday to Monday: [1,2,3,4,5] → [[1,2,3,4,5]],
 * [5,6,7,1] → [[5,6,7,1]], [1,3,5] → [[1],[3],[5]]; every day is one run of 7, none is []. The words of the runs are
 * the reader's (weekdaysText here, the guest page in its language).
 */
export function weekdayRuns(days: readonly number[]): number[][] {
  const set = new Set(days.filter((d) => d >= 1 && d <= 7));
  if (set.size === 0) return [];
  if (set.size === 7) return [[...ISO_WEEKDAYS]];
  // Start at a day whose previous day is not in the set, so a run across Sunday-Monday stays one run.
  const start = ISO_WEEKDAYS.find((d) => set.has(d) && !set.has(d === 1 ? 7 : d - 1))!;
  const runs: number[][] = [];
  for (let i = 0; i < 7; i++) {
    const day = ((start - 1 + i) % 7) + 1;
    if (!set.has(day)) continue;
    const previous = day === 1 ? 7 : day - 1;
    const last = runs.at(-1);
    if (last && last.at(-1) === previous && i > 0) last.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** "Valid Monday to Friday only". */
export const weekdaysRuleText = (days: readonly number[]) => `Valid ${weekdaysText(days)} only`;

/** "Not valid on 14 Nov 2026" or "Not valid from 1 Nov 2026 to 3 Nov 2026". */
export const blackoutRuleText = (range: BlackoutRange) =>
  range.from === range.to
    ? `Not valid on ${formatDate(range.from)}`
    : `Not valid from ${formatDate(range.from)} to ${formatDate(range.to)}`;

/** Rupees as the rules show them: whole rupees without decimals ("₹500"), else with paise ("₹499.50"). */
export const rupeesText = (amount: number) => formatRupees(amount, Number.isInteger(amount) ? 0 : 2);

/** "Minimum bill ₹500". */
export const minBillRuleText = (minBill: number) => `Minimum bill ${rupeesText(minBill)}`;

/** The counter's `bill_required` message: "Enter the bill amount (minimum bill ₹500)". */
export const billRequiredText = (minBill: number) => `Enter the bill amount (minimum bill ${rupeesText(minBill)})`;

/** "Up to 4 people" ("Up to 1 person"). */
export const maxPartyRuleText = (maxParty: number) => `Up to ${maxParty} ${maxParty === 1 ? 'person' : 'people'}`;

/** "One voucher per guest every 30 days" ("One voucher per guest a day"). */
export const perGuestRuleText = (days: number) =>
  days === 1 ? 'One voucher per guest a day' : `One voucher per guest every ${days} days`;

/** A weekday rule that names every day is no rule. */
const weekdayRule = (days: readonly number[] | null) => (days && new Set(days).size < 7 ? days : null);

/**
 * Whether the offer can be redeemed on `day` by its weekdays and blackout dates: null when it can, else the rule
 * that stops it, in words. Validity dates are checked apart (an expired offer's voucher is `invalid`).
 */
export function redeemableOn(rules: DayRules, day: IsoDate): RuleRefusal | null {
  const weekdays = weekdayRule(rules.redeem_weekdays);
  if (weekdays && !weekdays.includes(isoWeekday(day))) return { rule: 'weekday', message: weekdaysRuleText(weekdays) };
  const blackout = rules.blackout_dates?.find((range) => range.from <= day && day <= range.to);
  if (blackout) return { rule: 'blackout', message: blackoutRuleText(blackout) };
  return null;
}

/**
 * A bill against the offer's minimum: null when there is no minimum or the bill reaches it, else `min_bill` with
 * "Minimum bill ₹500". (No bill at all is the counter's `bill_required`, not this.)
 */
export function billRefusal(minBill: number | null, billAmount: number): RuleRefusal | null {
  if (minBill === null || billAmount >= minBill) return null;
  return { rule: 'min_bill', message: minBillRuleText(minBill) };
}

/** The offer's validity dates, 'YYYY-MM-DD' (as the API answers them). */
export interface Validity {
  validity_from: IsoDate;
  validity_to: IsoDate;
}

/** The longest stay looked at, in days (a check-out is at most a year away: shared/schemas/scans.ts). */
const MAX_STAY_DAYS = 400;

/**
 * The days from `from` to `to` (both included: today to the guest's check-out) on which the offer can be redeemed:
 * within its validity dates, on one of its weekdays and not on a blackout date. Empty: the offer is no use for this
 * stay (the scan submission refuses it, the phone does not offer it).
 */
export function redeemableDaysInStay(rules: DayRules, validity: Validity, from: IsoDate, to: IsoDate): IsoDate[] {
  const first = from > validity.validity_from ? from : validity.validity_from;
  const last = to < validity.validity_to ? to : validity.validity_to;
  const days: IsoDate[] = [];
  for (let day = first, n = 0; day <= last && n < MAX_STAY_DAYS; day = addDays(day, 1), n++) {
    if (redeemableOn(rules, day) === null) days.push(day);
  }
  return days;
}

/** The first day of the stay the offer can be redeemed on, or null when there is none. */
export function firstRedeemableDay(rules: DayRules, validity: Validity, from: IsoDate, to: IsoDate): IsoDate | null {
  const first = from > validity.validity_from ? from : validity.validity_from;
  const last = to < validity.validity_to ? to : validity.validity_to;
  for (let day = first, n = 0; day <= last && n < MAX_STAY_DAYS; day = addDays(day, 1), n++) {
    if (redeemableOn(rules, day) === null) return day;
  }
  return null;
}

/** How many different days the blackout ranges cover (overlaps counted once). */
export function blackoutDayCount(ranges: readonly BlackoutRange[]): number {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let count = 0;
  let coveredTo: IsoDate | undefined;
  for (const range of sorted) {
    if (range.to < range.from) continue;
    const start = coveredTo && range.from <= coveredTo ? addDays(coveredTo, 1) : range.from;
    if (start <= range.to) count += daysBetween(start, range.to) + 1;
    if (!coveredTo || range.to > coveredTo) coveredTo = range.to;
  }
  return count;
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'; negative when b is before a). */
export const daysBetween = (a: IsoDate, b: IsoDate): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The rules in English, one line each, in the order a guest reads them: "Valid Monday to Friday only", "Not valid
 * from 1 Nov 2026 to 3 Nov 2026" (one line a range), "Minimum bill ₹500", "Up to 4 people", "One voucher per guest
 * every 30 days". No rule, no line.
 */
export function describeOfferRules(rules: OfferRules): string[] {
  const lines: string[] = [];
  const weekdays = weekdayRule(rules.redeem_weekdays);
  if (weekdays) lines.push(weekdaysRuleText(weekdays));
  for (const range of rules.blackout_dates ?? []) lines.push(blackoutRuleText(range));
  if (rules.min_bill !== null) lines.push(minBillRuleText(rules.min_bill));
  if (rules.max_party !== null) lines.push(maxPartyRuleText(rules.max_party));
  if (rules.per_guest_days !== null) lines.push(perGuestRuleText(rules.per_guest_days));
  return lines;
}

/** The effective frequency of an offer: its own, else its merchant's (docs/PRODUCT.md "Offer rules"). */
export const effectivePerGuestDays = (offerDays: number | null, merchantDays: number | null): number | null =>
  offerDays ?? merchantDays;
