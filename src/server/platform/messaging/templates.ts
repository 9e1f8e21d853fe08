import { GUEST_LANGUAGES, isGuestLanguage, type GuestLanguage } from '../../../shared/guest-languages';

/**
 * The providers' templates for guest messages (docs/OPERATING.md "Messages"): each kind's variables in the one order
 * the registered templates take them, WhatsApp's {{1}}, {{2}}... and DLT's {#var#} alike. The composers
 * (modules/reminders) fill `params` by name at send time; a provider reads them out in this order. Changing an order
 * means registering every template again, so it never changes silently.
 */
export const TEMPLATE_VARIABLES = {
  checkout_reminder: ['first_name', 'count', 'hotel', 'vouchers_url', 'opt_out_url'],
  expiry_reminder: ['first_name', 'merchant', 'offer', 'expires_on', 'vouchers_url', 'opt_out_url'],
  review_request: ['first_name', 'hotel', 'url', 'opt_out_url'],
  /** To a hotel (modules/renewal-reminders), in English: no opt-out link, it is the hotel's own account. */
  renewal_reminder: ['hotel', 'ends_on', 'days_left', 'contact', 'sign_in_url'],
} as const;

/** The guest message kinds a provider sends from a template (the verification code has its own). */
export type TemplateKind = keyof typeof TEMPLATE_VARIABLES;
export const TEMPLATE_KINDS = Object.keys(TEMPLATE_VARIABLES) as TemplateKind[];
export const isTemplateKind = (kind: string): kind is TemplateKind => Object.hasOwn(TEMPLATE_VARIABLES, kind);

/**
 * The languages a template may be registered in: the guest page's (src/shared/guest-languages.ts). Their codes are
 * WhatsApp's template language codes too (en, hi, ta, te, kn, ml, bn, mr).
 */
export const TEMPLATE_LANGUAGES = GUEST_LANGUAGES;
export type TemplateLanguage = GuestLanguage;

/** The guest's language from a message's params: the composer's, English when it names none we have. */
export const languageOf = (params: Record<string, string>): TemplateLanguage =>
  isGuestLanguage(params.language) ? params.language : 'en';

/**
 * A kind's variables from a message's params, in the template's order, each on one line (WhatsApp refuses a
 * parameter with a line break, a tab or more than four spaces in a row; an SMS variable is one line too). Missing or
 * empty ones are named instead: a template cannot go out with a hole in it.
 */
export function templateValues(kind: TemplateKind, params: Record<string, string>): string[] | { missing: string[] } {
  const names = TEMPLATE_VARIABLES[kind];
  const values = names.map((name) => (params[name] ?? '').replace(/\s+/g, ' ').trim());
  const missing = names.filter((_, i) => values[i] === '');
  return missing.length > 0 ? { missing } : values;
}

/** One registered DLT content template: its id on the DLT portal and its text exactly as registered. */
export interface DltTemplate {
  id: string;
  text: string;
}
/** SMS_TEMPLATES: a DLT template per guest kind and language (English is used where a language has none). */
export type SmsTemplates = Partial<Record<TemplateKind, Partial<Record<TemplateLanguage, DltTemplate>>>>;

/** A DLT template's variable: {#var#}, or a tagged one such as {#url#} or {#numeric#}. */
export const DLT_VARIABLE = /\{#[a-z]+#\}/g;

/**
 * Reads SMS_TEMPLATES (JSON: { "<kind>": { "<language>": { "id": "<DLT template id>", "text": "…{#var#}…" } } }),
 * checking each template's id, and that its text has one variable per variable of its kind. The problems otherwise,
 * each naming where it is.
 */
export function parseSmsTemplates(json: string): SmsTemplates | string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return ['SMS_TEMPLATES must be JSON: {"<kind>": {"<language>": {"id": "<DLT template id>", "text": "…"}}}'];
  }
  if (!isRecord(raw)) return ['SMS_TEMPLATES must be a JSON object of message kinds'];
  const problems: string[] = [];
  const templates: SmsTemplates = {};
  for (const [kind, languages] of Object.entries(raw)) {
    if (!isTemplateKind(kind)) {
      problems.push(`SMS_TEMPLATES: ${kind} is not a message kind (${TEMPLATE_KINDS.join(', ')})`);
      continue;
    }
    if (!isRecord(languages)) {
      problems.push(`SMS_TEMPLATES: ${kind} must be an object of languages (${TEMPLATE_LANGUAGES.join(', ')})`);
      continue;
    }
    const variables = TEMPLATE_VARIABLES[kind].length;
    for (const [language, template] of Object.entries(languages)) {
      const where = `SMS_TEMPLATES: ${kind}.${language}`;
      if (!(TEMPLATE_LANGUAGES as readonly string[]).includes(language)) {
        problems.push(`${where}: the language must be one of ${TEMPLATE_LANGUAGES.join(', ')}`);
        continue;
      }
      const id = isRecord(template) ? template.id : undefined;
      const text = isRecord(template) ? template.text : undefined;
      if (typeof id !== 'string' || !/^\d{6,30}$/.test(id)) problems.push(`${where}.id must be the DLT template id`);
      else if (typeof text !== 'string') problems.push(`${where}.text must be the template's registered text`);
      else if ((text.match(DLT_VARIABLE) ?? []).length !== variables)
        problems.push(
          `${where}.text must have ${variables} variables ({#var#}): ${TEMPLATE_VARIABLES[kind].join(', ')}`,
        );
      else (templates[kind] ??= {})[language as TemplateLanguage] = { id, text };
    }
  }
  return problems.length > 0 ? problems : templates;
}

/** A DLT template's text with its variables filled in order (a value is never read for `{#…#}` again). */
export function fillDltTemplate(text: string, values: string[]): string {
  let next = 0;
  return text.replace(DLT_VARIABLE, () => values[next++] ?? '');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
