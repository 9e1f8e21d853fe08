import * as v from 'valibot';
import { containsUsername, PASSWORD_CONTAINS_USERNAME, passwordRules } from '../../shared/schemas/passwords';
import type { Config } from './env';
import type { FileStorage } from './storage/storage';
import { makeOldDocumentsPrivate } from '../modules/hotels/private-documents';
import { countLogins, countSuperadmins, createLogin } from '../modules/users/users.service';
import type { Db } from '../db/client';
import { syncBusinessTimeZone } from '../db/derived';
import { ensureReferenceData } from '../modules/subscriptions/reference-data';
import { seedDemoData } from '../demo/seed-demo';

export class StartupError extends Error {}

/** Why ADMIN_PASSWORD breaks the shared password rules (shared/schemas/passwords.ts), or undefined when it does not. */
export function adminPasswordRefusal(username: string, password: string): string | undefined {
  const parsed = v.safeParse(passwordRules('ADMIN_PASSWORD'), password);
  if (!parsed.success) return parsed.issues[0].message;
  if (containsUsername(password, username)) return `${PASSWORD_CONTAINS_USERNAME} (ADMIN_USERNAME)`;
  return undefined;
}

export interface BootstrapResult {
  seededDemo: boolean;
  /** With demo data: an unredeemed code of the demo merchant, printed so the counter can be tried at once. */
  demoVoucherCode?: string;
  demoHotelId?: string;
  createdAdmin: string | undefined;
}

/**
 * Prepares a migrated database: reference data always; demo data on an empty database outside production;
 * the first super admin from ADMIN_USERNAME / ADMIN_PASSWORD. Production refuses to run without any super admin.
 */
export async function bootstrap(db: Db, config: Config, storage: FileStorage): Promise<BootstrapResult> {
  await syncBusinessTimeZone(db, config.timeZone);
  await ensureReferenceData(db);
  await makeOldDocumentsPrivate(db, storage);
  const result: BootstrapResult = { seededDemo: false, createdAdmin: undefined };

  if (!config.production && (await countLogins(db)) === 0) {
    const seeded = await seedDemoData(db, { timeZone: config.timeZone, storage });
    result.seededDemo = true;
    result.demoVoucherCode = seeded.voucherToRedeem;
    result.demoHotelId = seeded.guestHotelId;
  }

  if ((await countSuperadmins(db)) === 0) {
    if (!config.adminUsername || !config.adminPassword) {
      throw new StartupError(
        'No super admin exists yet. Set ADMIN_USERNAME and ADMIN_PASSWORD to create the first one, e.g.\n' +
          '  NODE_ENV=production ADMIN_USERNAME=owner ADMIN_PASSWORD=a-long-secret npm start',
      );
    }
    // The same rules as every other new password (docs/SECURITY.md, "Passwords"); refused before anything is written.
    const refusal = adminPasswordRefusal(config.adminUsername, config.adminPassword);
    if (refusal) throw new StartupError(`ADMIN_PASSWORD is refused: ${refusal}`);
    await createLogin(db, {
      username: config.adminUsername,
      password: config.adminPassword,
      userType: 'superadmin',
      role: 'superadmin',
    });
    result.createdAdmin = config.adminUsername;
  }
  return result;
}
