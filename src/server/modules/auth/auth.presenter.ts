import * as v from 'valibot';
import { USER_TYPES } from '../../../shared/constants';
import { named, uuid } from '../../platform/openapi/shapes';
import type { Session } from './auth.service';

/** A sign-in (login, or a password change that keeps this device signed in): the token and who it is for. */
export const SessionView = named(
  'Session',
  v.strictObject({ access_token: v.string(), user_type: v.picklist(USER_TYPES), user_id: uuid }),
);
export type SessionView = v.InferOutput<typeof SessionView>;

export function presentSession(session: Session): SessionView {
  return { access_token: session.accessToken, user_type: session.user.userType, user_id: session.user.id };
}

/**
 * POST /auth/login's 429 while the account is locked to unknown devices (docs/SECURITY.md "Login limits"): until when,
 * also in Retry-After (seconds). The login screen shows the time in the device's own time zone.
 */
export const AccountLockedAnswer = named(
  'AccountLocked',
  v.strictObject({ detail: v.string(), locked_until: v.pipe(v.string(), v.isoTimestamp()) }),
);
