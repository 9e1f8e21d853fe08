import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../platform/lib/errors';
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
  wrongCodes: { key: string; limit: number };
  address: string | null;
}

export type TokenRedemptionResult = { coupon: RedeemedCoupon; lastSeenAt: Date } | undefined;

/**
 * At most this many attempts in one statement: a batch's statement time grows with it, and one of this size takes a
 * few milliseconds (README "Performance", round 13).
 */
const MAX_BATCH = 100;
/**
 * The batch's arrays are padded to this length with attempts that match nothing: PostgreSQL's generic plan assumes
 * ten elements in an array it cannot see, so a shorter batch's custom plan would look cheaper and the statement
 * would be planned again on every run (db/prepared.ts; 1.5 ms of its CPU), the case of a quiet counter.
 */
const PADDED_LENGTH = 10;
/** A batch running this long no longer holds the next back (a row lock held elsewhere, say), up to MAX_RUNNING. */
const STALLED_MS = 100;
const MAX_RUNNING = 4;
/** An attempt waiting this long is answered 503, as the pool answers a request waiting for a connection (client.ts). */
const MAX_WAIT_MS = 5_000;

interface Pending {
  attempt: TokenRedemption;
  /** When it was queued (Date.now()). */
  since: number;
  resolve: (result: TokenRedemptionResult) => void;
  reject: (error: unknown) => void;
}

const perDatabase = new WeakMap<Db, ReturnType<typeof createRedemptionBatches>>();

/**
 * The counter's plain redemptions, in batches (docs/COUNTER.md "Redemption in batches"): one statement redeems every
 * attempt waiting, each still its own atomic `NOT is_redeemed` update with the same conditions, events and answer as
 * alone (redemption.statement.ts). One batch runs at a time on each server (two batches of one server never wait
 * for each other's locks); attempts arriving meanwhile wait for the next, so a quiet counter's redemption runs at
 * once, alone, and a busy one's share a round trip, a plan and a commit (a third of the database's CPU a redemption
 * at 20 a batch). A batch held up (dispatch) lets others start. PostgreSQL only (the fast path's condition).
 */
export function redemptionBatches(db: Db) {
  let batches = perDatabase.get(db);
  if (!batches) perDatabase.set(db, (batches = createRedemptionBatches(db)));
  return batches;
}

function createRedemptionBatches(db: Db) {
  const queue: Pending[] = [];
  /** When each batch running started, and the codes in them. */
  const running = new Set<number>();
  const codesRunning = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  /** Runs `batch` as one statement; each attempt is answered its row, or undefined when it changed nothing. */
  async function run(batch: Pending[], today: string): Promise<void> {
    const rows = await statementFor(db).execute(valuesOf(batch, today));
    const byNumber = new Map(rows.map((row) => [Number(row.n), row]));
    batch.forEach((pending, i) => {
      const row = byNumber.get(i + 1);
      if (!row) return pending.resolve(undefined);
      pending.resolve({ coupon: redeemedCoupon(row), lastSeenAt: row.lastSeenAt });
    });
  }

  async function runBatch(batch: Pending[], today: string): Promise<void> {
    try {
      await run(batch, today);
    } catch (error) {
      // With the database gone, every attempt waiting is answered now (503), not after a batch each.
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const pending of [...batch, ...queue.splice(0)]) pending.reject(error);
        return;
      }
      // A batch fails whole (a deadlock with another server's batch on the funnel's counters, say): each is tried
      // alone, and only its own failure answers it.
      await Promise.all(batch.map((pending) => run([pending], today).catch(pending.reject)));
    }
  }

  /**
   * Starts the next batch when none is running, or when the newest running one has been held up for STALLED_MS (a
   * row lock, say) and fewer than MAX_RUNNING are: the attempts waiting, at most one per code and none of a code in
   * a running batch. Attempts that waited MAX_WAIT_MS are answered 503, as a request waiting that long for a pooled
   * connection is.
   */
  function dispatch(today: () => string) {
    const now = Date.now();
    const overdue = queue.filter((pending) => now - pending.since >= MAX_WAIT_MS);
    if (overdue.length) {
      queue.splice(0, queue.length, ...queue.filter((pending) => !overdue.includes(pending)));
      for (const pending of overdue) pending.reject(waitedTooLong());
    }
    if (queue.length === 0) return;
    const newest = Math.max(...running);
    if (running.size >= MAX_RUNNING || (running.size > 0 && now - newest < STALLED_MS)) {
      // Looked at again when the newest batch counts as held up (or when a batch ends, whichever is first).
      timer ??= setTimeout(
        () => {
          timer = undefined;
          dispatch(today);
        },
        running.size >= MAX_RUNNING ? STALLED_MS : STALLED_MS - (now - newest),
      ).unref();
      return;
    }
    const batch: Pending[] = [];
    const later: Pending[] = [];
    for (const pending of queue) {
      // The same code twice waits for the next batch, where it finds the code redeemed (or not) as alone.
      if (batch.length === MAX_BATCH || codesRunning.has(pending.attempt.code)) later.push(pending);
      else {
        codesRunning.add(pending.attempt.code);
        batch.push(pending);
      }
    }
    queue.splice(0, queue.length, ...later);
    if (batch.length === 0) return;
    const started = now;
    running.add(started);
    void runBatch(batch, today()).finally(() => {
      running.delete(started);
      for (const pending of batch) codesRunning.delete(pending.attempt.code);
      dispatch(today);
    });
  }

  return {
    /** Redeems as redeemCoupon does, checking the session the token names; undefined when nothing changed. */
    redeem(attempt: TokenRedemption, today: () => string): Promise<TokenRedemptionResult> {
      return new Promise<TokenRedemptionResult>((resolve, reject) => {
        queue.push({ attempt, resolve, reject, since: Date.now() });
        dispatch(today);
      });
    },
  };
}

/** A redemption that waited MAX_WAIT_MS for its batch: 503 with the database's plain message (too many connections). */
const waitedTooLong = () =>
  Object.assign(new Error('The redemption waited too long for the database'), { code: '53300' });

/** The placeholders' values: one array element per attempt, padded (PADDED_LENGTH); the business day for all. */
function valuesOf(batch: readonly Pending[], today: string) {
  const length = Math.max(batch.length, PADDED_LENGTH);
  const column = <T>(of: (attempt: TokenRedemption) => T) =>
    Array.from({ length }, (_, i) => (i < batch.length ? of(batch[i]!.attempt) : null));
  return {
    codes: column((a) => a.code),
    merchantIds: column((a) => a.token.merchantId),
    userIds: column((a) => a.token.userId),
    sessionIds: column((a) => a.token.sid),
    sessionVersions: column((a) => a.token.sv),
    bills: column((a) => a.billAmount),
    addresses: column((a) => a.address),
    limitKeys: column((a) => a.wrongCodes.key),
    limits: column((a) => a.wrongCodes.limit),
    today,
  };
}

const statements = new WeakMap<Db, ReturnType<typeof batchStatement>>();
const statementFor = (db: Db) => {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = batchStatement(db)));
  return statement;
};

/**
 * redemptionStatement over a batch: `requests` is one row per attempt whose token's login is still in use (the same
 * conditions findSessionUser signs a login in with, in the same snapshot as the redemption), numbered as sent.
 */
function batchStatement(db: Db) {
  const requests = requestsCte(
    db,
    sql`select r.code, r.merchant_id, r.user_id, ${users.username} as username, r.bill, null::text as override,
        null::timestamptz as at, null::text as nonce, r.address, r.limit_key, r.wrong_limit, r.n,
        ${sessions.lastSeenAt} as last_seen_at
      from unnest(${sql.placeholder('codes')}::text[], ${sql.placeholder('merchantIds')}::uuid[],
        ${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('sessionIds')}::uuid[],
        ${sql.placeholder('sessionVersions')}::int[], ${sql.placeholder('bills')}::numeric[],
        ${sql.placeholder('addresses')}::text[], ${sql.placeholder('limitKeys')}::text[],
        ${sql.placeholder('limits')}::int[])
        with ordinality as r(code, merchant_id, user_id, session_id, session_version, bill, address, limit_key,
          wrong_limit, n)
      join ${sessions} on ${sessions.id} = r.session_id
      join ${users} on ${users.id} = ${sessions.userId}
      where ${liveMerchantLogin({
        sessionId: sql`r.session_id`,
        userId: sql`r.user_id`,
        sessionVersion: sql`r.session_version`,
        merchantId: sql`r.merchant_id`,
      })}`,
  );
  return redemptionStatement(db, requests, sql`${sql.placeholder('today')}::date`).prepare('redeem_vouchers');
}
