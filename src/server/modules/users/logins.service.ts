import { and, asc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/context';
import type { Db } from '../../db/client';
import { users } from './table';
import { conflict, notFound } from '../../platform/lib/errors';
import { hashPassword, refuseOwnerNameInPassword, refuseUsernameInPassword } from '../../platform/lib/passwords';
import { ownerNameOf } from './owner-name';
import { recordAudit, recordCreate, type AuditContext } from '../audit/audit.service';
import { presentLogin } from './logins.presenter';
import { createLogin, setPasswordHash } from './users.service';

/**
 * The login of a hotel or a merchant (user_type hotel / merchant): one per owner, for the hotels and merchants
 * modules. The owner is checked by its module before these are called.
 */
export interface LoginOwner {
  kind: 'hotel' | 'merchant';
  id: string;
}

const ownedBy = (owner: LoginOwner) => eq(owner.kind === 'hotel' ? users.hotelId : users.merchantId, owner.id);
const noLogin = (owner: LoginOwner) => `This ${owner.kind} has no login`;

export async function findOwnerLogin(db: Db, owner: LoginOwner): Promise<{ id: string; username: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    // A merchant's staff logins are not its login (docs/SECURITY.md "Roles"): the owner's is.
    .where(owner.kind === 'merchant' ? and(ownedBy(owner), eq(users.merchantRole, 'owner')) : ownedBy(owner))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

/**
 * POST /users/hotel, /users/merchant (docs/PRODUCT.md "Calls"): the owner's one login. A second one answers 409, a
 * taken username 409 "Username already exists". The audit keeps what the API answers, never the password.
 */
export async function addOwnerLogin(
  db: Db,
  owner: LoginOwner,
  credentials: { username: string; password: string },
  audit: AuditContext,
): Promise<AuthUser> {
  return db.transaction(async (tx) => {
    if (await findOwnerLogin(tx, owner)) throw conflict(`This ${owner.kind} already has a login`);
    const login = await createLogin(tx, {
      ...credentials,
      userType: owner.kind,
      ...(owner.kind === 'hotel' ? { hotelId: owner.id } : { merchantId: owner.id }),
    });
    await recordCreate(tx, audit, 'user', login, presentLogin);
    return login;
  });
}

/** A deleted (or archived) hotel or merchant can no longer sign in; its username becomes free again. Takes a transaction too. */
export async function deleteOwnerLogins(db: Db, owner: LoginOwner): Promise<void> {
  await db.delete(users).where(ownedBy(owner));
}

/**
 * Reset Password of a hotel or merchant (docs/SECURITY.md, "Passwords"): a new password for its one login, every
 * session of it ended, and an audit event (never the password).
 */
export async function resetOwnerPassword(
  db: Db,
  owner: LoginOwner,
  password: string,
  audit: AuditContext,
): Promise<void> {
  const login = await findOwnerLogin(db, owner);
  if (!login) throw notFound(noLogin(owner));
  refuseUsernameInPassword(password, login.username);
  refuseOwnerNameInPassword(
    password,
    await ownerNameOf(db, owner.kind === 'hotel' ? { hotelId: owner.id } : { merchantId: owner.id }),
  );
  const passwordHash = await hashPassword(password); // before the transaction: hashing takes a while
  await db.transaction(async (tx) => {
    if ((await setPasswordHash(tx, login.id, passwordHash)) === undefined) throw notFound(noLogin(owner));
    await recordAudit(tx, audit, {
      action: 'user.password_reset',
      entity: 'user',
      entityId: login.id,
      after: { username: login.username },
    });
  });
}

/** The owner's login name; 404 when it has none. */
export async function ownerUsername(db: Db, owner: LoginOwner): Promise<string> {
  const login = await findOwnerLogin(db, owner);
  if (!login) throw notFound(noLogin(owner));
  return login.username;
}
