import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appSettings } from '../support/tables';
import { resolveJwtSecret } from '../../src/server/platform/lib/secrets';
import { useTestContext } from '../support';

/** The signing secret without JWT_SECRET is one row of app_settings, shared by every server (docs/OPERATING.md). */
const t = useTestContext();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stayperks-secret-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const clear = () => t.db.delete(appSettings).where(eq(appSettings.key, 'jwt_secret'));

it('uses JWT_SECRET when set, storing nothing', async () => {
  await clear();
  expect(await resolveJwtSecret('x'.repeat(40), t.db)).toBe('x'.repeat(40));
  expect(await t.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'))).toEqual([]);
});

it('generates one secret that servers starting at the same moment all read', async () => {
  await clear();
  const secrets = await Promise.all(Array.from({ length: 5 }, () => resolveJwtSecret(undefined, t.db)));
  expect(new Set(secrets).size).toBe(1);
  expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  expect(await resolveJwtSecret(undefined, t.db)).toBe(secrets[0]);
});

it('takes over the secret an older version kept in DATA_DIR/jwt-secret, so sessions survive the upgrade', async () => {
  await clear();
  const legacy = 'legacy-secret-0123456789abcdef0123456789abcdef';
  await writeFile(join(dir, 'jwt-secret'), legacy + '\n');
  expect(await resolveJwtSecret(undefined, t.db, dir)).toBe(legacy);
  // Once stored, the database wins over any file.
  await writeFile(join(dir, 'jwt-secret'), 'another-secret-0123456789abcdef0123456789abcdef\n');
  expect(await resolveJwtSecret(undefined, t.db, dir)).toBe(legacy);
});
