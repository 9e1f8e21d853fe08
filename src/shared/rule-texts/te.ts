import type { RuleTexts } from './en';

/** An offer's rules in Telugu (rule-texts/en.ts). */
export const rulesTe: RuleTexts = {
  conditions: 'Conditions',
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  shortDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  /** A run of days: "Monday to Friday"; and the last of a list: "Saturday and Sunday". */
  to: (first: string, last: string) => `${first} to ${last}`,
  and: (list: string, last: string) => `${list} and ${last}`,
  weekdays: (days: string) => `Valid ${days} only`,
  blackoutDay: (date: string) => `Not valid on ${date}`,
  blackoutRange: (from: string, to: string) => `Not valid from ${from} to ${to}`,
  minBill: (amount: string) => `Minimum bill ₹${amount}`,
  maxParty: (n: number) => `Up to ${n} ${n === 1 ? 'person' : 'people'}`,
  perGuest: (days: number) => (days === 1 ? 'One voucher per guest a day' : `One voucher per guest every ${days} days`),
  /** On the offer's card when it cannot be used every day of the stay: "Use on Mon–Fri: 3 of your 4 days". */
  useOn: (days: string, n: number, of: number) => `Use on ${days}: ${n} of your ${of} days`,
  useOnCount: (n: number, of: number) => `Use on ${n} of your ${of} days`,
};
