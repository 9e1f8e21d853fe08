import type { UserType } from '../../shared/constants';

/**
 * The browser session (docs/PRODUCT.md "API fields"): token, userType, userId and, for merchants, merchantId, in
 * localStorage.
 */
export interface Session {
  token: string;
  userType: UserType;
  userId: string;
  merchantId?: string;
}

const KEYS = ['token', 'userType', 'userId', 'merchantId'] as const;
/** The 401's detail of the last forced sign-out, in this tab only (sessionStorage; lib/signed-out.ts reads it). */
export const SIGNED_OUT_KEY = 'signedOut';

export function readSession(): Session | null {
  const token = localStorage.getItem('token');
  const userType = localStorage.getItem('userType') as UserType | null;
  const userId = localStorage.getItem('userId');
  if (!token || !userType || !userId) return null;
  return { token, userType, userId, merchantId: localStorage.getItem('merchantId') ?? undefined };
}

export function saveSession(session: Session): void {
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  localStorage.setItem('token', session.token);
  localStorage.setItem('userType', session.userType);
  localStorage.setItem('userId', session.userId);
  if (session.merchantId) localStorage.setItem('merchantId', session.merchantId);
}

export const getToken = () => localStorage.getItem('token');

/**
 * A new token for this device's session: a password change answers one (docs/SECURITY.md "Passwords"), and a hotel or
 * merchant session slides, an answer carrying a fresh one (docs/SECURITY.md "Sessions"). It is kept only while the
 * device still holds `sent`, the token that request sent: an answer arriving after a logout, or after another login
 * signed in on this device, changes nothing.
 */
export function replaceToken(token: string, sent = getToken()): void {
  if (sent && getToken() === sent) localStorage.setItem('token', token);
}

/** Where each role lands after login, and where `/` sends a signed-in user. */
export const dashboardPath = (userType: UserType) => `/${userType}/dashboard` as const;
export const loginPath = (userType: UserType) => `/login/${userType}` as const;

let forcedSignOut: () => void = () => window.location.assign('/login/superadmin');

/** The app registers how to leave after a forced sign-out (a router navigation). */
export function onForcedSignOut(handler: () => void): void {
  forcedSignOut = handler;
}

/** Requests whose 401 is passed to the caller instead of signing out (docs/PRODUCT.md "States"): guest-facing calls. */
const GUEST_URL_PARTS = ['/hotels/', '/offers', '/customer-scans', '/coupons', '/files/'];

/**
 * docs/PRODUCT.md "States": a 401 signs the user out and goes to /login/superadmin, unless the request was a
 * guest-facing call or the page is the guest flow. Only a request that carried a token can sign anyone out. Its
 * `detail` is kept for the login screen, which repeats it when the session ran out (docs/SECURITY.md "Sessions").
 */
export function handleUnauthorized(requestUrl: string, detail?: string): void {
  if (GUEST_URL_PARTS.some((part) => requestUrl.includes(part))) return;
  if (window.location.pathname.includes('/scan/')) return;
  signOutHere(detail);
}

/** Signs this device out as a refused session does, the login screen to say `detail` when it is a reason. */
export function signOutHere(detail?: string): void {
  for (const key of KEYS) localStorage.removeItem(key);
  if (detail) sessionStorage.setItem(SIGNED_OUT_KEY, detail);
  runSignOutHooks();
  forcedSignOut();
}

const signOutHooks: (() => void)[] = [];
/** Runs `hook` when this device signs out (Logout or a refused session), so a feature forgets what it kept. */
export const onSignOut = (hook: () => void): void => void signOutHooks.push(hook);
export const runSignOutHooks = (): void => signOutHooks.forEach((hook) => hook());
