import type { RuleTexts } from './en';

/** An offer's rules in Marathi (rule-texts/en.ts). */
export const rulesMr: RuleTexts = {
  conditions: 'अटी',
  days: ['सोमवार', 'मंगळवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार', 'रविवार'],
  shortDays: ['सोम', 'मंगळ', 'बुध', 'गुरु', 'शुक्र', 'शनि', 'रवि'],
  /** A run of days: "Monday to Friday"; and the last of a list: "Saturday and Sunday". */
  to: (first: string, last: string) => `${first} ते ${last}`,
  and: (list: string, last: string) => `${list} आणि ${last}`,
  weekdays: (days: string) => `फक्त ${days} वैध`,
  blackoutDay: (date: string) => `${date} रोजी वैध नाही`,
  blackoutRange: (from: string, to: string) => `${from} ते ${to} वैध नाही`,
  minBill: (amount: string) => `किमान बिल ₹${amount}`,
  maxParty: (n: number) => `जास्तीत जास्त ${n} व्यक्ती`,
  perGuest: (days: number) =>
    days === 1 ? 'प्रत्येक पाहुण्याला दिवसाला एक व्हाउचर' : `प्रत्येक पाहुण्याला ${days} दिवसांत एक व्हाउचर`,
  /** On the offer's card when it cannot be used every day of the stay: "Use on Mon–Fri: 3 of your 4 days". */
  useOn: (days: string, n: number, of: number) => `${days} वापरता येईल: तुमच्या ${of} पैकी ${n} दिवस`,
  useOnCount: (n: number, of: number) => `तुमच्या ${of} पैकी ${n} दिवस वापरता येईल`,
};
