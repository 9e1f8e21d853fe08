/**
 * How long a sign-in lasts (docs/SECURITY.md "Sessions"), read by the server that enforces it and the web that says
 * why it signed someone out.
 */

/** Back office (every superadmin role): a session ends after 30 minutes without a request (ASVS 7.3.1)… */
export const BACK_OFFICE_IDLE_SECONDS = 30 * 60;
/** …and 12 hours after sign-in in all, used or not (ASVS 7.3.2). Its token expires then too. */
export const BACK_OFFICE_SESSION_SECONDS = 12 * 60 * 60;

/** Hotel and merchant logins: a session lives while it was used within the last 7 days… */
export const SLIDING_IDLE_SECONDS = 7 * 24 * 60 * 60;
/**
 * …and 90 days after sign-in at most (ASVS 7.3.2's absolute lifetime): a counter or reception phone signs in again
 * once a season, so a copied token or a phone that changed hands does not stay signed in for ever.
 */
export const SLIDING_SESSION_MAX_SECONDS = 90 * 24 * 60 * 60;
/** A hotel or merchant token older than a day is answered a fresh one for the same session (X-Refreshed-Token). */
export const REFRESH_AFTER_SECONDS = 24 * 60 * 60;
/** The answer's header with that fresh token (same origin: no CORS exposure needed). */
export const REFRESHED_TOKEN_HEADER = 'X-Refreshed-Token';

/** The 401 `detail` of a session ended by inactivity; the login screen says it again after the forced sign-out. */
export const SIGNED_OUT_IDLE = 'Signed out after inactivity';
/** The 401 `detail` of a session past its absolute limit (the back office's 12 hours, a device's 90 days). */
export const SESSION_OVER = 'Your session has ended. Sign in again.';
export type SignedOutReason = typeof SIGNED_OUT_IDLE | typeof SESSION_OVER;
