import { createRequire } from 'node:module';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/passwords';

/**
 * Breached passwords (docs/SECURITY.md "Passwords"; ASVS 6.2.4, 6.2.12): the 49,233 most frequent passwords of public
 * leaked corpora, in rank order, as the pinned `@zxcvbn-ts/language-common` ships them (MIT); of them the 17,950 of
 * 8 or more characters can be set at all, and only those are kept. Read on the first password set, not at start-up
 * (a few megabytes and a few tens of milliseconds), then kept. Server only: the web never loads it.
 */
let breached: Set<string> | undefined;

function load(): Set<string> {
  // Required, not imported: the server loads the list only when a password is first set.
  const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
    dictionary: { 'passwords-common': string[] };
  };
  return new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH));
}

/** True when `lowercased` (a password in lower case) is in the breached set. */
export function isBreachedPassword(lowercased: string): boolean {
  breached ??= load();
  return breached.has(lowercased);
}

/** How many the set holds (for the docs' numbers and their test). */
export const breachedPasswordCount = (): number => (breached ??= load()).size;
