import * as v from 'valibot';

/**
 * Characters no text field takes (docs/DEVELOPING.md "A feature, end to end", the input schema): control characters
 * (C0, DEL, C1: PostgreSQL refuses NUL in text, the others only hide things in names), lone surrogates (not valid
 * UTF-8) and Unicode noncharacters (U+FFFE, U+FDD0 and the like). A multi-line field (a textarea) also takes tab, LF
 * and CR.
 */
const NOT_IN_ONE_LINE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const NOT_IN_MULTI_LINE = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cs}\p{Noncharacter_Code_Point}]/u;

export const hasForbiddenChars = (text: string, multiline = false): boolean =>
  (multiline ? NOT_IN_MULTI_LINE : NOT_IN_ONE_LINE).test(text);

/** The message names the field as the form labels it, so a toast reads on its own. */
export const forbiddenCharsMessage = (label: string) => `${label} contains characters that are not allowed`;

/** A pipe action for one-line text: control characters and the like are refused with a message naming `label`. */
export const safeText = (label: string) =>
  v.check<string, string>((text) => !hasForbiddenChars(text), forbiddenCharsMessage(label));

/** As safeText, for a textarea: tab, newline and carriage return are allowed. */
export const multilineText = (label: string) =>
  v.check<string, string>((text) => !hasForbiddenChars(text, true), forbiddenCharsMessage(label));

/** As safeText, for optional fields whose value is null when absent at that point of the pipe. */
export const safeOptionalText = (label: string, multiline = false) =>
  v.check<string | null, string>(
    (text) => text == null || !hasForbiddenChars(text, multiline),
    forbiddenCharsMessage(label),
  );
