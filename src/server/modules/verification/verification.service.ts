import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  CODE_EXPIRED,
  CODE_LENGTH,
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  CODES_PER_NUMBER_DAY,
  CODES_UNAVAILABLE,
  TOO_MANY_CODES_TODAY,
  TOO_MANY_WRONG_CODES,
  VERIFICATION_TOKEN_TTL_SECONDS,
  waitBeforeResend,
  wrongCode,
  type VerificationRequestInput,
  type VerificationVerifyInput,
} from '../../../shared/schemas/verification';
import type { Db } from '../../db/client';
import { startOfDay } from '../../platform/lib/business-time';
import { AppError } from '../../platform/lib/errors';
import type { ProviderMessenger } from '../../platform/messaging/messenger';
import { HOTEL_INACTIVE, HOTEL_NOT_FOUND } from '../customer-scans/customer-scans.service';
import { isHotelActive } from '../hotels/hotels.service';
import { hotels } from '../hotels/table';
import { enqueueMessage, getMessagingBudgets } from '../messages/messages.service';
import { verificationCodes, verificationDaySends } from './table';
import { issueVerificationToken } from './verification-token';

/**
 * Phone verification codes (docs/PRODUCT.md "Guest trust"). A code is 6 digits from the CSPRNG, kept only as an HMAC
 * keyed with the server's secret over the row's id and the code (6 digits are too few for a plain hash: anyone
 * reading the table could try them all). The rules of one number are serialised by an advisory lock on it, so the
 * 60 s pause (per purpose) and the 5 a day hold under concurrency; the budgets are conditional increments in the same transaction.
 * Nothing here reads scans: asking for a code or verifying one tells nothing about the number's stays.
 */

export interface CodeRequestContext {
  secret: string;
  messenger: ProviderMessenger;
  today: string;
  timeZone: string;
}

/** The stored form of a code: HMAC-SHA256 keyed with the server's secret over the row's id and the code. */
export const codeHashOf = (secret: string, id: string, code: string) =>
  createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');

const lockNumber = (tx: Db, mobile: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`verification:${mobile}`}, 0))`);

/** The hotel a claim or recovery is for must exist and take guests (the scan page's words otherwise). */
async function checkHotel(db: Db, hotelId: string, today: string): Promise<void> {
  const [hotel] = await db
    .select({ isActive: hotels.isActive, subscriptionEnd: hotels.subscriptionEnd })
    .from(hotels)
    .where(and(eq(hotels.id, hotelId), isNull(hotels.archivedAt)));
  if (!hotel) throw new AppError(404, HOTEL_NOT_FOUND);
  if (!isHotelActive(hotel, today)) throw new AppError(409, HOTEL_INACTIVE);
}

/**
 * Counts one code against a scope's budget for the day, only while it is under `limit` (one statement: two requests
 * at once cannot both take the last one). False when the budget is used up. Also the password reset's texts
 * (scope `password-reset`, docs/SECURITY.md "Forgot password").
 */
export async function takeBudget(tx: Db, scope: string, day: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const taken = await tx
    .insert(verificationDaySends)
    .values({ scope, day, sends: 1 })
    .onConflictDoUpdate({
      target: [verificationDaySends.scope, verificationDaySends.day],
      set: { sends: sql`${verificationDaySends.sends} + 1` },
      setWhere: sql`${verificationDaySends.sends} < ${limit}`,
    })
    .returning({ sends: verificationDaySends.sends });
  return taken.length === 1;
}

/**
 * POST /verification/request: checks the hotel, the provider, the number's pause and daily count, and the budgets,
 * then stores the code's hash and queues its message, all in one transaction. Answers the channel; the caller kicks
 * the outbox.
 */
export async function requestCode(
  db: Db,
  input: VerificationRequestInput,
  context: CodeRequestContext,
): Promise<{ channel: ProviderMessenger['channel'] }> {
  const hotelId = input.hotel_id ?? null;
  if (hotelId) await checkHotel(db, hotelId, context.today);
  if (!context.messenger.canSendCodes) throw new AppError(503, CODES_UNAVAILABLE);
  await db.transaction(async (tx) => {
    await lockNumber(tx, input.mobile_number);
    const [last] = await tx
      .select({ ageSeconds: sql<number>`extract(epoch from now() - ${verificationCodes.createdAt})::float8` })
      .from(verificationCodes)
      // The pause is per purpose: a guest who has just proven the number for a claim may ask at once for a code to
      // see their data on another phone; the 5 a day still bound the texts.
      .where(and(eq(verificationCodes.mobileNumber, input.mobile_number), eq(verificationCodes.purpose, input.purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last && last.ageSeconds < CODE_RESEND_SECONDS)
      throw new AppError(429, waitBeforeResend(Math.max(1, Math.ceil(CODE_RESEND_SECONDS - last.ageSeconds))));
    const today = await tx.$count(
      verificationCodes,
      and(
        eq(verificationCodes.mobileNumber, input.mobile_number),
        gte(verificationCodes.createdAt, startOfDay(context.today, context.timeZone)),
      ),
    );
    if (today >= CODES_PER_NUMBER_DAY) throw new AppError(429, TOO_MANY_CODES_TODAY);
    const budgets = await getMessagingBudgets(tx);
    // The hotel's first, then the programme's: a refusal rolls both back.
    if (hotelId && !(await takeBudget(tx, hotelId, context.today, budgets.codesPerHotelDay)))
      throw new AppError(503, CODES_UNAVAILABLE);
    if (!(await takeBudget(tx, 'programme', context.today, budgets.codesPerDay)))
      throw new AppError(503, CODES_UNAVAILABLE);

    const id = randomUUID();
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    await tx.insert(verificationCodes).values({
      id,
      mobileNumber: input.mobile_number,
      purpose: input.purpose,
      hotelId,
      codeHash: codeHashOf(context.secret, id, code),
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    });
    await enqueueMessage(tx, {
      subject: id,
      kind: 'verification_code',
      channel: context.messenger.channel,
      recipient: input.mobile_number,
      params: { code },
      hotelId,
    });
  });
  return { channel: context.messenger.channel };
}

type VerifyOutcome = { ok: true } | { ok: false; status: 422 | 429; detail: string };

/**
 * POST /verification/verify: the number's latest code of this purpose and hotel is checked. A wrong code counts a
 * try (kept even though the answer is a refusal); the 5th spends the code. A right code is spent too (it verifies
 * once) and answers a verification token.
 */
export async function verifyCode(
  db: Db,
  input: VerificationVerifyInput,
  secret: string,
): Promise<{ token: string; expiresIn: number }> {
  const hotelId = input.hotel_id ?? null;
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    await lockNumber(tx, input.mobile_number);
    const [code] = await tx
      .select({
        id: verificationCodes.id,
        codeHash: verificationCodes.codeHash,
        tries: verificationCodes.tries,
        verifiedAt: verificationCodes.verifiedAt,
        expired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
      })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.mobileNumber, input.mobile_number),
          eq(verificationCodes.purpose, input.purpose),
          hotelId ? eq(verificationCodes.hotelId, hotelId) : isNull(verificationCodes.hotelId),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!code || code.verifiedAt !== null || code.expired) return { ok: false, status: 422, detail: CODE_EXPIRED };
    if (code.tries >= CODE_MAX_TRIES) return { ok: false, status: 429, detail: TOO_MANY_WRONG_CODES };
    const expected = Buffer.from(code.codeHash, 'hex');
    const given = Buffer.from(codeHashOf(secret, code.id, input.code), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await tx
        .update(verificationCodes)
        .set({ verifiedAt: sql`now()` })
        .where(eq(verificationCodes.id, code.id));
      return { ok: true };
    }
    const tries = code.tries + 1;
    await tx.update(verificationCodes).set({ tries }).where(eq(verificationCodes.id, code.id));
    if (tries >= CODE_MAX_TRIES) return { ok: false, status: 429, detail: TOO_MANY_WRONG_CODES };
    return { ok: false, status: 422, detail: wrongCode(CODE_MAX_TRIES - tries) };
  });
  if (!outcome.ok) throw new AppError(outcome.status, outcome.detail);
  const token = await issueVerificationToken({ mobile: input.mobile_number, purpose: input.purpose, hotelId }, secret);
  return { token, expiresIn: VERIFICATION_TOKEN_TTL_SECONDS };
}
