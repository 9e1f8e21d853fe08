import type { GuestLanguage } from '../../../shared/guest-languages';
import { textsBn } from './bn';
import { textsEn, type GuestTexts } from './en';
import { textsHi } from './hi';
import { textsKn } from './kn';
import { textsMl } from './ml';
import { textsMr } from './mr';
import { textsTa } from './ta';
import { textsTe } from './te';

export type { GuestTexts } from './en';
export { wholeMessage, type ReminderTexts, type Sentence } from './reminders';

/** Every guest language's server texts (one catalogue per language, en.ts the source of the keys). */
export const GUEST_TEXTS: Record<GuestLanguage, GuestTexts> = {
  en: textsEn,
  hi: textsHi,
  ta: textsTa,
  te: textsTe,
  kn: textsKn,
  ml: textsMl,
  bn: textsBn,
  mr: textsMr,
};
