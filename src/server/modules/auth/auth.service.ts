import { USER_TYPE_LABELS, type UserType } from '../../../shared/constants';
import type { LoginInput } from '../../../shared/schemas/auth';
import type { AuthUser, CurrentSession } from '../../platform/context';
import type { Db } from '../../db/client';
import { badRequest, unauthorized } from '../../platform/lib/errors';
import {
  burnPasswordCheck,
  hashPassword,
  refuseOwnerNameInPassword,
  verifyPassword,
} from '../../platform/lib/passwords';
import { issueToken, tokenLifetimeSeconds, type TokenClaims } from '../../platform/lib/tokens';
import { deviceLabel } from '../users/device-label';
import { ownerNameOf } from '../users/owner-name';
import { endSession, extendSession, startSession } from '../users/sessions.service';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import type { LoginSecondStepInput } from '../../../shared/schemas/second-factor';
import type { Limiter } from '../../platform/middleware/rate-limit';
import {
  checkSecondFactor,
  hasSecondFactor,
  loginForSecondStep,
  type SealKey,
  wrongProof,
} from './second-factor.service';
import { issueSecondStepToken, readSecondStepToken } from './second-step-token';
import { endSessions, findLoginByUsername, findPasswordHash, setPasswordHash } from '../users/users.service';

export const INVALID_LOGIN = 'Invalid username or password';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** A signed-in login and its new token (presentSession shows it). */
export interface Session {
  user: Pick<AuthUser, 'id' | 'userType' | 'username'>;
  accessToken: string;
}

/**
 * A new device session (docs/SECURITY.md "Sessions"): its row, expiring with its token (12 hours for the back office,
 * 8 days for hotel and merchant devices, slid by refreshSession), and the token naming it.
 */
async function newSession(
  db: Db,
  user: Pick<AuthUser, 'id' | 'userType' | 'username' | 'merchantId'>,
  sessionVersion: number,
  label: string,
  jwtSecret: string,
): Promise<Session> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((issuedAt + tokenLifetimeSeconds(user.userType)) * 1000);
  const session = await startSession(db, user.id, label, expiresAt);
  const claims: TokenClaims = { sub: user.id, user_type: user.userType, sv: sessionVersion, sid: session.id };
  // A merchant login's merchant, for the counter's redemption (TokenClaims.mid).
  if (user.userType === 'merchant' && user.merchantId) claims.mid = user.merchantId;
  const signedIn = { id: user.id, userType: user.userType, username: user.username };
  return { user: signedIn, accessToken: await issueToken(claims, jwtSecret, issuedAt) };
}

/**
 * A fresh token for the same hotel or merchant session (the sliding 7 days, docs/SECURITY.md "Sessions"): the session's
 * expiry moves to the new token's first, and only a session still live at the token's session version gets one.
 */
export async function refreshSession(db: Db, claims: TokenClaims, jwtSecret: string): Promise<string | undefined> {
  const { sub, user_type: userType, sv, sid, mid } = claims;
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((issuedAt + tokenLifetimeSeconds(userType)) * 1000);
  if (!(await extendSession(db, { userId: sub, sid, sv }, expiresAt))) return undefined;
  return issueToken({ sub, user_type: userType, sv, sid, ...(mid === undefined ? {} : { mid }) }, jwtSecret, issuedAt);
}

/** The right password of a login with two-step sign-in on: no session yet, the token for the second step. */
export interface SecondStep {
  secondStepToken: string;
}

/** How the activity log names each kind of login, and each login screen. */
const LOGIN_KINDS: Record<UserType, string> = { superadmin: 'back office', hotel: 'hotel', merchant: 'merchant' };
const LOGIN_SCREENS: Record<UserType, string> = {
  superadmin: 'Super Admin Login',
  hotel: 'Hotel Login',
  merchant: 'Merchant Login',
};

/** The refusal of a right password on another role's login screen (docs/PRODUCT.md "Screens"). */
export const invalidCredentialsFor = (screen: UserType) => `Invalid credentials for ${USER_TYPE_LABELS[screen]}`;

/**
 * Checks a username and password and, when the login screen sent its role (`user_type`), that the login is of that
 * role. Every outcome is audited (the username tried and why it was refused, never the password); a refusal issues
 * no token and counts as a failed attempt (the caller's login limits). A login with two-step sign-in on gets no
 * session yet: the second step's token (docs/SECURITY.md "Second factor"), and its sign-in is audited at that step.
 */
export async function login(
  db: Db,
  jwtSecret: string,
  input: LoginInput,
  address: string,
  userAgent: string | undefined,
): Promise<Session | SecondStep> {
  const user = await findLoginByUsername(db, input.username);
  if (!user) await burnPasswordCheck(input.password); // a miss costs as long as a hit
  const passwordRight = user !== undefined && (await verifyPassword(user.passwordHash, input.password));
  const screen = input.user_type;
  const wrongScreen = passwordRight && screen !== undefined && user.userType !== screen;
  if (!passwordRight || wrongScreen) {
    const reason = !user
      ? 'Unknown username'
      : wrongScreen
        ? `A ${LOGIN_KINDS[user.userType]} login on the ${LOGIN_SCREENS[screen]} screen`
        : 'Wrong password';
    await recordAudit(
      db,
      { actor: { id: null, username: input.username }, address },
      {
        action: 'login.failure',
        entity: 'user',
        entityId: user?.id ?? null,
        after: { username: input.username, reason },
      },
    );
    throw unauthorized(wrongScreen ? invalidCredentialsFor(screen) : INVALID_LOGIN);
  }
  const label = input.device_label ?? deviceLabel(userAgent);
  if (await hasSecondFactor(db, user.id)) {
    const claims = { userId: user.id, sessionVersion: user.sessionVersion, label };
    return { secondStepToken: await issueSecondStepToken(claims, jwtSecret) };
  }
  await recordAudit(
    db,
    { actor: { id: user.id, username: user.username }, address },
    { action: 'login.success', entity: 'user', entityId: user.id },
  );
  return newSession(db, user, user.sessionVersion, label, jwtSecret);
}

export const SECOND_STEP_EXPIRED = 'Your sign-in expired. Enter your username and password again.';

/**
 * POST /auth/login/mfa: the second step, with a code of the login's app or a recovery code. The token must be this
 * server's, unexpired and of the login's current session version (a new password or a reset ends it); wrong codes
 * count against the login's limit and are audited as failed sign-ins. A right one makes the session.
 */
export async function loginSecondStep(
  db: Db,
  jwtSecret: string,
  key: SealKey,
  limiter: Limiter,
  input: LoginSecondStepInput,
  address: string,
): Promise<Session> {
  const claims = await readSecondStepToken(input.mfa_token, jwtSecret);
  const user = claims && (await loginForSecondStep(db, claims.userId));
  if (!claims || !user || user.sessionVersion !== claims.sessionVersion) throw unauthorized(SECOND_STEP_EXPIRED);
  const used = await checkSecondFactor(db, key, limiter, user.id, input);
  const actor = { actor: { id: user.id, username: user.username }, address };
  if (!used) {
    const reason = input.code !== undefined ? 'Wrong two-step code' : 'Wrong recovery code';
    await recordAudit(db, actor, {
      action: 'login.failure',
      entity: 'user',
      entityId: user.id,
      after: { username: user.username, reason },
    });
    throw wrongProof(input);
  }
  await recordAudit(db, actor, {
    action: 'login.success',
    entity: 'user',
    entityId: user.id,
    after: { second_factor: used },
  });
  return newSession(db, user, user.sessionVersion, claims.label, jwtSecret);
}

/** POST /auth/logout: ends this device's session only; the login's other devices stay signed in (docs/SECURITY.md). */
export async function logout(db: Db, audit: AuditContext, user: AuthUser, session: CurrentSession): Promise<void> {
  await db.transaction(async (tx) => {
    await endSession(tx, user.id, session.id);
    await recordAudit(tx, audit, {
      action: 'logout',
      entity: 'user',
      entityId: user.id,
      after: { session_id: session.id, label: session.label },
    });
  });
}

/** POST /auth/logout-everywhere: ends every session of the caller, this device's too (docs/SECURITY.md "Sessions"). */
export async function logoutEverywhere(db: Db, audit: AuditContext, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    await endSessions(tx, user.id);
    await recordAudit(tx, audit, { action: 'logout.everywhere', entity: 'user', entityId: user.id });
  });
}

/** True when `password` is the caller's current one. */
export async function isCurrentPassword(db: Db, user: AuthUser, password: string): Promise<boolean> {
  const passwordHash = await findPasswordHash(db, user.id);
  return passwordHash !== undefined && (await verifyPassword(passwordHash, password));
}

/**
 * PUT /auth/password, after the current password was checked: the new one ends every session of the caller, and
 * this device gets a new session (same label) and token so it stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  jwtSecret: string,
  audit: AuditContext,
  user: AuthUser,
  session: CurrentSession,
  newPassword: string,
): Promise<Session> {
  refuseOwnerNameInPassword(newPassword, await ownerNameOf(db, user)); // docs/SECURITY.md "Passwords"
  const passwordHash = await hashPassword(newPassword);
  const sessionVersion = await db.transaction(async (tx) => {
    const version = await setPasswordHash(tx, user.id, passwordHash);
    if (version === undefined) throw unauthorized();
    await recordAudit(tx, audit, { action: 'user.password_change', entity: 'user', entityId: user.id });
    return version;
  });
  return newSession(db, user, sessionVersion, session.label, jwtSecret);
}

export const wrongCurrentPassword = () => badRequest(WRONG_CURRENT_PASSWORD);
