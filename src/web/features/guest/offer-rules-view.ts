import { addDays, type IsoDate } from '../../../shared/dates';
import {
  daysBetween,
  isoWeekday,
  redeemableDaysInStay,
  weekdayRuns,
  type OfferRules,
  type Validity,
} from '../../../shared/offer-rules';
import { formatAmount, type GuestI18n } from './i18n/i18n';

/**
 * An offer's rules on the guest page (docs/PRODUCT.md "Offer rules"), loaded after the first screen (rules-view.ts):
 * its lines in the guest's language, the same words as describeOfferRules in English (tests/unit/guest-i18n.test.ts),
 * and which days of the stay it can be used on.
 */

/** What the lines are worded with: the guest's language (useGuestI18n). */
type Words = Pick<GuestI18n, 't' | 'date' | 'lang'>;

/** Runs of days in words: "Monday to Friday", "Saturday and Sunday", "Monday, Wednesday and Friday". */
function listed(parts: string[], { t }: Words): string {
  return parts.length <= 1 ? (parts[0] ?? '') : t.rules.and(parts.slice(0, -1).join(', '), parts.at(-1)!);
}

function weekdayWords(days: readonly number[], words: Words, names: readonly string[], dash?: string): string {
  const name = (day: number) => names[day - 1]!;
  const parts = weekdayRuns(days).flatMap((run) =>
    run.length >= 3
      ? [dash ? `${name(run[0]!)}${dash}${name(run.at(-1)!)}` : words.t.rules.to(name(run[0]!), name(run.at(-1)!))]
      : run.map(name),
  );
  return dash ? parts.join(', ') : listed(parts, words);
}

/** The rules, one line each, in the order describeOfferRules gives them. */
export function ruleLines(rules: OfferRules, words: Words): string[] {
  const { t, date, lang } = words;
  const lines: string[] = [];
  const weekdays = rules.redeem_weekdays;
  if (weekdays && new Set(weekdays).size < 7) lines.push(t.rules.weekdays(weekdayWords(weekdays, words, t.rules.days)));
  for (const range of rules.blackout_dates ?? [])
    lines.push(
      range.from === range.to
        ? t.rules.blackoutDay(date(range.from))
        : t.rules.blackoutRange(date(range.from), date(range.to)),
    );
  if (rules.min_bill !== null) lines.push(t.rules.minBill(formatAmount(lang, rules.min_bill)));
  if (rules.max_party !== null) lines.push(t.rules.maxParty(rules.max_party));
  if (rules.per_guest_days !== null) lines.push(t.rules.perGuest(rules.per_guest_days));
  return lines;
}

/** A stay looked at day by day: longer than a week, weekday names no longer name one day each. */
const WEEK = 7;

/**
 * When the offer can be used during the stay (today to check-out, both included): `usable` false when on no day
 * (the page does not offer it; the server would refuse it), else `line` when not on every day ("Use on Mon–Fri: 3 of
 * your 4 days"), undefined when on every day.
 */
export function stayUse(
  rules: OfferRules & Validity,
  today: IsoDate,
  checkout: IsoDate,
  words: Words,
): { usable: boolean; line?: string } {
  const days = redeemableDaysInStay(rules, rules, today, checkout);
  const stay = daysBetween(today, checkout) + 1;
  if (days.length === 0) return { usable: false };
  if (days.length >= stay) return { usable: true };
  const { t } = words;
  // A short stay names its usable days (in stay order); a long one the offer's weekdays, if that is the rule.
  let which = '';
  if (stay <= WEEK) {
    const runs: number[][] = [];
    let previous: IsoDate | undefined;
    for (const day of days) {
      const last = runs.at(-1);
      if (last && previous && addDays(previous, 1) === day) last.push(isoWeekday(day));
      else runs.push([isoWeekday(day)]);
      previous = day;
    }
    which = runs
      .flatMap((run) =>
        run.length >= 3
          ? [`${t.rules.shortDays[run[0]! - 1]}–${t.rules.shortDays[run.at(-1)! - 1]}`]
          : run.map((d) => t.rules.shortDays[d - 1]!),
      )
      .join(', ');
  } else if (rules.redeem_weekdays) which = weekdayWords(rules.redeem_weekdays, words, t.rules.shortDays, '–');
  return {
    usable: true,
    line: which ? t.rules.useOn(which, days.length, stay) : t.rules.useOnCount(days.length, stay),
  };
}
