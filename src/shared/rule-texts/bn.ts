import type { RuleTexts } from './en';

/** An offer's rules in Bengali (rule-texts/en.ts). */
export const rulesBn: RuleTexts = {
  conditions: 'শর্ত',
  days: ['সোমবার', 'মঙ্গলবার', 'বুধবার', 'বৃহস্পতিবার', 'শুক্রবার', 'শনিবার', 'রবিবার'],
  shortDays: ['সোম', 'মঙ্গল', 'বুধ', 'বৃহস্পতি', 'শুক্র', 'শনি', 'রবি'],
  /** A run of days: "Monday to Friday"; and the last of a list: "Saturday and Sunday". */
  to: (first: string, last: string) => `${first} থেকে ${last}`,
  and: (list: string, last: string) => `${list} ও ${last}`,
  weekdays: (days: string) => `শুধু ${days} বৈধ`,
  blackoutDay: (date: string) => `${date} তারিখে বৈধ নয়`,
  blackoutRange: (from: string, to: string) => `${from} থেকে ${to} পর্যন্ত বৈধ নয়`,
  minBill: (amount: string) => `ন্যূনতম বিল ₹${amount}`,
  maxParty: (n: number) => `সর্বোচ্চ ${n} জন`,
  perGuest: (days: number) =>
    days === 1 ? 'প্রত্যেক অতিথির জন্য দিনে একটি ভাউচার' : `প্রত্যেক অতিথির জন্য ${days} দিনে একটি ভাউচার`,
  /** On the offer's card when it cannot be used every day of the stay: "Use on Mon–Fri: 3 of your 4 days". */
  useOn: (days: string, n: number, of: number) => `${days} ব্যবহার করা যাবে: আপনার ${of} দিনের মধ্যে ${n} দিন`,
  useOnCount: (n: number, of: number) => `আপনার ${of} দিনের মধ্যে ${n} দিন ব্যবহার করা যাবে`,
};
