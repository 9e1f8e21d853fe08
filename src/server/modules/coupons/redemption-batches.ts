import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arrayLiteral, paddedColumn, quotedArrayLiteral } from '../../db/array-literal';
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

/**
 * The counter's plain redemptions, in batches (platform/lib/statement-batches.ts; docs/COUNTER.md "Redemption in
 * batches"): one statement redeems every attempt waiting, each still its own atomic `NOT is_redeemed` update with the
 * same conditions, events and answer as alone (redemption.statement.ts); two attempts at one code never share a batch.
 * At 20 a batch the database's CPU a redemption is a third of one alone. Redeems as redeemCoupon does, checking the
 * session the token names; undefined when nothing changed.
 */
export function redeemInBatch(db: Db, attempt: TokenRedemption): Promise<TokenRedemptionResult> {
  return statementBatches(db, 'redeem_vouchers', () => ({
    keysOf: (attempt: TokenRedemption) => [attempt.code],
    async run(attempts: readonly TokenRedemption[]): Promise<TokenRedemptionResult[]> {
      const rows = await prepared(db, 'redeem_vouchers', batchStatement).execute(valuesOf(attempts));
      const byNumber = new Map(rows.map((row) => [Number(row.n), row]));
      return attempts.map((_, i) => {
        const row = byNumber.get(i + 1);
        return row && { coupon: redeemedCoupon(row), lastSeenAt: row.lastSeenAt };
      });
    },
  })).submit(attempt);
}

/**
 * The placeholders' values: an array literal per field, an element per attempt, padded with nulls (which match
 * nothing; db/array-literal.ts paddedColumn).
 */
function valuesOf(batch: readonly TokenRedemption[]) {
  const column = <T extends string | number | null>(of: (attempt: TokenRedemption) => T) => paddedColumn(batch, of);
  return {
    codes: quotedArrayLiteral(column((a) => a.code)),
    merchantIds: arrayLiteral(column((a) => a.token.merchantId)),
    userIds: arrayLiteral(column((a) => a.token.userId)),
    sessionIds: arrayLiteral(column((a) => a.token.sid)),
    sessionVersions: arrayLiteral(column((a) => a.token.sv)),
    bills: arrayLiteral(column((a) => a.billAmount)),
    addresses: quotedArrayLiteral(column((a) => a.address)),
    limitKeys: quotedArrayLiteral(column((a) => a.wrongCodes?.key ?? null)),
    limits: arrayLiteral(column((a) => a.wrongCodes?.limit ?? 0)),
    days: arrayLiteral(column((a) => a.today)),
  };
}

/**
 * redemptionStatement over a batch: `requests` is one row per attempt whose token's login is still in use (the same
 * conditions findSessionUser signs a login in with, in the same snapshot as the redemption), numbered as sent.
 */
function batchStatement(db: Db) {
  const requests = requestsCte(
    db,
    sql`select r.code, r.merchant_id, r.user_id, ${users.username} as username, r.bill, null::text as override,
        null::timestamptz as at, null::text as nonce, r.address, r.limit_key, r.wrong_limit, r.today, r.n,
        ${sessions.lastSeenAt} as last_seen_at
      from unnest(${sql.placeholder('codes')}::text[], ${sql.placeholder('merchantIds')}::uuid[],
        ${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('sessionIds')}::uuid[],
        ${sql.placeholder('sessionVersions')}::int[], ${sql.placeholder('bills')}::numeric[],
        ${sql.placeholder('addresses')}::text[], ${sql.placeholder('limitKeys')}::text[],
        ${sql.placeholder('limits')}::int[], ${sql.placeholder('days')}::date[])
        with ordinality as r(code, merchant_id, user_id, session_id, session_version, bill, address, limit_key,
          wrong_limit, today, n)
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
