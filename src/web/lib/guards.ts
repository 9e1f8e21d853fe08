import { redirect } from '@tanstack/react-router';
import type { UserType } from '../../shared/constants';
import { dashboardPath, loginPath, readSession } from './session';

/**
 * beforeLoad guard of a back-office area: a signed-out visitor goes to that area's login,
 * a user of another role goes to their own dashboard.
 */
export function requireArea(area: UserType) {
  const session = readSession();
  if (!session) throw redirect({ to: loginPath(area) });
  if (session.userType !== area) throw redirect({ to: dashboardPath(session.userType) });
  return { session };
}
