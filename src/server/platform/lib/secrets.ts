import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from './app-settings.table';
import { seal, unseal } from './sealed';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * JWT_SECRET when set; otherwise one secret kept in the database (app_settings 'jwt_secret'), so every server on
 * the same database signs and accepts the same tokens (docs/OPERATING.md, "Several servers"). Two servers starting
 * at once both insert-if-missing and then read back the one row that won.
 *
 * Older versions kept the generated secret in DATA_DIR/jwt-secret: when that file exists it becomes the stored
 * secret, so people signed in before the upgrade stay signed in.
 *
 * The stored secret is sealed with DATA_ENCRYPTION_KEY when it is set (a secret stored before is sealed now), so a
 * backup of the database alone signs nothing (docs/SECURITY.md "Signing keys").
 */
export async function resolveJwtSecret(
  configured: string | undefined,
  db: Db,
  dataDir?: string,
  dataKey?: Buffer,
): Promise<string> {
  if (configured) return configured;
  const legacyFile = dataDir ? join(dataDir, 'jwt-secret') : undefined;
  const candidate = legacyFile && existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  const generated = candidate.length >= 32 ? candidate : randomBytes(48).toString('base64url');
  return keepSealedSetting(db, JWT_SECRET_KEY, generated, dataKey);
}

/**
 * keepSetting for a secret: stored sealed with `dataKey` (plain without one), and a value stored plain, or before
 * values were marked at all, sealed once `dataKey` is given. Throws when the stored value is sealed and `dataKey`
 * cannot open it.
 */
export async function keepSealedSetting(
  db: Db,
  key: string,
  candidate: string,
  dataKey: Buffer | undefined,
): Promise<string> {
  const stored = await keepSetting(db, key, seal(candidate, dataKey));
  // Values written before sealing existed carry no mark: both marks contain a dot, which base64url never does.
  const marked = stored.startsWith('v1.') || stored.startsWith('plain.');
  const value = marked ? unseal(stored, dataKey) : stored;
  if (dataKey && !stored.startsWith('v1.'))
    await db
      .update(appSettings)
      .set({ value: seal(value, dataKey), updatedAt: new Date() })
      .where(and(eq(appSettings.key, key), eq(appSettings.value, stored)));
  return value;
}

/**
 * The value stored under `key` in app_settings, storing `candidate` first when there is none: every server on the
 * database ends up with the one value that was stored first (the signing secret, the Web Push VAPID keys).
 */
export async function keepSetting(db: Db, key: string, candidate: string): Promise<string> {
  await db.insert(appSettings).values({ key, value: candidate }).onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`${key} could not be stored in app_settings`);
  return row.value;
}
