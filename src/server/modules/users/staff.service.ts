import { and, asc, eq, sql } from 'drizzle-orm';
import type { MerchantRole } from '../../../shared/constants';
import { MAX_MERCHANT_LOGINS, type StaffCreateInput } from '../../../shared/schemas/staff';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../platform/lib/errors';
import { hashPassword, refuseOwnerNameInPassword, refuseUsernameInPassword } from '../../platform/lib/passwords';
import { ownerNameOf } from './owner-name';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { removedLogins, sessions, users } from './table';
import { createLogin, setPasswordHash } from './users.service';

/**
 * A merchant's staff logins (docs/PRODUCT.md "Staff", docs/SECURITY.md "Roles"): its owner lists them, adds
 * supervisors and cashiers, resets their passwords and removes them. Every call is on the caller's own merchant: a
 * login of another merchant is "not found"; an owner (the caller, or another owner) is never reset or removed here.
 */

export const STAFF_NOT_FOUND = 'Staff login not found';
export const OWNER_NOT_STAFF = "An owner's login cannot be changed or removed here";
export const TOO_MANY_LOGINS = `A merchant has at most ${MAX_MERCHANT_LOGINS} logins`;

/** GET /merchant/staff: every login of the merchant, the owner first, with when each was last seen on any device. */
export function listStaff(db: Db, merchantId: string) {
  // Last seen over the login's sessions, live or not yet deleted by the retention run: per login, by sessions_user_idx
  // (not an aggregate of every login's sessions).
  // users.id written out: in a one-table select drizzle leaves columns unqualified, which the subquery would read as s.id.
  const lastSeenAt = sql<Date | null>`(select max(s.last_seen_at) from ${sessions} s where s.user_id = users.id)`;
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      merchantRole: users.merchantRole,
      mobile: users.mobile,
      createdAt: users.createdAt,
      lastSeenAt: lastSeenAt.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
    })
    .from(users)
    .where(eq(users.merchantId, merchantId))
    .orderBy(sql`${users.merchantRole} <> 'owner'`, asc(users.createdAt), asc(users.id))
    .limit(MAX_MERCHANT_LOGINS);
}
export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

/** A login of the merchant by id (its id and username), or undefined: none, another merchant's, or removed. */
export async function findMerchantLogin(db: Db, merchantId: string, id: string) {
  const [login] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), eq(users.merchantId, merchantId)));
  return login;
}

/** POST /merchant/staff: a new supervisor or cashier login of the merchant; a taken username is 409. */
export async function addStaff(
  db: Db,
  merchantId: string,
  input: StaffCreateInput,
  audit: AuditContext,
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    // One add at a time per merchant (a transaction lock), so two adds at once cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`merchant-logins:${merchantId}`}))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.merchantId, merchantId));
    if ((count?.n ?? 0) >= MAX_MERCHANT_LOGINS) throw conflict(TOO_MANY_LOGINS);
    const login = await createLogin(tx, {
      username: input.username,
      password: input.password,
      fullName: input.full_name,
      userType: 'merchant',
      merchantRole: input.role,
      merchantId,
      mobile: input.mobile,
    });
    await recordAudit(tx, audit, {
      action: 'user.create',
      entity: 'user',
      entityId: login.id,
      after: { ...staffRecord(login.username, input.role, merchantId), has_mobile: input.mobile !== null },
    });
    const [row] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, login.id));
    return {
      id: login.id,
      username: login.username,
      fullName: login.fullName,
      merchantRole: input.role,
      mobile: input.mobile,
      createdAt: row!.createdAt,
      lastSeenAt: null,
    };
  });
}

const staffRecord = (username: string, role: MerchantRole, merchantId: string) => ({
  username,
  merchant_role: role,
  merchant_id: merchantId,
});

/** A staff login of the merchant: 404 for none (or another merchant's), 403 for an owner's. */
async function staffLogin(db: Db, merchantId: string, id: string) {
  const [login] = await db
    .select({ id: users.id, username: users.username, merchantRole: users.merchantRole })
    .from(users)
    .where(and(eq(users.id, id), eq(users.merchantId, merchantId)))
    .limit(1);
  if (!login?.merchantRole) throw notFound(STAFF_NOT_FOUND);
  if (login.merchantRole === 'owner') throw forbidden(OWNER_NOT_STAFF);
  return { ...login, merchantRole: login.merchantRole };
}

/** PUT /merchant/staff/{id}/password: a new password, every session of that login ended (docs/SECURITY.md). */
export async function resetStaffPassword(
  db: Db,
  merchantId: string,
  id: string,
  password: string,
  audit: AuditContext,
): Promise<void> {
  const login = await staffLogin(db, merchantId, id);
  refuseUsernameInPassword(password, login.username);
  refuseOwnerNameInPassword(password, await ownerNameOf(db, { merchantId }));
  const passwordHash = await hashPassword(password); // before the transaction: hashing takes a while
  await db.transaction(async (tx) => {
    if ((await setPasswordHash(tx, login.id, passwordHash)) === undefined) throw notFound(STAFF_NOT_FOUND);
    await recordAudit(tx, audit, {
      action: 'user.password_reset',
      entity: 'user',
      entityId: login.id,
      after: staffRecord(login.username, login.merchantRole, merchantId),
    });
  });
}

/**
 * PUT /merchant/staff/{id}/mobile: sets or clears the staff login's own mobile (where its "Forgot password" code goes).
 * Audited without the number (the audit log keeps no personal numbers: docs/PRIVACY.md).
 */
export async function setStaffMobile(
  db: Db,
  merchantId: string,
  id: string,
  mobile: string | null,
  audit: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const login = await staffLogin(tx, merchantId, id);
    const changed = await tx
      .update(users)
      .set({ mobile })
      .where(and(eq(users.id, login.id), eq(users.merchantId, merchantId)))
      .returning({ id: users.id });
    if (changed.length === 0) throw notFound(STAFF_NOT_FOUND);
    await recordAudit(tx, audit, {
      action: 'user.mobile_change',
      entity: 'user',
      entityId: login.id,
      after: { ...staffRecord(login.username, login.merchantRole, merchantId), has_mobile: mobile !== null },
    });
  });
}

/**
 * DELETE /merchant/staff/{id}: the login is deleted with its sessions (the foreign key cascades), so its devices
 * are signed out at once: the auth middleware reads the session joined to its login. Its redemptions keep
 * coupons.redeemed_by (no foreign key), and removed_logins keeps its name for "Redeemed by" (login-name.ts).
 */
export async function removeStaff(db: Db, merchantId: string, id: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const login = await staffLogin(tx, merchantId, id);
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, login.id), eq(users.merchantId, merchantId)))
      .returning({ id: users.id });
    if (!deleted) throw notFound(STAFF_NOT_FOUND);
    await tx.insert(removedLogins).values({ id: login.id, username: login.username, merchantId });
    await recordAudit(tx, audit, {
      action: 'user.delete',
      entity: 'user',
      entityId: login.id,
      before: staffRecord(login.username, login.merchantRole, merchantId),
    });
  });
}
