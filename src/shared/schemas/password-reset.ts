import * as v from 'valibot';
import { containsUsername, newPassword, PASSWORD_CONTAINS_USERNAME } from './passwords';
import { safeText } from './text';

/**
 * "Forgot password" (docs/SECURITY.md "Forgot password"): the inputs of POST /auth/password-reset/request and
 * /confirm and the answers' words. Every answer is the same whether the username exists or not, so neither step
 * tells anyone which logins there are.
 */

/** A reset code is 6 digits, valid 10 minutes, 5 tries; a new request replaces the login's live code. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_SECONDS = 600;
export const RESET_CODE_MAX_TRIES = 5;

export const RESET_CODE_SENT =
  'If this login exists, a code was sent to its registered phone or e-mail. It is valid for 10 minutes.';
/** One refusal for a wrong, spent or expired code and an unknown username alike (no tries left are counted out). */
export const RESET_CODE_REFUSED = 'This code is wrong or has expired. Ask for a new one.';
export const RESET_DONE = 'Your password has been changed. Sign in with the new password.';

const username = v.pipe(
  v.string('Username is required'),
  safeText('Username'),
  v.trim(),
  v.nonEmpty('Username is required'),
  v.maxLength(100, 'Username is too long'),
);

export const PasswordResetRequestSchema = v.object({ username });
export type PasswordResetRequestInput = v.InferOutput<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = v.pipe(
  v.object({
    username,
    code: v.pipe(
      v.string('Code is required'),
      v.trim(),
      v.regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `Code must be the ${RESET_CODE_LENGTH} digits you received`),
    ),
    new_password: newPassword('New password is required', 'New password'),
  }),
  // The username as typed, whether or not it exists (docs/SECURITY.md "Passwords"), so the check tells nothing.
  v.forward(
    v.partialCheck(
      [['username'], ['new_password']],
      (input) => !containsUsername(input.new_password, input.username),
      PASSWORD_CONTAINS_USERNAME,
    ),
    ['new_password'],
  ),
);
export type PasswordResetConfirmInput = v.InferOutput<typeof PasswordResetConfirmSchema>;
