import { describe, expect, it } from 'vitest';
import {
  CODE_EXPIRED,
  CODE_INVALID,
  CODES_UNAVAILABLE,
  TOO_MANY_CODES_TODAY,
  TOO_MANY_WRONG_CODES,
  VERIFICATION_INVALID,
  VERIFY_FIRST,
  waitBeforeResend,
  wrongCode,
} from '../../src/shared/schemas/verification';
import { NO_STAY_TO_RECOVER } from '../../src/shared/schemas/my-data';
import { ApiError } from '../../src/web/lib/api';
import { catalogue as hindi } from '../../src/web/features/guest/i18n/catalogue-hi';
import { TRUST_EN } from '../../src/web/features/guest/trust/texts';

const TRUST_TEXTS = { en: TRUST_EN, hi: hindi.trust };
import { refusalText } from '../../src/web/features/guest/trust/use-trust-texts';

/** Every leaf of a catalogue: its path and what it is (a text, or a function of the values it shows). */
function leaves(messages: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'object' && value !== null)
      for (const [inner, kind] of leaves(value as object, `${path}.`)) found.set(inner, kind);
    else found.set(path, typeof value);
  }
  return found;
}

/** Phone verification, "Show my vouchers" and My data's texts (docs/PRODUCT.md "Guest trust"), loaded with them. */
describe('the guest trust catalogue', () => {
  it('Hindi has every English key, of the same kind, none empty', () => {
    const english = leaves(TRUST_TEXTS.en);
    const hindi = leaves(TRUST_TEXTS.hi);
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, kind] of english) expect(hindi.get(path), path).toBe(kind);
  });

  it("English says the server's refusals in its exact words, and Hindi in its own", () => {
    const cases: [string, (t: typeof TRUST_TEXTS.en) => string][] = [
      [waitBeforeResend(42), (t) => t.refusals.wait(42)],
      [TOO_MANY_CODES_TODAY, (t) => t.refusals.tooManyToday],
      [CODES_UNAVAILABLE, (t) => t.refusals.unavailable],
      [wrongCode(3), (t) => t.refusals.wrong(3)],
      [wrongCode(1), (t) => t.refusals.wrong(1)],
      [CODE_EXPIRED, (t) => t.refusals.expired],
      [TOO_MANY_WRONG_CODES, (t) => t.refusals.tooManyWrong],
      [VERIFY_FIRST, (t) => t.refusals.verifyFirst],
      [VERIFICATION_INVALID, (t) => t.refusals.invalid],
      [CODE_INVALID, (t) => t.refusals.codeInvalid],
      [NO_STAY_TO_RECOVER, (t) => t.refusals.noStay],
    ];
    for (const [detail, text] of cases) {
      const error = new ApiError(422, detail);
      expect(refusalText(error, TRUST_TEXTS.en)).toBe(detail);
      expect(refusalText(error, TRUST_TEXTS.hi), detail).toBe(text(TRUST_TEXTS.hi));
      expect(text(TRUST_TEXTS.hi)).toMatch(/[\u0900-\u097F]/);
    }
    expect(refusalText(new ApiError(0, 'offline'), TRUST_TEXTS.hi)).toBe(TRUST_TEXTS.hi.refusals.failed);
  });
});
