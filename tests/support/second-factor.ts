import { Secret, TOTP } from 'otpauth';
import type { TestContext } from './harness';

/**
 * Two-step sign-in in tests (docs/SECURITY.md "Second factor"): codes computed with the library the server checks
 * them with, and a login's set-up through the API.
 */

/** The authenticator app's code for `secret` at `timestamp` (ms). */
export const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** The code of the step after this one: still accepted (±1 step), and later than a code just used. */
export const nextCode = (secret: string) => codeAt(secret, Date.now() + 30_000);

/** A code no step near now has, so it is wrong whatever the clock does meanwhile. */
export function wrongCode(secret: string): string {
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((ms) => codeAt(secret, Date.now() + ms)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

/** Starts the set-up for the signed-in `token`, whose login's password is `password`: the secret. */
export async function startSecondFactor(t: TestContext, token: string, password: string): Promise<string> {
  const setup = await t.request('POST', '/api/auth/second-factor/setup', {
    token,
    json: { current_password: password },
  });
  if (setup.status !== 200) throw new Error(`Set-up failed: ${setup.status} ${setup.text}`);
  return setup.body.secret as string;
}

/** Sets two-step sign-in up for the signed-in `token` (its login's `password`): its secret and recovery codes. */
export async function enrolSecondFactor(
  t: TestContext,
  token: string,
  password: string,
): Promise<{ secret: string; recovery: string[] }> {
  const secret = await startSecondFactor(t, token, password);
  const confirm = await t.request('POST', '/api/auth/second-factor/confirm', {
    token,
    json: { code: codeAt(secret, Date.now()) },
  });
  if (confirm.status !== 200) throw new Error(`Confirm failed: ${confirm.status} ${confirm.text}`);
  return { secret, recovery: confirm.body.recovery_codes as string[] };
}

/** The first step of a sign-in with two-step sign-in on: its token (fails unless the answer is a second step). */
export async function secondStepToken(t: TestContext, login: { username: string; password: string }) {
  const res = await t.request('POST', '/api/auth/login', {
    json: { username: login.username, password: login.password },
  });
  if (res.status !== 200 || res.body.mfa_required !== true) throw new Error(`Expected a second step: ${res.text}`);
  return res.body.mfa_token as string;
}
