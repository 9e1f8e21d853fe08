import type { RuleTexts } from './en';

/** An offer's rules in Malayalam (rule-texts/en.ts). */
export const rulesMl: RuleTexts = {
  conditions: 'വ്യവസ്ഥകൾ',
  days: ['തിങ്കളാഴ്ച', 'ചൊവ്വാഴ്ച', 'ബുധനാഴ്ച', 'വ്യാഴാഴ്ച', 'വെള്ളിയാഴ്ച', 'ശനിയാഴ്ച', 'ഞായറാഴ്ച'],
  shortDays: ['തിങ്കൾ', 'ചൊവ്വ', 'ബുധൻ', 'വ്യാഴം', 'വെള്ളി', 'ശനി', 'ഞായർ'],
  /**
   * A run of days: "തിങ്കളാഴ്ച മുതൽ വെള്ളിയാഴ്ച വരെ"; a list names its days with "എന്നീ ദിവസങ്ങളിൽ" (Malayalam's
   * "and" would inflect every name), so "… മാത്രം സാധുവാണ്" follows either.
   */
  to: (first: string, last: string) => `${first} മുതൽ ${last} വരെ`,
  and: (list: string, last: string) => `${list}, ${last} എന്നീ ദിവസങ്ങളിൽ`,
  weekdays: (days: string) => `${days} മാത്രം സാധുവാണ്`,
  blackoutDay: (date: string) => `${date}-ന് സാധുവല്ല`,
  blackoutRange: (from: string, to: string) => `${from} മുതൽ ${to} വരെ സാധുവല്ല`,
  minBill: (amount: string) => `കുറഞ്ഞ ബിൽ തുക ₹${amount}`,
  maxParty: (n: number) => `പരമാവധി ${n} ${n === 1 ? 'ആൾ' : 'പേർ'}`,
  perGuest: (days: number) => (days === 1 ? 'ഒരു അതിഥിക്ക് ദിവസം ഒരു വൗച്ചർ' : `ഒരു അതിഥിക്ക് ${days} ദിവസത്തിൽ ഒരു വൗച്ചർ`),
  /** On the offer's card when it cannot be used every day of the stay: "Use on Mon–Fri: 3 of your 4 days". */
  useOn: (days: string, n: number, of: number) => `ഉപയോഗിക്കാവുന്നത്: ${days} (താമസത്തിലെ ${of} ദിവസങ്ങളിൽ ${n} ദിവസം)`,
  useOnCount: (n: number, of: number) => `താമസത്തിലെ ${of} ദിവസങ്ങളിൽ ${n} ദിവസം ഉപയോഗിക്കാം`,
};
