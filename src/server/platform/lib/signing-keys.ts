import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { appSettings } from './app-settings.table';
import { isSealed, seal, unseal } from './sealed';
import { keepSetting } from './secrets';

/**
 * The keys that sign and verify sign-in tokens, each named by an id (`kid` in the token's header), so a new key can
 * take over without ending any session (docs/OPERATING.md "Keys"; docs/SECURITY.md "Signing keys"). They live in one
 * app_settings row every server shares, each sealed with DATA_ENCRYPTION_KEY when it is set. JWT_SECRET, when set,
 * stays the only key and this row is not used.
 */
export const SIGNING_KEYS_SETTING = 'jwt_signing_keys';

/**
 * How long a retired key keeps verifying beyond the token lifetime: servers pick up a new key within
 * REFRESH_EVERY_MS, signing with the retired one until then.
 */
export const RETIRED_GRACE_SECONDS = 60 * 60;
/** A server re-reads the keys before signing when its copy is older than this (another server may have rotated). */
const REFRESH_EVERY_MS = 60_000;
/** A token naming a key this server does not know re-reads the keys at most this often. */
const UNKNOWN_KID_RELOAD_EVERY_MS = 10_000;

export interface SigningKey {
  kid: string;
  secret: string;
}

interface HeldKey extends SigningKey {
  /** When a newer key took over (unset for the signing key): it verifies until then plus the token lifetime. */
  retiredAt: Date | undefined;
}

const StoredKeys = v.object({
  keys: v.pipe(
    v.array(
      v.object({
        kid: v.pipe(v.string(), v.nonEmpty()),
        key: v.pipe(v.string(), v.nonEmpty()),
        created_at: v.pipe(v.string(), v.isoTimestamp()),
        retired_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
      }),
    ),
    v.minLength(1),
  ),
});
type Stored = v.InferOutput<typeof StoredKeys>;

/** A key's id: a digest of it, so the id names the key without revealing anything of it. */
export function kidOf(secret: string): string {
  return createHash('sha256').update('stayperks signing key id\0').update(secret).digest('base64url').slice(0, 16);
}

function parseStored(text: string): Stored {
  const parsed = v.safeParse(StoredKeys, JSON.parse(text));
  if (!parsed.success) throw new Error(`app_settings '${SIGNING_KEYS_SETTING}' is not a list of signing keys`);
  return parsed.output;
}

/** The stored keys opened with `dataKey` (unseal says clearly when a sealed key needs DATA_ENCRYPTION_KEY). */
function heldKeys(stored: Stored, dataKey: Buffer | undefined): HeldKey[] {
  return stored.keys.map((k) => ({
    kid: k.kid,
    secret: unseal(k.key, dataKey),
    retiredAt: k.retired_at ? new Date(k.retired_at) : undefined,
  }));
}

async function readStored(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SIGNING_KEYS_SETTING));
  return row?.value;
}

/** Writes `next` over the row only if it still holds `previous` (another server or command may have changed it). */
async function replaceStored(db: Db, previous: string, next: Stored): Promise<boolean> {
  const written = await db
    .update(appSettings)
    .set({ value: JSON.stringify(next), updatedAt: new Date() })
    .where(and(eq(appSettings.key, SIGNING_KEYS_SETTING), eq(appSettings.value, previous)))
    .returning({ key: appSettings.key });
  return written.length > 0;
}

/** Every key sealed with `dataKey` (a key stored plain before DATA_ENCRYPTION_KEY was set is sealed now). */
function resealed(stored: Stored, dataKey: Buffer): Stored {
  return {
    keys: stored.keys.map((k) => (isSealed(k.key) ? k : { ...k, key: seal(unseal(k.key, dataKey), dataKey) })),
  };
}

export interface SigningKeysOptions {
  /** The token lifetime: a retired key verifies for this long after a newer one took over, plus a grace. */
  lifetimeSeconds: number;
  now?: () => number;
}

/** One server's copy of the shared keys: the newest signs; retired ones verify until their tokens have expired. */
export class SigningKeys {
  private keys: HeldKey[] = [];
  private loadedAt = 0;
  private lastUnknownReload = -Infinity;
  private loading: Promise<void> | undefined;
  /** How many times the keys were read (tests show the unknown-kid reload is rate limited). */
  loads = 0;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly dataKey: Buffer | undefined,
    private readonly options: SigningKeysOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Reads the keys from the database now. */
  reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        // Counted from the attempt, so a database that is away is asked again a minute later, not on every request.
        this.loadedAt = this.now();
        const text = await readStored(this.db);
        if (text === undefined) throw new Error(`app_settings '${SIGNING_KEYS_SETTING}' is missing`);
        this.keys = heldKeys(parseStored(text), this.dataKey);
        this.loads += 1;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /**
   * Re-reads the keys when this copy is over a minute old, so every server, signing or only verifying, learns of a
   * rotation (a new key, a retired or dropped one) within a minute; the old copy stays when the read fails.
   */
  private async fresh(): Promise<void> {
    if (this.now() - this.loadedAt >= REFRESH_EVERY_MS) await this.reload().catch(() => {});
  }

  /** The key new tokens are signed with: the newest. */
  async signingKey(): Promise<SigningKey> {
    await this.fresh();
    const newest = this.keys.findLast((k) => !k.retiredAt) ?? this.keys.at(-1);
    if (!newest) throw new Error('no signing key is loaded');
    return newest;
  }

  /** The key `kid` names while it may verify; an unknown id re-reads the keys (at most every 10 s) first. */
  async find(kid: string): Promise<SigningKey | undefined> {
    await this.fresh();
    let key = this.keys.find((k) => k.kid === kid);
    if (!key && this.now() - this.lastUnknownReload >= UNKNOWN_KID_RELOAD_EVERY_MS) {
      this.lastUnknownReload = this.now();
      await this.reload().catch(() => {});
      key = this.keys.find((k) => k.kid === kid);
    }
    return key && this.verifies(key) ? key : undefined;
  }

  /** The key `kid` names while it may verify, without the unknown-id re-read (tokens without a kid). */
  async held(kid: string): Promise<SigningKey | undefined> {
    await this.fresh();
    const key = this.keys.find((k) => k.kid === kid);
    return key && this.verifies(key) ? key : undefined;
  }

  private verifies(key: HeldKey): boolean {
    if (!key.retiredAt) return true;
    const lastTokenExpiry = key.retiredAt.getTime() + (this.options.lifetimeSeconds + RETIRED_GRACE_SECONDS) * 1000;
    return this.now() < lastTokenExpiry;
  }
}

/**
 * The shared keys, created on first start from the secret the server signed with until now (JWT_SECRET unset:
 * app_settings 'jwt_secret'), so tokens issued before keep working; keys stored plain are sealed once
 * DATA_ENCRYPTION_KEY is set. Throws when a key is sealed and the environment lacks the key that opens it.
 */
export async function loadSigningKeys(
  db: Db,
  firstSecret: string,
  dataKey: Buffer | undefined,
  options: SigningKeysOptions,
): Promise<SigningKeys> {
  const now = new Date((options.now ?? Date.now)());
  const first: Stored = {
    keys: [{ kid: kidOf(firstSecret), key: seal(firstSecret, dataKey), created_at: now.toISOString() }],
  };
  const text = await keepSetting(db, SIGNING_KEYS_SETTING, JSON.stringify(first));
  const stored = parseStored(text);
  heldKeys(stored, dataKey); // refuses to start when a sealed key cannot be opened
  if (dataKey && stored.keys.some((k) => !isSealed(k.key))) await replaceStored(db, text, resealed(stored, dataKey));
  const keys = new SigningKeys(db, dataKey, options);
  await keys.reload();
  return keys;
}

export interface Rotation {
  added: string;
  retired: string[];
  dropped: string[];
}

/**
 * Adds a new signing key, which signs from now on (each server within a minute); the one it replaces keeps verifying
 * for the token lifetime (plus a grace) and keys retired longer ago are dropped. `endSessions` (a key thought exposed)
 * drops every older key at once instead: each server refuses their tokens once it re-reads the keys, within a minute.
 * Every key is sealed with `dataKey` when given. The keys must exist (the server creates them on its first start).
 */
export async function rotateSigningKeys(
  db: Db,
  dataKey: Buffer | undefined,
  { lifetimeSeconds, now = Date.now }: SigningKeysOptions,
  { endSessions = false } = {},
): Promise<Rotation> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const text = await readStored(db);
    if (text === undefined)
      throw new Error('There are no signing keys yet: start the server once (with JWT_SECRET unset) first.');
    const stored = parseStored(text);
    heldKeys(stored, dataKey);
    const at = new Date(now());
    const dropBefore = at.getTime() - (lifetimeSeconds + RETIRED_GRACE_SECONDS) * 1000;
    const kept = endSessions
      ? []
      : stored.keys.filter((k) => !k.retired_at || new Date(k.retired_at).getTime() >= dropBefore);
    const retired = kept.filter((k) => !k.retired_at).map((k) => k.kid);
    const secret = randomBytes(48).toString('base64url');
    const added = { kid: kidOf(secret), key: seal(secret, dataKey), created_at: at.toISOString() };
    const next: Stored = {
      keys: [...kept.map((k) => (k.retired_at ? k : { ...k, retired_at: at.toISOString() })), added],
    };
    if (await replaceStored(db, text, dataKey ? resealed(next, dataKey) : next))
      return {
        added: added.kid,
        retired,
        dropped: stored.keys.filter((k) => !kept.includes(k)).map((k) => k.kid),
      };
  }
  throw new Error('The signing keys kept changing while being rotated: try again.');
}

/**
 * The key set of each server's base secret (AppDeps.jwtSecret). Callers hand tokens.ts that secret, as they always
 * have; tokens.ts finds the key set by it, and a secret without one (JWT_SECRET, the tests) is a single key.
 */
const keySets = new Map<string, SigningKeys>();

export function useSigningKeys(baseSecret: string, keys: SigningKeys | undefined): void {
  if (keys) keySets.set(baseSecret, keys);
  else keySets.delete(baseSecret);
}

export function signingKeysOf(baseSecret: string): SigningKeys | undefined {
  return keySets.get(baseSecret);
}

/** The key new signatures use: the server's newest, or the base secret itself when the server has no key set. */
export async function newestKeyOf(baseSecret: string): Promise<SigningKey> {
  return (await signingKeysOf(baseSecret)?.signingKey()) ?? { kid: kidOf(baseSecret), secret: baseSecret };
}

/** The key `kid` names while it may verify: one of the server's keys, or the base secret's own when it has none. */
export async function verifyingKeyOf(baseSecret: string, kid: string): Promise<SigningKey | undefined> {
  const keys = signingKeysOf(baseSecret);
  if (keys) return keys.find(kid);
  return kid === kidOf(baseSecret) ? { kid, secret: baseSecret } : undefined;
}
