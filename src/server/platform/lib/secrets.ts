import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from './app-settings.table';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * JWT_SECRET when set; otherwise one secret kept in the database (app_settings 'jwt_secret'), so every server on
 * the same database signs and accepts the same tokens (docs/OPERATING.md, "Several servers"). Two servers starting
 * at once both insert-if-missing and then read back the one row that won.
 *
 * Older versions kept the generated secret in DATA_DIR/jwt-secret: when that file exists it becomes the stored
 * secret, so people signed in before the upgrade stay signed in.
 */
export async function resolveJwtSecret(configured: string | undefined, db: Db, dataDir?: string): Promise<string> {
  if (configured) return configured;
  const legacyFile = dataDir ? join(dataDir, 'jwt-secret') : undefined;
  const candidate = legacyFile && existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  return keepSetting(db, JWT_SECRET_KEY, candidate.length >= 32 ? candidate : randomBytes(48).toString('base64url'));
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
