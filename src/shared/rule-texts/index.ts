import type { GuestLanguage } from '../guest-languages';
import { rulesBn } from './bn';
import { rulesEn, type RuleTexts } from './en';
import { rulesHi } from './hi';
import { rulesKn } from './kn';
import { rulesMl } from './ml';
import { rulesMr } from './mr';
import { rulesTa } from './ta';
import { rulesTe } from './te';

/**
 * Every guest language's rule words, for the server (the voucher PDF). The guest page never imports this: each web
 * catalogue takes its own language's file, so a page loads one language's words, not eight.
 */
export const RULE_TEXTS: Record<GuestLanguage, RuleTexts> = {
  en: rulesEn,
  hi: rulesHi,
  ta: rulesTa,
  te: rulesTe,
  kn: rulesKn,
  ml: rulesMl,
  bn: rulesBn,
  mr: rulesMr,
};
