import { eq, sql } from 'drizzle-orm';
import type { AdminRole, MerchantRole, UserType } from '../../../shared/constants';
import type { AuthUser } from '../../platform/context';
import type { Db } from '../../db/client';
import { columnsExcept } from '../../db/table-columns';
import { endAllSessions } from './sessions.service';
import { users } from './table';
import { conflictOn, isUniqueViolation } from '../../platform/lib/errors';
import { hashPassword, refuseOwnerNameInPassword, refuseUsernameInPassword } from '../../platform/lib/passwords';
import { ownerNameOf } from './owner-name';

/** A login as the server hands it around (AuthUser): no password hash, no bookkeeping. */
const authColumns = columnsExcept(users, 'passwordHash', 'createdAt', 'sessionVersion');

/** A login with the session version its tokens carry (every request loads it with its session: sessions.service.ts). */
const sessionColumns = { ...authColumns, sessionVersion: users.sessionVersion };

/** Usernames are unique ignoring case across all three kinds of login. */
export async function findLoginByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ ...sessionColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.passwordHash;
}

/** Session versions move forward only: every token issued before stops working at once. */
export const nextSessionVersion = sql`${users.sessionVersion} + 1`;

/**
 * Ends every session of a login ("Sign out everywhere", docs/SECURITY.md "Sessions"): every token stops working (the
 * version moves on) and every device's session row is ended; answers the new version, undefined if it is gone.
 */
export async function endSessions(db: Db, id: string): Promise<number | undefined> {
  await endAllSessions(db, id);
  const [row] = await db
    .update(users)
    .set({ sessionVersion: nextSessionVersion })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion;
}

/** A new password (hashed by the caller, outside any transaction) for a login, ending all its sessions; answers the new session version (undefined if it is gone). */
export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<number | undefined> {
  await endAllSessions(db, id);
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: nextSessionVersion })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion;
}

export interface NewLogin {
  username: string;
  password: string;
  userType: UserType;
  role?: AdminRole | null;
  /** A merchant login's role: the owner unless said (docs/SECURITY.md "Roles"). */
  merchantRole?: MerchantRole;
  email?: string | null;
  fullName?: string | null;
  hotelId?: string | null;
  merchantId?: string | null;
  /** A staff login's own mobile (Forgot password). */
  mobile?: string | null;
}

export async function createLogin(db: Db, login: NewLogin): Promise<AuthUser> {
  refuseUsernameInPassword(login.password, login.username); // the schemas say so first; every caller is held to it
  refuseOwnerNameInPassword(login.password, await ownerNameOf(db, login));
  const passwordHash = await hashPassword(login.password);
  return conflictOn(isUniqueViolation, 'Username already exists', async () => {
    const [row] = await db
      .insert(users)
      .values({
        username: login.username,
        passwordHash,
        userType: login.userType,
        role: login.userType === 'superadmin' ? (login.role ?? 'admin') : null,
        merchantRole: login.userType === 'merchant' ? (login.merchantRole ?? 'owner') : null,
        email: login.email ?? null,
        fullName: login.fullName ?? null,
        hotelId: login.hotelId ?? null,
        merchantId: login.merchantId ?? null,
        mobile: login.mobile ?? null,
      })
      .returning(authColumns);
    return row!;
  });
}

export async function countSuperadmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.userType} = 'superadmin' and ${users.role} = 'superadmin'`);
  return row?.n ?? 0;
}

export async function countLogins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
