import * as v from 'valibot';
import { safeText } from './text';

/**
 * Re-authentication (docs/SECURITY.md "Re-authentication"): the caller's current password, asked again before a change
 * to how its account signs in (two-step sign-in on or off, a super admin's own e-mail) and before ending another of its
 * devices or all of them. The server checks it against the login's current-password limit.
 */
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

export const currentPassword = () =>
  v.pipe(
    v.string(CURRENT_PASSWORD_REQUIRED),
    v.nonEmpty(CURRENT_PASSWORD_REQUIRED),
    safeText('Current password'),
    v.maxLength(200, 'Current password is too long'),
  );

/** POST /auth/logout-everywhere, POST /auth/second-factor/setup. */
export const CurrentPasswordSchema = v.object({ current_password: currentPassword() });
export type CurrentPasswordInput = v.InferOutput<typeof CurrentPasswordSchema>;

/**
 * DELETE /auth/sessions/{id}: the password is needed for another of one's devices, not for this one (ending this
 * device is Logout, which asks nothing).
 */
export const EndDeviceSchema = v.object({ current_password: v.optional(currentPassword()) });
export type EndDeviceInput = v.InferOutput<typeof EndDeviceSchema>;

/**
 * The token a device held when it signs in again (docs/SECURITY.md "Sessions"): the session it names ends once the new
 * sign-in succeeds. Sent in the body, not as Authorization, so that a wrong password on a stale session stays a wrong
 * password and never a forced sign-out.
 */
export const previousToken = () =>
  v.optional(v.pipe(v.string('previous_token must be text'), v.maxLength(2000, 'previous_token is too long')));
