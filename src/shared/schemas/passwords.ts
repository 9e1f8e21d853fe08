import * as v from 'valibot';
import { CONTEXT_WORDS, isCommonPassword, leansOnWord } from '../common-passwords';
import { safeText } from './text';

/** The rules of every new password, for all three kinds of login (docs/SECURITY.md, "Passwords"). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.';
export const passwordLeansOn = (word: string) =>
  `Password is too easy to guess from "${word}": add 8 or more characters of your own, not only digits and symbols`;
/** The login's own hotel or merchant name in a new password (checked on the server, which knows it). */
export const passwordContainsName = (kind: 'hotel' | 'merchant') => `The password must not contain the ${kind}'s name`;

/**
 * Length, characters, the common-password list (on the server with the breached set too) and the context-specific
 * words, with messages naming `label`.
 */
export const passwordRules = (label = 'Password') =>
  v.pipe(
    v.string(`${label} is required`),
    safeText(label),
    v.minLength(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`),
    v.maxLength(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`),
    v.check((password) => !isCommonPassword(password), PASSWORD_TOO_COMMON),
    v.check(
      (password) => leansOnWord(password, CONTEXT_WORDS) === undefined,
      (issue) => passwordLeansOn(leansOnWord(issue.input, CONTEXT_WORDS) ?? ''),
    ),
  );

/**
 * A password must not contain its login's username, in any case (docs/SECURITY.md, "Passwords"). Usernames shorter
 * than 3 characters are not checked: nearly every password would contain one.
 */
export const USERNAME_IN_PASSWORD_MIN_LENGTH = 3;
export const PASSWORD_CONTAINS_USERNAME = 'Password must not contain the username';

export function containsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name.length >= USERNAME_IN_PASSWORD_MIN_LENGTH && password.toLowerCase().includes(name);
}

/**
 * The username rule for an object that carries both `username` and `password` (a new login, a back-office user),
 * reported on the password: `v.pipe(v.object({ username, password, ... }), passwordNotUsername())`. A null or
 * blank password (a user's update that keeps the current one) is not checked.
 */
type Credentials = { username: string; password: string | null };
const credentialsCheck = v.forward(
  v.partialCheck<Credentials, [['username'], ['password']], Credentials, string>(
    [['username'], ['password']],
    (input) => !input.password || !containsUsername(input.password, input.username),
    PASSWORD_CONTAINS_USERNAME,
  ),
  ['password'],
);
export const passwordNotUsername = <T extends Credentials>() =>
  credentialsCheck as unknown as v.BaseValidation<T, T, v.PartialCheckIssue<Credentials>>;

/** A new password: missing or empty → `requiredMessage`, then the rules. */
export const newPassword = (requiredMessage = 'Password is required', label = 'Password') =>
  v.pipe(v.string(requiredMessage), v.nonEmpty(requiredMessage), passwordRules(label));

/** PUT /auth/password: the caller's own password. The current one is checked on the server. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    current_password: v.pipe(
      v.string('Current password is required'),
      v.nonEmpty('Current password is required'),
      safeText('Current password'),
      v.maxLength(200, 'Current password is too long'),
    ),
    new_password: newPassword('New password is required', 'New password'),
  }),
  v.forward(
    v.partialCheck(
      [['current_password'], ['new_password']],
      (input) => input.current_password !== input.new_password,
      'The new password must be different from the current one',
    ),
    ['new_password'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

/** POST /hotels/{id}/reset-password and /merchants/{id}/reset-password. */
export const ResetPasswordSchema = v.object({ password: newPassword() });
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordSchema>;
