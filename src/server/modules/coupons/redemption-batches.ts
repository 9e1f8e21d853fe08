import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { statementBatches } from '../../platform/lib/statement-batches';
import { liveMerchantLogin } from '../users/sessions.service';
import { sessions, users } from '../users/table';
import { redeemedCoupon, type RedeemedCoupon } from './coupons.service';
import { redemptionStatement, requestsCte } from './redemption.statement';

/** A merchant token's claims (areas/merchant-area/counter-fast-path.ts). */
export interface MerchantToken {
  userId: string;
  sid: string;
  sv: number;
  merchantId: string;
}

/** A plain redemption at the counter by token: a code, perhaps a bill, no "Redeem anyway", counted wrong codes. */
export interface TokenRedemption {
  token: MerchantToken;
  code: string;
  billAmount: number | null;
  /** The merchant's wrong-code count for the statement; null when it was checked in memory (PGlite). */
  wrongCodes: { key: string; limit: number } | null;
  address: string | null;
  /** The business day it is redeemed on. */
  today: string;
}

export type TokenRedemptionResult = { coupon: RedeemedCoupon; lastSeenAt: Date } | undefined;

const perDatabase = new WeakMap<Db, ReturnType<typeof createRedemptionBatches>>();

/**
 * The counter's plain redemptions, in batches (platform/lib/statement-batches.ts; docs/COUNTER.md "Redemption in batches"): one
 * statement redeems every attempt waiting, each still its own atomic `NOT is_redeemed` update with the same
 * conditions, events and answer as alone (redemption.statement.ts); two attempts at one code never share a batch. At
 * 20 a batch the database's CPU a redemption is a third of one alone.
 */
export function redemptionBatches(db: Db) {
  let batches = perDatabase.get(db);
  if (!batches) perDatabase.set(db, (batches = createRedemptionBatches(db)));
  return batches;
}

function createRedemptionBatches(db: Db) {
  const batches = statementBatches<TokenRedemption, TokenRedemptionResult>({
    keyOf: (attempt) => attempt.code,
    async run(attempts) {
      const rows = await prepared(db, 'redeem_vouchers', batchStatement).execute({ attempts: attemptsJson(attempts) });
      const byNumber = new Map(rows.map((row) => [Number(row.n), row]));
      return attempts.map((_, i) => {
        const row = byNumber.get(i + 1);
        return row && { coupon: redeemedCoupon(row), lastSeenAt: row.lastSeenAt };
      });
    },
  });
  return {
    /** Redeems as redeemCoupon does, checking the session the token names; undefined when nothing changed. */
    redeem: (attempt: TokenRedemption): Promise<TokenRedemptionResult> => batches.submit(attempt),
  };
}

/** The batch as the statement reads it: a JSON array, an object per attempt. */
const attemptsJson = (batch: readonly TokenRedemption[]) =>
  JSON.stringify(
    batch.map((a) => ({
      code: a.code,
      merchantId: a.token.merchantId,
      userId: a.token.userId,
      sessionId: a.token.sid,
      sessionVersion: a.token.sv,
      bill: a.billAmount,
      address: a.address,
      limitKey: a.wrongCodes?.key ?? null,
      limit: a.wrongCodes?.limit ?? 0,
      today: a.today,
    })),
  );

/**
 * redemptionStatement over a batch: `requests` is one row per attempt whose token's login is still in use (the same
 * conditions findSessionUser signs a login in with, in the same snapshot as the redemption), numbered as sent.
 */
function batchStatement(db: Db) {
  // A JSON array rather than arrays of each field: PostgreSQL's generic plan assumes ten elements in an array it
  // cannot see, so a batch of fewer looked cheaper planned anew, and was (1.5 ms of its CPU); it assumes as many
  // elements in a JSON array whatever it holds, so the plan is kept (db/prepared.ts).
  const field = (name: string) => sql.raw(`(b.attempt->>'${name}')`);
  const requests = requestsCte(
    db,
    sql`select r.code, r.merchant_id, r.user_id, ${users.username} as username, r.bill, null::text as override,
        null::timestamptz as at, null::text as nonce, r.address, r.limit_key, r.wrong_limit, r.today, r.n,
        ${sessions.lastSeenAt} as last_seen_at
      from (select ${field('code')} as code, ${field('merchantId')}::uuid as merchant_id,
          ${field('userId')}::uuid as user_id, ${field('sessionId')}::uuid as session_id,
          ${field('sessionVersion')}::int as session_version, ${field('bill')}::numeric as bill,
          ${field('address')} as address, ${field('limitKey')} as limit_key, ${field('limit')}::int as wrong_limit,
          ${field('today')}::date as today, b.n
        from jsonb_array_elements(${sql.placeholder('attempts')}::jsonb) with ordinality as b(attempt, n)) r
      join ${sessions} on ${sessions.id} = r.session_id
      join ${users} on ${users.id} = ${sessions.userId}
      where ${liveMerchantLogin({
        sessionId: sql`r.session_id`,
        userId: sql`r.user_id`,
        sessionVersion: sql`r.session_version`,
        merchantId: sql`r.merchant_id`,
      })}`,
  );
  return redemptionStatement(db, requests).prepare('redeem_vouchers');
}
