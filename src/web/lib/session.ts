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

export function readSession(): Session | null {
  const token = localStorage.getItem('token');
  const userType = localStorage.getItem('userType') as UserType | null;
  const userId = localStorage.getItem('userId');
  if (!token || !userType || !userId) return null;
  return { token, userType, userId, merchantId: localStorage.getItem('merchantId') ?? undefined };
}

export function saveSession(session: Session): void {
  localStorage.setItem('token', session.token);
  localStorage.setItem('userType', session.userType);
  localStorage.setItem('userId', session.userId);
  if (session.merchantId) localStorage.setItem('merchantId', session.merchantId);
}

export const getToken = () => localStorage.getItem('token');

/** A password change ends every other session and answers a new token for this device (docs/SECURITY.md). */
export function replaceToken(token: string): void {
  if (localStorage.getItem('token')) localStorage.setItem('token', token);
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
 * guest-facing call or the page is the guest flow. Only a request that carried a token can sign anyone out.
 */
export function handleUnauthorized(requestUrl: string): void {
  if (GUEST_URL_PARTS.some((part) => requestUrl.includes(part))) return;
  if (window.location.pathname.includes('/scan/')) return;
  for (const key of KEYS) localStorage.removeItem(key);
  runSignOutHooks();
  forcedSignOut();
}

const signOutHooks: (() => void)[] = [];
/** Runs `hook` when this device signs out (Logout or a refused session), so a feature forgets what it kept. */
export const onSignOut = (hook: () => void): void => void signOutHooks.push(hook);
export const runSignOutHooks = (): void => signOutHooks.forEach((hook) => hook());
