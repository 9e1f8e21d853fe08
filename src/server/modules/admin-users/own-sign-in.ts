import type { AdminUserUpdateInput } from '../../../shared/schemas/settings';
import type { AuthUser } from '../../platform/context';

/**
 * Whether a super admin's edit of its own user changes how it signs in or recovers: a new e-mail (where its Forgot
 * password codes go; compared ignoring case, as mail is delivered) or a new password. Such an edit takes the current
 * password (docs/SECURITY.md "Re-authentication"); a new name or username does not.
 */
export function ownSignInChange(actor: Pick<AuthUser, 'email'>, input: AdminUserUpdateInput): boolean {
  const emailChanged = input.email.trim().toLowerCase() !== (actor.email ?? '').trim().toLowerCase();
  return emailChanged || input.password !== null;
}
