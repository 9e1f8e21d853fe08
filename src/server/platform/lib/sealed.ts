import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Values kept in the database that must not be usable from a backup alone (signing keys, second-factor secrets:
 * docs/SECURITY.md "Keys at rest") are sealed with DATA_ENCRYPTION_KEY: AES-256-GCM with a random 12-byte nonce,
 * stored as `v1.<nonce>.<ciphertext and tag>` in base64url. Without the key a value is stored as `plain.<text>`, so
 * values written before a key was set stay readable and are sealed the next time they are written
 * (docs/OPERATING.md "Keys").
 */
const SEALED = 'v1.';
const PLAIN = 'plain.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SealedValueError extends Error {}

/** `plaintext` sealed with `key`, or marked plain when no key is configured. */
export function seal(plaintext: string, key: Buffer | undefined): string {
  if (!key) return PLAIN + plaintext;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED}${nonce.toString('base64url')}.${body.toString('base64url')}`;
}

/** The text `seal` stored; throws SealedValueError when it is sealed and `key` is absent or another key. */
export function unseal(stored: string, key: Buffer | undefined): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new SealedValueError('The stored value is neither sealed (v1.) nor plain.');
  if (!key)
    throw new SealedValueError(
      'The stored value is sealed with DATA_ENCRYPTION_KEY, which is not set: set the key it was sealed with.',
    );
  const [nonceText, bodyText] = stored.slice(SEALED.length).split('.');
  const nonce = Buffer.from(nonceText ?? '', 'base64url');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES)
    throw new SealedValueError('The stored sealed value is malformed.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealedValueError(
      'The stored value cannot be opened with this DATA_ENCRYPTION_KEY: it was sealed with another key, or altered.',
    );
  }
}

/** Whether `stored` is sealed (a `v1.` value) rather than plain: a plain value is re-sealed once a key is set. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED);
}

/** DATA_ENCRYPTION_KEY's 32 bytes from base64 or base64url, or undefined when the text is not exactly that. */
export function parseDataKey(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return undefined;
  const key = Buffer.from(text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  return key.length === 32 ? key : undefined;
}
