import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_REFUSED,
  RESET_CODE_TTL_SECONDS,
} from '../../../shared/schemas/password-reset';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/lib/errors';
import { hashPassword, refuseOwnerNameInPassword } from '../../platform/lib/passwords';
import type { OutgoingMail } from '../../platform/mail/mailer';
import type { ProviderMessenger } from '../../platform/messaging/messenger';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';
import { enqueueMessage, getMessagingBudgets } from '../messages/messages.service';
import { ownerNameOf } from '../users/owner-name';
import { findLoginByUsername, setPasswordHash } from '../users/users.service';
import { users } from '../users/table';
import { codeHashOf, takeBudget } from '../verification/verification.service';
import { passwordResetCodes } from './table';

/**
 * "Forgot password" (docs/SECURITY.md "Forgot password"). A hotel login or a merchant's owner gets a 6-digit code by
 * the message provider at its hotel's or merchant's contact number, a merchant's staff login at the mobile its owner
 * gave it (Staff; without one it asks its owner); a back-office user by e-mail at users.email. Whatever the case, the request's
 * answer is the same, and so is a refused confirmation: nobody learns which usernames exist.
 */

/** Where a login's code goes: its registered mobile or e-mail, or nowhere. */
export type ResetChannel = { kind: 'mobile'; to: string } | { kind: 'email'; to: string } | { kind: 'none' };

/**
 * A 10-digit Indian mobile number from a contact number as typed ("+91 98450 12345", "098450-12345"), or undefined
 * for a landline or anything else a text cannot reach.
 */
export function mobileOf(contact: string | null | undefined): string | undefined {
  const digits = (contact ?? '').replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

type ResetLogin = NonNullable<Awaited<ReturnType<typeof findLoginByUsername>>>;

/** The login's registered mobile (hotel, merchant owner, a staff login's own) or e-mail (back office). */
async function channelOf(db: Db, login: ResetLogin): Promise<ResetChannel> {
  if (login.userType === 'superadmin') {
    const email = login.email?.trim();
    return email && email.includes('@') ? { kind: 'email', to: email } : { kind: 'none' };
  }
  let contact: string | undefined;
  if (login.userType === 'hotel' && login.hotelId) {
    const [hotel] = await db.select({ contact: hotels.contactNumber }).from(hotels).where(eq(hotels.id, login.hotelId));
    contact = hotel?.contact;
  } else if (login.userType === 'merchant' && login.merchantRole === 'owner' && login.merchantId) {
    const [merchant] = await db
      .select({ contact: merchants.contactNumber })
      .from(merchants)
      .where(eq(merchants.id, login.merchantId));
    contact = merchant?.contact;
  } else if (login.userType === 'merchant') {
    // A supervisor or cashier: its own mobile, when its owner gave one (Staff).
    const [staff] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, login.id));
    contact = staff?.mobile ?? undefined;
  }
  const mobile = mobileOf(contact);
  return mobile ? { kind: 'mobile', to: mobile } : { kind: 'none' };
}

export interface ResetRequestContext {
  secret: string;
  messenger: ProviderMessenger;
  /** Whether the mailer may carry a code (not the log mailer in production). */
  canMailCodes: boolean;
  audit: AuditContext;
  /** The business day (YYYY-MM-DD) whose texts budget a code counts against. */
  today: string;
}

/** The daily budget scope of reset texts: their own, the size of the guests' programme budget, so neither eats the other. */
const RESET_TEXTS_SCOPE = 'password-reset';

/** The e-mail a back-office user receives: the code and what to do with it; never a password. */
export const resetMail = (to: string, username: string, code: string): OutgoingMail => ({
  to,
  subject: 'Your StayPerks password reset code',
  text: [
    `Someone asked to reset the password of the StayPerks login ${username}.`,
    '',
    `Your code: ${code}`,
    '',
    `Enter it on the "Forgot password?" page within ${RESET_CODE_TTL_SECONDS / 60} minutes, with your new password.`,
    'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ].join('\n'),
});

/**
 * POST /auth/password-reset/request: for an existing login with somewhere to send it, replaces its code with a new
 * one (kept only as a keyed hash) and, for a mobile, queues the provider's code message in the same transaction.
 * Answers the e-mail to send once the answer has gone (so a slow mail server neither delays nor tells anything), or
 * nothing. Audited on the login, with the channel but never the code.
 */
export async function requestReset(
  db: Db,
  username: string,
  context: ResetRequestContext,
): Promise<OutgoingMail | undefined> {
  const login = await findLoginByUsername(db, username);
  if (!login) return undefined;
  const channel = await channelOf(db, login);
  const sendable =
    channel.kind === 'mobile' ? context.messenger.canSendCodes : channel.kind === 'email' && context.canMailCodes;
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  return db.transaction(async (tx) => {
    // One live code per login: the new one replaces any other (its tries start again, bounded by the rate limits).
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, login.id));
    // Texts cost money: past the day's budget nothing is sent (and the answer reads the same).
    const sent =
      sendable &&
      (channel.kind !== 'mobile' ||
        (await takeBudget(tx, RESET_TEXTS_SCOPE, context.today, (await getMessagingBudgets(tx)).codesPerDay)));
    if (sent) {
      await tx.insert(passwordResetCodes).values({
        id,
        userId: login.id,
        codeHash: codeHashOf(context.secret, id, code),
        expiresAt: sql`now() + make_interval(secs => ${RESET_CODE_TTL_SECONDS})`,
      });
      if (channel.kind === 'mobile')
        await enqueueMessage(tx, {
          subject: id,
          kind: 'verification_code',
          channel: context.messenger.channel,
          recipient: channel.to,
          params: { code },
        });
    }
    await recordAudit(tx, context.audit, {
      action: 'user.password_reset_request',
      entity: 'user',
      entityId: login.id,
      after: {
        username: login.username,
        sent_by: sent ? channel.kind : 'none',
        ...(sendable && !sent && { reason: 'daily text budget used up' }),
      },
    });
    return sent && channel.kind === 'email' ? resetMail(channel.to, login.username, code) : undefined;
  });
}

/** The retention job (docs/PRIVACY.md): expired codes, spent or not, serve nothing. Answers how many. */
export async function deleteExpiredResetCodes(db: Db): Promise<number> {
  const deleted = await db
    .delete(passwordResetCodes)
    .where(lt(passwordResetCodes.expiresAt, sql`now()`))
    .returning({ id: passwordResetCodes.id });
  return deleted.length;
}

/**
 * POST /auth/password-reset/confirm: the login's live code takes one try, counted in the same statement that checks
 * the code is live and under 5 tries (a burst of guesses cannot pass the limit); the right code is spent (deleted, so
 * a second confirmation in parallel finds none), the password set and every session of the login ended, in one
 * transaction, audited. Every refusal, an unknown username's too, is the same 422.
 */
export async function confirmReset(
  db: Db,
  input: { username: string; code: string; new_password: string },
  secret: string,
  audit: AuditContext,
): Promise<void> {
  // Hashed first, for every caller alike: the answer takes as long whether the username exists or not.
  const passwordHash = await hashPassword(input.new_password);
  const login = await findLoginByUsername(db, input.username);
  const owner = login && (await ownerNameOf(db, login));
  const done =
    login !== undefined &&
    (await db.transaction(async (tx) => {
      const [live] = await tx
        .update(passwordResetCodes)
        .set({ tries: sql`${passwordResetCodes.tries} + 1` })
        .where(
          and(
            eq(passwordResetCodes.userId, login.id),
            lt(passwordResetCodes.tries, RESET_CODE_MAX_TRIES),
            gt(passwordResetCodes.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
      if (!live) return false;
      const expected = Buffer.from(live.codeHash, 'hex');
      const given = Buffer.from(codeHashOf(secret, live.id, input.code), 'hex');
      if (!(expected.length === given.length && timingSafeEqual(expected, given))) return false;
      // Only past the right code, so the name rule tells a guesser nothing; the refusal rolls the try back, and the
      // code stays live for a password without the name (docs/SECURITY.md "Passwords").
      refuseOwnerNameInPassword(input.new_password, owner);
      const spent = await tx
        .delete(passwordResetCodes)
        .where(eq(passwordResetCodes.id, live.id))
        .returning({ id: passwordResetCodes.id });
      if (spent.length === 0 || (await setPasswordHash(tx, login.id, passwordHash)) === undefined) return false;
      await recordAudit(
        tx,
        { ...audit, actor: { id: login.id, username: login.username } },
        {
          action: 'user.password_reset_code',
          entity: 'user',
          entityId: login.id,
          after: { username: login.username },
        },
      );
      return true;
    }));
  if (!done) throw new AppError(422, RESET_CODE_REFUSED);
}
