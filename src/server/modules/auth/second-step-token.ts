import { sign, verify } from 'hono/jwt';

/**
 * The first step of a sign-in with two-step sign-in on (docs/SECURITY.md "Second factor"): the right password answers
 * this token instead of a session. It names the login and its session version (a new password or a reset ends it),
 * lives 5 minutes and carries the device label for the session the second step makes. `typ` keeps it apart from a
 * login's token, which is signed with the same secret: it has no session id and no user type, so the auth middleware
 * refuses it as an access token.
 */
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
const TYP = 'second-step';

export interface SecondStepClaims {
  userId: string;
  sessionVersion: number;
  label: string;
}

export function issueSecondStepToken(
  claims: SecondStepClaims,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return sign(
    {
      typ: TYP,
      sub: claims.userId,
      sv: claims.sessionVersion,
      dl: claims.label,
      iat: now,
      exp: now + SECOND_STEP_TTL_SECONDS,
    },
    secret,
    'HS256',
  );
}

/** The token's claims, or undefined for one that is forged, expired, malformed or not a second-step token. */
export async function readSecondStepToken(token: string, secret: string): Promise<SecondStepClaims | undefined> {
  try {
    const { typ, sub, sv, dl, exp } = await verify(token, secret, 'HS256');
    if (typ !== TYP || typeof sub !== 'string' || !Number.isSafeInteger(sv) || typeof dl !== 'string') return undefined;
    if (typeof exp !== 'number') return undefined;
    return { userId: sub, sessionVersion: sv as number, label: dl };
  } catch {
    return undefined;
  }
}
