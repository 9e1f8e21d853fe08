import { and, asc, eq } from 'drizzle-orm';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../../../shared/schemas/settings';
import type { AuthUser } from '../../platform/context';
import type { Db } from '../../db/client';
import { secondFactorOn } from '../auth/table';
import { users } from './table';
import { pickColumns } from '../../db/table-columns';
import { conflict, forbidden, isUniqueViolation, notFound, transactionOr409 } from '../../platform/lib/errors';
import { hashPassword } from '../../platform/lib/passwords';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import { endAllSessions } from './sessions.service';
import { createLogin, nextSessionVersion } from './users.service';

/**
 * User Management's reads and writes of the users table (the admin-users module is its HTTP side).
 * Admin users are the back-office logins (user_type superadmin) with a role. Hotel and merchant logins live in
 * the same table (usernames are unique across all of them) but are not admin users: here they are "not found".
 */
const MISSING = 'User not found';
const DUPLICATE = 'Username already exists';
const CHANGED_MEANWHILE = 'The user was changed meanwhile; reload and try again';

/**
 * What User Management shows of a login: never its password hash, type or session version; whether two-step sign-in
 * is on (the super admin's reset, docs/SECURITY.md "Second factor").
 */
const columns = {
  ...pickColumns(users, 'id', 'username', 'email', 'role', 'fullName', 'createdAt'),
  secondFactor: secondFactorOn(users.id),
};

export type AdminUserRow = Awaited<ReturnType<typeof listAdminUsers>>[number];

const isAdminUser = (id: string) => and(eq(users.id, id), eq(users.userType, 'superadmin'));

export function listAdminUsers(db: Db) {
  return db
    .select(columns)
    .from(users)
    .where(eq(users.userType, 'superadmin'))
    .orderBy(asc(users.createdAt), asc(users.username));
}

async function getAdminUser(db: Db, id: string): Promise<AdminUserRow> {
  const [row] = await db.select(columns).from(users).where(isAdminUser(id)).limit(1);
  if (!row) throw notFound(MISSING);
  return row;
}

export async function createAdminUser(db: Db, input: AdminUserCreateInput): Promise<AdminUserRow> {
  const login = await createLogin(db, {
    username: input.username,
    password: input.password,
    userType: 'superadmin',
    role: input.role,
    email: input.email,
    fullName: input.full_name,
  });
  return getAdminUser(db, login.id);
}

export const SUPERADMIN_ROLE_FIXED = "A super admin's role cannot be changed by another user";

/**
 * A blank password keeps the current one; nobody changes their own role (so nobody demotes themselves), and a
 * super admin's role is never lowered by anyone else, so super admins stay (docs/SECURITY.md, "Roles"). A new
 * password or a new role ends every session of that user, and both are audited (never the password).
 */
export async function updateAdminUser(
  db: Db,
  actor: AuthUser,
  id: string,
  input: AdminUserUpdateInput,
  audit: AuditContext,
): Promise<AdminUserRow> {
  const existing = await getAdminUser(db, id);
  const roleChange = input.role !== undefined && input.role !== existing.role;
  if (roleChange && id === actor.id) throw forbidden('You cannot change your own role');
  if (roleChange && existing.role === 'superadmin') throw forbidden(SUPERADMIN_ROLE_FIXED);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const endSessions = roleChange || passwordHash !== undefined;
  return transactionOr409(db, isUniqueViolation, DUPLICATE, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        email: input.email,
        fullName: input.full_name,
        ...(roleChange && { role: input.role }),
        ...(passwordHash !== undefined && { passwordHash }),
        ...(endSessions && { sessionVersion: nextSessionVersion }),
      })
      // A role change requires the role still as read, in case it was raised to superadmin in between.
      .where(roleChange ? and(isAdminUser(id), eq(users.role, existing.role ?? 'manager')) : isAdminUser(id))
      .returning(columns);
    if (!row) throw roleChange ? conflict(CHANGED_MEANWHILE) : notFound(MISSING);
    if (endSessions) await endAllSessions(tx, id); // the devices list shows none of them any more
    if (roleChange) {
      await recordAudit(tx, audit, {
        action: 'user.role_change',
        entity: 'user',
        entityId: id,
        before: { role: existing.role },
        after: { role: row.role },
      });
    }
    if (passwordHash !== undefined) {
      await recordAudit(tx, audit, {
        action: 'user.password_reset',
        entity: 'user',
        entityId: id,
        after: { username: row.username },
      });
    }
    return row;
  });
}

/** Nobody deletes themselves, and users with the superadmin role cannot be deleted (docs/PRODUCT.md "Roles"). */
export async function deleteAdminUser(db: Db, actor: AuthUser, id: string): Promise<void> {
  const existing = await getAdminUser(db, id);
  if (id === actor.id) throw forbidden('You cannot delete your own account');
  if (existing.role === 'superadmin') throw forbidden('Super admin users cannot be deleted');
  // The role is checked again in the statement, in case it was raised to superadmin in between.
  const deleted = await db
    .delete(users)
    .where(and(isAdminUser(id), eq(users.role, existing.role ?? 'manager')))
    .returning({ id: users.id });
  if (deleted.length === 0) throw conflict(CHANGED_MEANWHILE);
}
