import type { RuleTexts } from './en';

/** An offer's rules in Hindi (rule-texts/en.ts). */
export const rulesHi: RuleTexts = {
  conditions: 'शर्तें',
  days: ['सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार', 'रविवार'],
  shortDays: ['सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि', 'रवि'],
  to: (first: string, last: string) => `${first} से ${last}`,
  and: (list: string, last: string) => `${list} और ${last}`,
  weekdays: (days: string) => `केवल ${days} को मान्य`,
  blackoutDay: (date: string) => `${date} को मान्य नहीं`,
  blackoutRange: (from: string, to: string) => `${from} से ${to} तक मान्य नहीं`,
  minBill: (amount: string) => `न्यूनतम बिल ₹${amount}`,
  maxParty: (n: number) => `अधिकतम ${n} ${n === 1 ? 'व्यक्ति' : 'लोग'}`,
  perGuest: (days: number) => (days === 1 ? 'हर मेहमान को दिन में एक वाउचर' : `हर मेहमान को ${days} दिनों में एक वाउचर`),
  useOn: (days: string, n: number, of: number) => `${days} को इस्तेमाल करें: आपके ${of} में से ${n} दिन`,
  useOnCount: (n: number, of: number) => `आपके ${of} में से ${n} दिन इस्तेमाल करें`,
};
