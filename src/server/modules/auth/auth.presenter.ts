import type { Presented } from '../../platform/lib/presented';
import type { Session } from './auth.service';

/** A sign-in (login, or a password change that keeps this device signed in): the token and who it is for. */
export function presentSession(session: Session) {
  return { access_token: session.accessToken, user_type: session.user.userType, user_id: session.user.id };
}

export type SessionView = Presented<typeof presentSession>;
