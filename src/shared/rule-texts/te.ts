import type { RuleTexts } from './en';

/** An offer's rules in Telugu (rule-texts/en.ts). */
export const rulesTe: RuleTexts = {
  conditions: 'షరతులు',
  days: ['సోమవారం', 'మంగళవారం', 'బుధవారం', 'గురువారం', 'శుక్రవారం', 'శనివారం', 'ఆదివారం'],
  shortDays: ['సోమ', 'మంగళ', 'బుధ', 'గురు', 'శుక్ర', 'శని', 'ఆది'],
  /** A run of days: "Monday to Friday"; and the last of a list: "Saturday and Sunday". */
  to: (first: string, last: string) => `${first} నుండి ${last} వరకు`,
  and: (list: string, last: string) => `${list} మరియు ${last}`,
  weekdays: (days: string) => `${days} మాత్రమే చెల్లుతుంది`,
  blackoutDay: (date: string) => `${date}న చెల్లదు`,
  blackoutRange: (from: string, to: string) => `${from} నుండి ${to} వరకు చెల్లదు`,
  minBill: (amount: string) => `కనీస బిల్లు ₹${amount}`,
  maxParty: (n: number) => `గరిష్ఠంగా ${n} ${n === 1 ? 'వ్యక్తి' : 'మంది'}`,
  perGuest: (days: number) => (days === 1 ? 'ఒక్కో అతిథికి రోజుకు ఒక వోచర్' : `ఒక్కో అతిథికి ${days} రోజులకు ఒక వోచర్`),
  /** On the offer's card when it cannot be used every day of the stay: "Use on Mon–Fri: 3 of your 4 days". */
  useOn: (days: string, n: number, of: number) =>
    `వాడగలిగే రోజులు ${days}: మీ ${of} రోజుల్లో ${n} ${n === 1 ? 'రోజు' : 'రోజులు'}`,
  useOnCount: (n: number, of: number) => `మీ ${of} రోజుల్లో ${n} ${n === 1 ? 'రోజు' : 'రోజులు'} వాడవచ్చు`,
};
