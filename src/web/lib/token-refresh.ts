import { replaceToken } from './session';

/** A token's `sid` and `iat`, read only to compare two of ours (the server checks them); undefined if unreadable. */
function claimsOf(token: string): { sid?: unknown; iat?: unknown } | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sid?: unknown; iat?: unknown };
  } catch {
    return undefined;
  }
}

/**
 * A hotel or merchant session slides (docs/SECURITY.md "Sessions"): an answer may carry a fresh token for it in
 * X-Refreshed-Token, kept in place of the token the request sent. Only a newer token of the same session is kept: an
 * answer the service worker stored (the signed-in screens shown offline) carries the token of its day, older than the
 * device's, or one of a session since replaced by a password change, and is never put back.
 */
export function keepRefreshedToken(request: Request, response: Response): void {
  const fresh = response.headers.get('X-Refreshed-Token');
  const sent = request.headers.get('Authorization')?.replace(/^Bearer /, '');
  if (!fresh || !sent) return;
  const [before, after] = [claimsOf(sent), claimsOf(fresh)];
  if (!before || !after || before.sid !== after.sid) return;
  if (typeof after.iat === 'number' && typeof before.iat === 'number' && after.iat > before.iat)
    replaceToken(fresh, sent);
}
