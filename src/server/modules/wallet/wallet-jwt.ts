import { createSign, type KeyObject } from 'node:crypto';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A JWT signed RS256 with the service account's key (docs/OPERATING.md "Google Wallet"): Google's save links and the
 * OAuth assertion both take one. node:crypto signs synchronously with the key parsed once at start (hono/jwt's sign
 * would import the PEM into WebCrypto on every call).
 */
export function signRs256(claims: object, key: KeyObject): string {
  const signed = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(key).toString('base64url')}`;
}
