import { hash, verify } from '@node-rs/argon2';
import { addBreachedPasswords, containsOwnerName } from '../../../shared/common-passwords';
import { containsUsername, PASSWORD_CONTAINS_USERNAME, passwordContainsName } from '../../../shared/schemas/passwords';
import { isBreachedPassword } from './breached-passwords';
import { AppError } from './errors';

// Every new password the server takes passes the shared rules (passwordRules), which from here on also look in the
// breached set (docs/SECURITY.md "Passwords"). Here because every service that sets a password imports this file.
addBreachedPasswords(isBreachedPassword);

/** argon2id with OWASP's first recommended parameters (docs/SECURITY.md, "Passwords"). Algorithm 2 = Argon2id. */
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified when a username is unknown, so a miss costs as long as a hit and usernames cannot be probed. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * The username rule where the username is not in the request (a password change, a reset, a staff password): 422
 * with the same message the shared schemas give (docs/SECURITY.md, "Passwords").
 */
export function refuseUsernameInPassword(password: string, username: string): void {
  if (containsUsername(password, username)) throw new AppError(422, PASSWORD_CONTAINS_USERNAME);
}

/**
 * The login's own hotel or merchant name (docs/SECURITY.md "Passwords"), where the server knows it: 422 "The password
 * must not contain the hotel's name". `name` undefined (a back-office user, an owner not found) checks nothing.
 */
export function refuseOwnerNameInPassword(
  password: string,
  owner: { kind: 'hotel' | 'merchant'; name?: string } | undefined,
): void {
  if (owner?.name !== undefined && containsOwnerName(password, owner.name)) {
    throw new AppError(422, passwordContainsName(owner.kind));
  }
}
