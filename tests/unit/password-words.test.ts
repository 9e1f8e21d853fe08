import { describe, expect, it } from 'vitest';
import { CONTEXT_WORDS, containsOwnerName, isCommonPassword, leansOnWord } from '../../src/shared/common-passwords';

/**
 * The shared password words (docs/SECURITY.md "Passwords"), as the web's forms run them: context-specific words with
 * little else (ASVS 6.2.11), the login's own hotel or merchant name, and the short common list without the server's
 * breached set.
 */
describe('context-specific words', () => {
  it.each([
    ['StayPerks@2026', 'stayperks'],
    ['stay-perks-2026!', 'stayperks'],
    ['$tayP3rks!!', 'stayperks'],
    ['Merchant@2026', 'merchant'],
    ['HOTEL12345678', 'hotel'],
    ['h0te1-admin-2025', 'hotel'],
    ['P@ssw0rd-for-me', 'password'],
    ['welcome-guest-99', 'guest'],
  ])('refuses %j, built on %j', (password, word) => {
    expect(leansOnWord(password, CONTEXT_WORDS)).toBe(word);
  });

  it.each([
    'my hotel by the sea at dawn',
    'Stay perks are best with a window seat',
    'merchant of venice, act 3',
    'the brown eraser is mine', // "owner" across two words, with plenty else
    'Counter-fresh-42',
    'correct horse battery staple',
  ])('accepts %j', (password) => {
    expect(leansOnWord(password, CONTEXT_WORDS)).toBeUndefined();
  });

  it('needs 8 characters of its own besides the words, not only digits and symbols', () => {
    expect(leansOnWord('hotel-seabird', CONTEXT_WORDS)).toBe('hotel'); // 7 left
    expect(leansOnWord('hotel-seabirds', CONTEXT_WORDS)).toBeUndefined(); // 8 left
    expect(leansOnWord('hotel#84729161!', CONTEXT_WORDS)).toBe('hotel'); // 10 left, no letter
  });
});

describe("the login's own hotel or merchant name", () => {
  it('is refused whole anywhere, in any case, spacing and usual swaps', () => {
    expect(containsOwnerName('my-grandpalace-is-the-best', 'Grand Palace')).toBe(true);
    expect(containsOwnerName('GR@ND P@L@CE and a long tail', 'Grand Palace')).toBe(true);
    expect(containsOwnerName('Taj-sunset-2020-long', 'Taj')).toBe(true);
  });

  it('a word of it (4 characters or more, a letter among them) only with little else', () => {
    expect(containsOwnerName('Palace@2026', 'Grand Palace')).toBe(true);
    expect(containsOwnerName('palace of winds at dawn', 'Grand Palace')).toBe(false);
    expect(containsOwnerName('Sea-1990-breeze', 'Hotel 1990')).toBe(false);
    expect(containsOwnerName('Sea-breeze-4471', 'Ocean View')).toBe(false);
  });
});

describe("the web's common-password list", () => {
  it('is the short list only: the breached set is the server’s (no page downloads it)', () => {
    expect(isCommonPassword('Password123')).toBe(true);
    for (const breached of ['Hollywood', 'JohnDeere', 'SanAndreas', 'yorkshire']) {
      expect(isCommonPassword(breached), breached).toBe(false);
    }
  });
});
