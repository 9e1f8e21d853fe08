import { hash, verify } from '@node-rs/argon2';
import { containsUsername, PASSWORD_CONTAINS_USERNAME } from '../../../shared/schemas/passwords';
import { AppError } from './errors';

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
