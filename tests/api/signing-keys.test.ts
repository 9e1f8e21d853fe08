import { createHmac, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { decode } from 'hono/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import { appSettings } from '../support/tables';
import { VAPID_KEYS_SETTING, vapidKeys } from '../../src/server/modules/push/vapid';
import { keepSealedSetting, resolveJwtSecret } from '../../src/server/platform/lib/secrets';
import {
  kidOf,
  loadSigningKeys,
  RETIRED_GRACE_SECONDS,
  rotateSigningKeys,
  SIGNING_KEYS_SETTING,
  SigningKeys,
  useSigningKeys,
} from '../../src/server/platform/lib/signing-keys';
import { TOKEN_LIFETIME_SECONDS } from '../../src/server/platform/lib/tokens';
import { TEST_JWT_SECRET, useTestContext } from '../support';

/**
 * Signing keys (docs/SECURITY.md "Signing keys", docs/OPERATING.md "Keys"): tokens name their key (`kid`); a new key
 * takes over without ending sessions, a retired one verifies for the token lifetime, and keys kept in the database
 * are sealed with DATA_ENCRYPTION_KEY so a backup alone cannot sign.
 */
const t = useTestContext();

let clock = Date.now();
const options = { lifetimeSeconds: TOKEN_LIFETIME_SECONDS, now: () => clock };

afterEach(async () => {
  useSigningKeys(TEST_JWT_SECRET, undefined);
  await t.db
    .delete(appSettings)
    .where(inArray(appSettings.key, [SIGNING_KEYS_SETTING, 'jwt_secret', VAPID_KEYS_SETTING]));
  clock = Date.now();
});

const kidIn = (token: string) => (decode(token).header as { kid?: string }).kid;
const me = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).status;

/** `token`'s claims signed again by `secret`, with `kid` in the header (or none). */
function resigned(token: string, secret: string, kid: string | undefined): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT', ...(kid && { kid }) })}.${part(decode(token).payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('rotation with a live session', () => {
  it('keeps a token from before rotation working, signs new ones with the new key, and refuses the old after retirement', async () => {
    const keys = await loadSigningKeys(t.db, TEST_JWT_SECRET, undefined, options);
    useSigningKeys(TEST_JWT_SECRET, keys);
    const before = await t.tokenAs('hotel');
    expect(kidIn(before)).toBe(kidOf(TEST_JWT_SECRET));
    expect(await me(before)).toBe(200);

    const rotation = await rotateSigningKeys(t.db, undefined, options);
    expect(rotation).toEqual({ added: expect.any(String), retired: [kidOf(TEST_JWT_SECRET)], dropped: [] });
    await keys.reload();
    const after = await t.tokenAs('hotel');
    expect(kidIn(after)).toBe(rotation.added);
    expect(await me(before)).toBe(200);
    expect(await me(after)).toBe(200);
    // A token without a kid (issued before keys had ids) still verifies with the first key while it does.
    expect(await me(resigned(before, TEST_JWT_SECRET, undefined))).toBe(200);

    // Once the retired key's last tokens have expired, it verifies nothing, kid or not, and the next rotation drops it.
    clock += (TOKEN_LIFETIME_SECONDS + RETIRED_GRACE_SECONDS) * 1000 + 1000;
    expect(await me(before)).toBe(401);
    expect(await me(resigned(before, TEST_JWT_SECRET, undefined))).toBe(401);
    expect(await me(after)).toBe(200);
    const next = await rotateSigningKeys(t.db, undefined, options);
    expect(next.dropped).toEqual([kidOf(TEST_JWT_SECRET)]);
    expect(next.retired).toEqual([rotation.added]);
    await keys.reload();
    expect(await me(after)).toBe(200);
    expect(kidIn(await t.tokenAs('hotel'))).toBe(next.added);
  });

  it('a server that has not read the new key yet reads it for a token that names it, at most every 10 s for unknown ids', async () => {
    const signer = await loadSigningKeys(t.db, TEST_JWT_SECRET, undefined, options);
    const other = new SigningKeys(t.db, undefined, options);
    await other.reload();
    const { added } = await rotateSigningKeys(t.db, undefined, options);
    await signer.reload();
    expect((await signer.signingKey()).kid).toBe(added);

    const loads = other.loads;
    expect((await other.find(added))?.kid).toBe(added);
    expect(other.loads).toBe(loads + 1);
    expect(await other.find('unknown-kid')).toBeUndefined();
    expect(await other.find('another-unknown')).toBeUndefined();
    expect(other.loads).toBe(loads + 1);
    clock += 10_000;
    expect(await other.find('unknown-kid')).toBeUndefined();
    expect(other.loads).toBe(loads + 2);
  });

  it('--end-sessions drops the older keys at once: each server refuses their tokens within a minute', async () => {
    const keys = await loadSigningKeys(t.db, TEST_JWT_SECRET, undefined, options);
    useSigningKeys(TEST_JWT_SECRET, keys);
    const before = await t.tokenAs('hotel');
    const rotation = await rotateSigningKeys(t.db, undefined, options, { endSessions: true });
    expect(rotation).toEqual({ added: expect.any(String), retired: [], dropped: [kidOf(TEST_JWT_SECRET)] });
    // This server's copy is under a minute old: it has not re-read the keys yet.
    expect(await me(before)).toBe(200);
    clock += 60_000;
    expect(await me(before)).toBe(401);
    const after = await t.tokenAs('hotel');
    expect(kidIn(after)).toBe(rotation.added);
    expect(await me(after)).toBe(200);
  });

  it('refuses a token whose kid names no key, and one signed with another key under a known kid', async () => {
    useSigningKeys(TEST_JWT_SECRET, await loadSigningKeys(t.db, TEST_JWT_SECRET, undefined, options));
    const token = await t.tokenAs('hotel');
    expect(await me(token)).toBe(200);
    expect(await me(resigned(token, TEST_JWT_SECRET, 'unknown-kid'))).toBe(401);
    expect(await me(resigned(token, 'another-secret-0123456789abcdef0123456789', kidIn(token)))).toBe(401);
  });

  it('with JWT_SECRET (no key set) signs with the one key, its id derived from it', async () => {
    const token = await t.tokenAs('hotel');
    expect(kidIn(token)).toBe(kidOf(TEST_JWT_SECRET));
    expect(await me(token)).toBe(200);
    expect(await me(resigned(token, TEST_JWT_SECRET, 'unknown-kid'))).toBe(401);
  });
});

describe('keys at rest', () => {
  const settingOf = async (key: string) =>
    (await t.db.select().from(appSettings).where(eq(appSettings.key, key)))[0]?.value ?? '';

  it('a sealed key in app_settings cannot be used without DATA_ENCRYPTION_KEY (a backup alone signs nothing)', async () => {
    const dataKey = randomBytes(32);
    const secret = await resolveJwtSecret(undefined, t.db, undefined, dataKey);
    await loadSigningKeys(t.db, secret, dataKey, options);
    await rotateSigningKeys(t.db, dataKey, options);
    const stored = await settingOf(SIGNING_KEYS_SETTING);
    const sealed = (JSON.parse(stored) as { keys: { key: string }[] }).keys.map((k) => k.key);
    expect(sealed).toHaveLength(2);
    for (const key of sealed) expect(key).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(await settingOf('jwt_secret')).toMatch(/^v1\./);

    await expect(resolveJwtSecret(undefined, t.db)).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
    await expect(loadSigningKeys(t.db, secret, undefined, options)).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
    await expect(loadSigningKeys(t.db, secret, randomBytes(32), options)).rejects.toThrow(/another key/);
    await expect(rotateSigningKeys(t.db, undefined, options)).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
    expect(await resolveJwtSecret(undefined, t.db, undefined, dataKey)).toBe(secret);
  });

  it('keys stored before DATA_ENCRYPTION_KEY was set stay usable and are sealed once it is', async () => {
    const secret = await resolveJwtSecret(undefined, t.db);
    await loadSigningKeys(t.db, secret, undefined, options);
    expect(await settingOf('jwt_secret')).toBe(`plain.${secret}`);
    const dataKey = randomBytes(32);
    expect(await resolveJwtSecret(undefined, t.db, undefined, dataKey)).toBe(secret);
    const keys = await loadSigningKeys(t.db, secret, dataKey, options);
    expect((await keys.signingKey()).kid).toBe(kidOf(secret));
    expect(await settingOf('jwt_secret')).toMatch(/^v1\./);
    expect(await settingOf(SIGNING_KEYS_SETTING)).not.toContain(secret);
  });

  it('seals the Web Push VAPID keys too', async () => {
    const dataKey = randomBytes(32);
    const keys = await vapidKeys(t.db, dataKey);
    const stored = await settingOf(VAPID_KEYS_SETTING);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(keys.privateKey);
    await expect(keepSealedSetting(t.db, VAPID_KEYS_SETTING, 'unused', undefined)).rejects.toThrow(
      /DATA_ENCRYPTION_KEY/,
    );
  });
});
