import { SESSION_OVER, SIGNED_OUT_IDLE, type SignedOutReason } from '../../shared/session-lifetime';
import { SIGNED_OUT_KEY } from './session';

/**
 * Why this tab was signed out, when its session ran out (inactivity, the back office's 12 hours; docs/SECURITY.md
 * "Sessions"): the login screens say it until the next sign-in. Apart from lib/session.ts so that these texts load with
 * the login screen, not with the guest's first page.
 */
export function signedOutReason(): SignedOutReason | undefined {
  const detail = sessionStorage.getItem(SIGNED_OUT_KEY);
  return detail === SIGNED_OUT_IDLE || detail === SESSION_OVER ? detail : undefined;
}
