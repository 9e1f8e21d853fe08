import type { RuleTexts } from './en';

/**
 * An offer's rules in Kannada (rule-texts/en.ts). The day names all end in ವಾರ, so a run of days takes its endings
 * directly ("ಸೋಮವಾರದಿಂದ ಶುಕ್ರವಾರದವರೆಗೆ"); a date ends in the year's digits, which take them directly too ("…2026ರಂದು").
 */
export const rulesKn: RuleTexts = {
  conditions: 'ಷರತ್ತುಗಳು',
  days: ['ಸೋಮವಾರ', 'ಮಂಗಳವಾರ', 'ಬುಧವಾರ', 'ಗುರುವಾರ', 'ಶುಕ್ರವಾರ', 'ಶನಿವಾರ', 'ಭಾನುವಾರ'],
  shortDays: ['ಸೋಮ', 'ಮಂಗಳ', 'ಬುಧ', 'ಗುರು', 'ಶುಕ್ರ', 'ಶನಿ', 'ಭಾನು'],
  /** A run of days: "ಸೋಮವಾರದಿಂದ ಶುಕ್ರವಾರದವರೆಗೆ"; and the last of a list: "ಶನಿವಾರ ಮತ್ತು ಭಾನುವಾರ". */
  to: (first: string, last: string) => `${first}ದಿಂದ ${last}ದವರೆಗೆ`,
  and: (list: string, last: string) => `${list} ಮತ್ತು ${last}`,
  weekdays: (days: string) => `${days} ಮಾತ್ರ ಮಾನ್ಯ`,
  blackoutDay: (date: string) => `${date}ರಂದು ಮಾನ್ಯವಿಲ್ಲ`,
  blackoutRange: (from: string, to: string) => `${from}ರಿಂದ ${to}ರವರೆಗೆ ಮಾನ್ಯವಿಲ್ಲ`,
  minBill: (amount: string) => `ಕನಿಷ್ಠ ಬಿಲ್ ₹${amount}`,
  maxParty: (n: number) => `ಗರಿಷ್ಠ ${n} ${n === 1 ? 'ವ್ಯಕ್ತಿ' : 'ಜನರು'}`,
  perGuest: (days: number) => (days === 1 ? 'ಪ್ರತಿ ಅತಿಥಿಗೆ ದಿನಕ್ಕೆ ಒಂದು ವೋಚರ್' : `ಪ್ರತಿ ಅತಿಥಿಗೆ ${days} ದಿನಗಳಿಗೊಮ್ಮೆ ಒಂದು ವೋಚರ್`),
  /** On the offer's card when it cannot be used every day of the stay: "ಬಳಸಬಹುದಾದ ದಿನಗಳು: ಸೋಮ–ಶುಕ್ರ (…)". */
  useOn: (days: string, n: number, of: number) => `ಬಳಸಬಹುದಾದ ದಿನಗಳು: ${days} (ನಿಮ್ಮ ${of} ದಿನಗಳಲ್ಲಿ ${n} ದಿನ)`,
  useOnCount: (n: number, of: number) => `ನಿಮ್ಮ ${of} ದಿನಗಳಲ್ಲಿ ${n} ದಿನ ಬಳಸಬಹುದು`,
};
