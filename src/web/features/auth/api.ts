import type { LoginInput } from '../../../shared/schemas/auth';
import type { LoginSecondStepInput } from '../../../shared/schemas/second-factor';
import { api } from '../../lib/api';
import { getToken } from '../../lib/session';

/**
 * The token this device holds, sent with a sign-in in the body (never as Authorization): the session it names ends
 * when the new sign-in succeeds (docs/SECURITY.md "Sessions"), so a device signed in again leaves no session behind.
 */
const previousToken = () => getToken() ?? undefined;

/**
 * "Too many failed attempts. Try again after 14:05." for an account locked to this device until `lockedUntil` (an ISO
 * time), in the device's own time; the day too when the lock ends on another day.
 */
export function lockedText(lockedUntil: string, now = new Date()): string {
  const until = new Date(lockedUntil);
  const sameDay = until.toDateString() === now.toDateString();
  const time = until.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const day = sameDay ? '' : ` on ${until.toLocaleDateString([], { weekday: 'long' })}`;
  return `Too many failed attempts. Try again after ${time}${day}.`;
}

/**
 * The 429 of an account locked to this device (docs/SECURITY.md "Login limits") names the time in UTC
 * (`locked_until`); its detail becomes lockedText before the call fails, so the screen shows the server's detail as
 * for any other refusal. Any other answer passes as it is.
 */
const localLockTime = {
  hooks: {
    afterResponse: [
      async (_request: Request, _options: unknown, response: Response) => {
        if (response.status !== 429) return response;
        const body = (await response
          .clone()
          .json()
          .catch(() => undefined)) as { locked_until?: unknown } | undefined;
        if (typeof body?.locked_until !== 'string' || Number.isNaN(Date.parse(body.locked_until))) return response;
        const detail = lockedText(body.locked_until);
        return new Response(JSON.stringify({ ...body, detail }), { status: 429, headers: response.headers });
      },
    ],
  },
};

/**
 * Sent without any stored token as Authorization: a stale session must not turn a wrong password into a forced
 * sign-out. The stored token goes in the body instead (previousToken).
 */
export const loginRequest = (input: LoginInput) =>
  api.guest.post('/auth/login', { json: { ...input, previous_token: previousToken() }, ...localLockTime });

/**
 * Reads /auth/me with the new token, not yet stored (and never an older stored one): merchant login needs merchant_id.
 */
export const currentUserRequest = (token: string) =>
  api.guest.get('/auth/me', { headers: { Authorization: `Bearer ${token}` } });

/** The login's second step (docs/PRODUCT.md "Two-step sign-in"): the first step's token and a code. */
export const secondStepRequest = (input: LoginSecondStepInput) =>
  api.guest.post('/auth/login/mfa', { json: { ...input, previous_token: previousToken() } });

/** A made session, as both steps answer it. */
export type SignedIn = Awaited<ReturnType<typeof secondStepRequest>>;
