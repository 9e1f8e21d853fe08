import type { RuleTexts } from './en';

/** An offer's rules in Tamil (rule-texts/en.ts). */
export const rulesTa: RuleTexts = {
  conditions: 'நிபந்தனைகள்',
  days: ['திங்கள்', 'செவ்வாய்', 'புதன்', 'வியாழன்', 'வெள்ளி', 'சனி', 'ஞாயிறு'],
  /** Intl's short Tamil weekdays (ta-IN), as the phone's own calendar writes them. */
  shortDays: ['திங்.', 'செவ்.', 'புத.', 'வியா.', 'வெள்.', 'சனி', 'ஞாயி.'],
  /** A run of days: "Monday to Friday"; and the last of a list: "Saturday and Sunday". */
  to: (first: string, last: string) => `${first} முதல் ${last} வரை`,
  and: (list: string, last: string) => `${list} மற்றும் ${last}`,
  weekdays: (days: string) => `${days} மட்டும் செல்லுபடியாகும்`,
  blackoutDay: (date: string) => `${date} அன்று செல்லாது`,
  blackoutRange: (from: string, to: string) => `${from} முதல் ${to} வரை செல்லாது`,
  minBill: (amount: string) => `குறைந்தபட்ச பில் ₹${amount}`,
  maxParty: (n: number) => `அதிகபட்சம் ${n} ${n === 1 ? 'நபர்' : 'நபர்கள்'}`,
  perGuest: (days: number) =>
    days === 1 ? 'ஒரு விருந்தினருக்கு நாளுக்கு ஒரு வவுச்சர்' : `ஒரு விருந்தினருக்கு ${days} நாட்களுக்கு ஒரு வவுச்சர்`,
  /** On the offer's card when it cannot be used every day of the stay: "Use on Mon–Fri: 3 of your 4 days". */
  useOn: (days: string, n: number, of: number) =>
    `${days}: உங்கள் ${of} நாட்களில் ${n} ${n === 1 ? 'நாள்' : 'நாட்கள்'} பயன்படுத்தலாம்`,
  useOnCount: (n: number, of: number) => `உங்கள் ${of} நாட்களில் ${n} ${n === 1 ? 'நாள்' : 'நாட்கள்'} பயன்படுத்தலாம்`,
};
