import { addDays, type IsoDate } from '../../../shared/dates';
import { ruleLines as ruleLinesIn, weekdayWords } from '../../../shared/offer-rule-lines';
import {
  daysBetween,
  isoWeekday,
  redeemableDaysInStay,
  type OfferRules,
  type Validity,
} from '../../../shared/offer-rules';
import { formatAmount, type GuestI18n } from './i18n/i18n';

/**
 * An offer's rules on the guest page (docs/PRODUCT.md "Offer rules"), loaded after the first screen (rules-view.ts):
 * its lines in the guest's language (src/shared/offer-rule-lines.ts, which the voucher PDF words them with too), and
 * which days of the stay it can be used on.
 */

/** What the lines are worded with: the guest's language (useGuestI18n). */
type Words = Pick<GuestI18n, 't' | 'date' | 'lang'>;

/** The rules, one line each, in the order describeOfferRules gives them. */
export const ruleLines = (rules: OfferRules, { t, date, lang }: Words): string[] =>
  ruleLinesIn(rules, { rules: t.rules, date, amount: (value) => formatAmount(lang, value) });

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
  } else if (rules.redeem_weekdays) which = weekdayWords(rules.redeem_weekdays, t.rules, t.rules.shortDays, '–');
  return {
    usable: true,
    line: which ? t.rules.useOn(which, days.length, stay) : t.rules.useOnCount(days.length, stay),
  };
}
