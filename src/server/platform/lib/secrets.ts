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
  await db
    .insert(appSettings)
    .values({ key: JWT_SECRET_KEY, value: candidate.length >= 32 ? candidate : randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, JWT_SECRET_KEY));
  if (!row) throw new Error('The JWT secret could not be stored in app_settings');
  return row.value;
}
