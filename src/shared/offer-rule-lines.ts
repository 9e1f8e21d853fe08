import { weekdayRuns, type OfferRules } from './offer-rules';
import type { RuleTexts } from './rule-texts/en';

/**
 * An offer's rules in a guest language (docs/PRODUCT.md "Offer rules"), one line each, in the order
 * describeOfferRules gives them in English: the guest page's cards and the voucher PDF word them alike. In English
 * (rule-texts/en.ts) the lines are describeOfferRules' own (tests/unit/guest-i18n.test.ts).
 */
export interface RuleWords {
  /** The language's rule words (src/shared/rule-texts/<language>.ts). */
  rules: RuleTexts;
  /** A calendar date ('2026-11-14') as the language writes it. */
  date: (isoDate: string) => string;
  /** An amount in rupees as the language writes it, without the sign: "1,500", "499.50". */
  amount: (value: number) => string;
}

/** Runs of days in words: "Monday to Friday", "Saturday and Sunday", "Monday, Wednesday and Friday". */
function listed(parts: string[], rules: RuleTexts): string {
  return parts.length <= 1 ? (parts[0] ?? '') : rules.and(parts.slice(0, -1).join(', '), parts.at(-1)!);
}

/**
 * Weekdays in the language's words (`names`: its days or short days): runs of three or more as "Monday to Friday",
 * or with `dash` as "Mon–Fri" in a comma list (the stay's short line).
 */
export function weekdayWords(
  days: readonly number[],
  rules: RuleTexts,
  names: readonly string[],
  dash?: string,
): string {
  const name = (day: number) => names[day - 1]!;
  const parts = weekdayRuns(days).flatMap((run) =>
    run.length >= 3
      ? [dash ? `${name(run[0]!)}${dash}${name(run.at(-1)!)}` : rules.to(name(run[0]!), name(run.at(-1)!))]
      : run.map(name),
  );
  return dash ? parts.join(', ') : listed(parts, rules);
}

/** The rules, one line each, in the order describeOfferRules gives them. */
export function ruleLines(offer: OfferRules, { rules, date, amount }: RuleWords): string[] {
  const lines: string[] = [];
  const weekdays = offer.redeem_weekdays;
  if (weekdays && new Set(weekdays).size < 7) lines.push(rules.weekdays(weekdayWords(weekdays, rules, rules.days)));
  for (const range of offer.blackout_dates ?? [])
    lines.push(
      range.from === range.to
        ? rules.blackoutDay(date(range.from))
        : rules.blackoutRange(date(range.from), date(range.to)),
    );
  if (offer.min_bill !== null) lines.push(rules.minBill(amount(offer.min_bill)));
  if (offer.max_party !== null) lines.push(rules.maxParty(offer.max_party));
  if (offer.per_guest_days !== null) lines.push(rules.perGuest(offer.per_guest_days));
  return lines;
}
