import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/env';
import { testServiceAccount } from '../support/fake-google-wallet';

/** GOOGLE_WALLET_* (docs/OPERATING.md "Google Wallet"): on with both, checked at start, never naming the key. */
const account = testServiceAccount('3388000000012345678');

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('Google Wallet configuration', () => {
  it('is off without the issuer id and the key', () => {
    expect(loadConfig({}).googleWallet).toBeUndefined();
    expect(
      loadConfig({ GOOGLE_WALLET_ISSUER_ID: '', GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: ' ' }).googleWallet,
    ).toBeUndefined();
  });

  it('reads the key as JSON or as base64 of it, with Google addresses by default', () => {
    const fromBase64 = loadConfig(account.env).googleWallet!;
    expect(fromBase64).toMatchObject({
      issuerId: '3388000000012345678',
      clientEmail: account.clientEmail,
      apiUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(fromBase64.privateKey.asymmetricKeyType).toBe('rsa');
    const fromJson = loadConfig({
      ...account.env,
      GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: account.keyJson,
      GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9/walletobjects/v1/',
      GOOGLE_WALLET_TOKEN_URL: 'http://127.0.0.1:9/token',
    }).googleWallet!;
    expect(fromJson).toMatchObject({
      clientEmail: account.clientEmail,
      apiUrl: 'http://127.0.0.1:9/walletobjects/v1',
      tokenUrl: 'http://127.0.0.1:9/token',
    });
  });

  it('stops the start on half a setup or a key without what it needs, never quoting the key', () => {
    expect(refusal({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toContain(
      'GOOGLE_WALLET_SERVICE_ACCOUNT_KEY is required when GOOGLE_WALLET_ISSUER_ID is set',
    );
    expect(refusal({ GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: account.keyJson })).toContain(
      'GOOGLE_WALLET_ISSUER_ID is required when GOOGLE_WALLET_SERVICE_ACCOUNT_KEY is set',
    );
    expect(refusal({ ...account.env, GOOGLE_WALLET_ISSUER_ID: 'issuer-1' })).toContain(
      'GOOGLE_WALLET_ISSUER_ID must be the issuer id (digits)',
    );
    const key = JSON.parse(account.keyJson) as Record<string, string>;
    const withKey = (value: unknown) => ({ ...account.env, GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: JSON.stringify(value) });
    expect(refusal({ ...account.env, GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: 'not a key' })).toContain(
      "must be the service account's JSON key",
    );
    expect(refusal(withKey({ ...key, client_email: undefined }))).toContain('has no client_email');
    expect(refusal(withKey({ ...key, private_key: '' }))).toContain('has no private_key');
    const broken = refusal(withKey({ ...key, private_key: key.private_key!.slice(0, 200) }));
    expect(broken).toContain('private_key is not a PEM private key');
    expect(broken).not.toContain(key.private_key!.slice(40, 80));
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(refusal(withKey({ ...key, private_key: ec.toString() }))).toContain('private_key is not an RSA key');
  });
});
