import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, parseDataKey, seal, SealedValueError, unseal } from '../../src/server/platform/lib/sealed';
import { ConfigError, loadConfig } from '../../src/server/platform/env';

const key = randomBytes(32);

describe('sealed values', () => {
  it('seals with AES-256-GCM under a fresh nonce and opens with the same key', () => {
    const a = seal('JBSWY3DPEHPK3PXP', key);
    const b = seal('JBSWY3DPEHPK3PXP', key);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isSealed(a)).toBe(true);
    expect(unseal(a, key)).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(b, key)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('stores plain text without a key, and still reads it once a key is set', () => {
    const stored = seal('secret', undefined);
    expect(stored).toBe('plain.secret');
    expect(isSealed(stored)).toBe(false);
    expect(unseal(stored, undefined)).toBe('secret');
    expect(unseal(stored, key)).toBe('secret');
  });

  it('refuses a sealed value without the key, with another key, or altered', () => {
    const stored = seal('secret', key);
    expect(() => unseal(stored, undefined)).toThrow(SealedValueError);
    expect(() => unseal(stored, undefined)).toThrow(/DATA_ENCRYPTION_KEY, which is not set/);
    expect(() => unseal(stored, randomBytes(32))).toThrow(/sealed with another key, or altered/);
    const [, nonce, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => unseal(`v1.${nonce}.${flipped.toString('base64url')}`, key)).toThrow(SealedValueError);
    expect(() => unseal('v1.short.x', key)).toThrow(/malformed/);
    expect(() => unseal('secret', key)).toThrow(/neither sealed/);
  });

  it('reads DATA_ENCRYPTION_KEY as 32 bytes of base64 or base64url', () => {
    expect(parseDataKey(key.toString('base64'))).toEqual(key);
    expect(parseDataKey(key.toString('base64url'))).toEqual(key);
    expect(parseDataKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseDataKey('x'.repeat(44))).toBeUndefined();
  });

  it('hands the key to the configuration, and says how to make one when it is wrong', () => {
    expect(loadConfig({ DATA_ENCRYPTION_KEY: key.toString('base64') }).dataEncryptionKey).toEqual(key);
    expect(loadConfig({}).dataEncryptionKey).toBeUndefined();
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(/openssl rand -base64 32/);
  });
});
