import { beforeEach, describe, expect, it } from 'vitest';
import { keepRefreshedToken } from '../../src/web/lib/token-refresh';

/**
 * The web's side of a sliding session (docs/SECURITY.md "Sessions"): a fresh token from X-Refreshed-Token replaces
 * the one the request sent only when it is a newer token of the same session, and only while the device still holds
 * the one sent.
 */
const stored = new Map<string, string>();
beforeEach(() => {
  stored.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
});

const token = (sid: string, iat: number) =>
  `e30.${Buffer.from(JSON.stringify({ sub: 'u', sid, iat, exp: iat + 8 * 86_400 })).toString('base64url')}.sig`;
const answer = (sent: string, fresh: string) =>
  keepRefreshedToken(
    new Request('http://localhost/api/auth/me', { headers: { Authorization: `Bearer ${sent}` } }),
    new Response('{}', { headers: { 'X-Refreshed-Token': fresh } }),
  );

describe('keepRefreshedToken', () => {
  it('keeps a newer token of the same session in place of the one sent', () => {
    const sent = token('s1', 1_000);
    stored.set('token', sent);
    answer(sent, token('s1', 90_000));
    expect(stored.get('token')).toBe(token('s1', 90_000));
  });

  it('never puts back an older token (an answer the service worker kept) nor one of another session', () => {
    const current = token('s2', 200_000);
    stored.set('token', current);
    answer(current, token('s2', 100_000));
    answer(current, token('s1', 300_000)); // the session a password change replaced
    answer(current, 'not-a-token');
    expect(stored.get('token')).toBe(current);
  });

  it('changes nothing once the device holds another token (signed out, or another login)', () => {
    const sent = token('s1', 1_000);
    stored.set('token', token('s9', 5_000));
    answer(sent, token('s1', 90_000));
    expect(stored.get('token')).toBe(token('s9', 5_000));
    stored.delete('token');
    answer(sent, token('s1', 90_000));
    expect(stored.has('token')).toBe(false);
  });
});
