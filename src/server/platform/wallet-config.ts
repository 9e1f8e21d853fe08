import { createPrivateKey, type KeyObject } from 'node:crypto';

/**
 * Google Wallet's issuer and the service account that signs save links and calls the Wallet API (docs/OPERATING.md
 * "Google Wallet"), read from GOOGLE_WALLET_* by env.ts.
 */
export interface GoogleWalletConfig {
  issuerId: string;
  clientEmail: string;
  privateKey: KeyObject;
  /** The Wallet REST API's base, without a trailing slash. */
  apiUrl: string;
  /** Google's OAuth token endpoint (the service account's access tokens). */
  tokenUrl: string;
}

const KEY = 'GOOGLE_WALLET_SERVICE_ACCOUNT_KEY';

/**
 * The service account's JSON key, as the JSON text or base64 of it (one line in an environment file): its
 * client_email and a private_key that parses as an RSA key, or what is wrong with it. No message holds the key.
 */
function serviceAccountKey(text: string): { clientEmail: string; privateKey: KeyObject } | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.startsWith('{') ? text : Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return `${KEY} must be the service account's JSON key, as JSON or base64 of it`;
  }
  const key = (parsed ?? {}) as { client_email?: unknown; private_key?: unknown };
  if (typeof key.client_email !== 'string' || !key.client_email.includes('@')) return `${KEY} has no client_email`;
  if (typeof key.private_key !== 'string' || key.private_key === '') return `${KEY} has no private_key`;
  try {
    const privateKey = createPrivateKey(key.private_key);
    if (privateKey.asymmetricKeyType !== 'rsa') return `${KEY}'s private_key is not an RSA key`;
    return { clientEmail: key.client_email, privateKey };
  } catch {
    return `${KEY}'s private_key is not a PEM private key`;
  }
}

/**
 * Wallet's settings: undefined when neither the issuer id nor the key is set (Wallet off); one without the other,
 * or a key without what it needs, is a mistake the server stops on at start (the message says which).
 */
export function googleWalletConfig(env: {
  GOOGLE_WALLET_ISSUER_ID?: string;
  GOOGLE_WALLET_SERVICE_ACCOUNT_KEY?: string;
  GOOGLE_WALLET_API_URL: string;
  GOOGLE_WALLET_TOKEN_URL: string;
}): GoogleWalletConfig | undefined | string {
  const issuerId = env.GOOGLE_WALLET_ISSUER_ID || undefined;
  const keyText = env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY || undefined;
  if (!issuerId && !keyText) return undefined;
  if (!issuerId) return `GOOGLE_WALLET_ISSUER_ID is required when ${KEY} is set`;
  if (!keyText) return `${KEY} is required when GOOGLE_WALLET_ISSUER_ID is set`;
  const key = serviceAccountKey(keyText);
  if (typeof key === 'string') return key;
  return {
    issuerId,
    ...key,
    apiUrl: env.GOOGLE_WALLET_API_URL.replace(/\/+$/, ''),
    tokenUrl: env.GOOGLE_WALLET_TOKEN_URL,
  };
}
