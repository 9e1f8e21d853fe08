import { createHash } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../lib/errors';

/**
 * Rate limits (docs/OPERATING.md, "Rate limits"). With PostgreSQL they are counted in the `rate_limits` table
 * (rate-limiter-flexible's layout, created by our migrations), so a limit reached through one server holds on
 * every server; with PGlite (one server by design) they are counted in memory.
 *
 * A window starts at a key's first event and lasts `duration` seconds; once `points` events are used up the key
 * gets 429 with the limit's own detail and a Retry-After header until the window ends.
 */
export interface LimiterOptions {
  /** Names the limit; keys of different limits never mix. */
  keyPrefix: string;
  /** Events allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** The 429 detail, given the wait, e.g. "15 minutes". */
  message: (wait: string) => string;
}

export interface Limiter {
  /**
   * Counts one event and answers how many the key has used in this window; throws the 429 once that passes
   * `limit` (default `points`; a lower one tightens the limit for this call, e.g. while an account is under attack).
   */
  consume(key: string, limit?: number): Promise<number>;
  /** Throws the 429 when the key has none left, counting nothing (e.g. before checking a password). */
  check(key: string): Promise<void>;
  /** Counts events without throwing (e.g. after a wrong password). */
  penalty(key: string, points?: number): Promise<void>;
  /** Gives counted events back (e.g. an attempt counted before its password was checked, which was right). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets the key (e.g. after a right password). */
  reset(key: string): Promise<void>;
  /**
   * The key's row in `rate_limits` (its `points` and `expire`, in milliseconds) when counted in PostgreSQL, for a
   * statement that reads the count itself instead of asking first; undefined when counted in memory.
   */
  storedKey(key: string): string | undefined;
}

/** The PostgreSQL pool to count in; undefined (PGlite) counts in this process's memory. */
export type RateLimitStore = pg.Pool | undefined;

export function createLimiter(store: RateLimitStore, options: LimiterOptions): Limiter {
  const base = { keyPrefix: options.keyPrefix, points: options.points, duration: options.duration };
  const limiter: RateLimiterAbstract = store
    ? // tableCreated: the table comes from our migrations. The library deletes long-expired rows every 5 minutes.
      new RateLimiterPostgres({
        ...base,
        storeClient: store,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
      })
    : new RateLimiterMemory(base);

  const tooMany = (msBeforeNext: number) => tooManyFor(options, msBeforeNext);

  return {
    async consume(key, limit = options.points) {
      let res: RateLimiterRes;
      try {
        res = await limiter.consume(hashed(key));
      } catch (error) {
        // A RateLimiterRes means "used up"; anything else is the store failing and goes up as it is.
        throw error instanceof RateLimiterRes ? tooMany(error.msBeforeNext) : error;
      }
      if (res.consumedPoints > limit) throw tooMany(res.msBeforeNext);
      return res.consumedPoints;
    },
    async check(key) {
      const res = await limiter.get(hashed(key));
      if (res && res.consumedPoints >= options.points) throw tooMany(res.msBeforeNext);
    },
    async penalty(key, points = 1) {
      await limiter.penalty(hashed(key), points);
    },
    async reward(key, points = 1) {
      await limiter.reward(hashed(key), points);
    },
    async reset(key) {
      await limiter.delete(hashed(key));
    },
    storedKey: (key) => (store ? limiter.getKey(hashed(key)) : undefined),
  };
}

/** The limit's 429, with the wait until its window ends. */
function tooManyFor(options: LimiterOptions, msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(429, options.message(`${minutes} minute${minutes === 1 ? '' : 's'}`), {
    'Retry-After': String(seconds),
  });
}

// Keys are hashed: they fit the 255-character column whatever the caller sent, and the table holds no usernames.
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Limits counted together, one key each (createLimiterGroup). */
export interface LimiterGroup {
  /**
   * One event under each limit's key (in the limits' order), counted in a statement the caller makes anyway
   * (PostgreSQL): the count to put in it. Undefined when it was counted now (in memory, PGlite), throwing the 429 of the
   * first limit passed. A public write whose cost is mostly its round trips saves one (README "Performance", round 9).
   */
  countAlong(keys: readonly string[]): Promise<GroupCount | undefined>;
}

/**
 * A group's count for another statement: `rows` to upsert (groupBatchUpsert, with other events' rows), and `verdict`
 * given what the upsert returned (as JSON rows, its own among them), which throws the 429 of the first limit passed.
 * A statement that runs the upsert must call `verdict` before anything else.
 */
export interface GroupCount {
  /** The rows this event counts, in key order (`expire` in epoch ms). */
  rows: readonly { key: string; expire: number }[];
  verdict(rows: readonly CountedRow[]): void;
}

/** A `rate_limits` row as the group's upsert returns it (expire: epoch ms). */
export interface CountedRow {
  key: string;
  points: number;
  expire: string | number;
}

/**
 * Several limits counted for one event, each under its own key (a scan submission's address and its number). With
 * PostgreSQL in one statement: one round trip instead of one per limit, on a public write whose cost is mostly its
 * round trips (README "Performance"), and in a statement of the caller's, none of its own. The same rows, windows and counts as
 * createLimiter's consume (rate-limiter-flexible's layout: key "<keyPrefix>:<hashed key>", points, expire in epoch
 * ms), so the limits hold across servers alike; rows are written in key order, so two groups never wait for each
 * other in a circle. Every limit is counted, even when an earlier one refuses, as separate limiters consumed together
 * would be.
 */
export function createLimiterGroup(store: RateLimitStore, limits: readonly LimiterOptions[]): LimiterGroup {
  if (!store) {
    const each = limits.map((options) => createLimiter(undefined, options));
    return {
      async countAlong(keys) {
        const counted = await Promise.allSettled(each.map((limiter, i) => limiter.consume(keys[i]!)));
        const refused = counted.find((result) => result.status === 'rejected');
        if (refused) throw refused.reason;
        return undefined;
      },
    };
  }
  const count = (keys: readonly string[]): GroupCount => {
    const now = Date.now();
    const stored = limits.map((options, i) => `${options.keyPrefix}:${hashed(keys[i]!)}`);
    const inKeyOrder = limits.map((options, i) => ({ key: stored[i]!, expire: now + options.duration * 1000 }));
    inKeyOrder.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return {
      rows: inKeyOrder,
      verdict(rows) {
        const counted = new Map(rows.map((row) => [row.key, row]));
        // The first limit passed, in the limits' order, answers.
        limits.forEach((options, i) => {
          const row = counted.get(stored[i]!)!;
          if (row.points > options.points) throw tooManyFor(options, Number(row.expire) - now);
        });
      },
    };
  };
  return { countAlong: (keys) => Promise.resolve(count(keys)) };
}

/**
 * The counts of events (a batch of submissions, each its group's keys): placeholders `limit_keys` and `limit_expires`
 * (arrays: the events' GroupCount `rows`, one after another, nulls ignored) and `limit_now`, at which a window that
 * has ended starts again with this event. Rows are written in key order over the whole batch, so two batches never
 * wait for each other in a circle. No key may appear twice (a row is updated once a statement): a batch holds one
 * event a key.
 */
export function groupBatchUpsert(): SQL {
  const now = () => sql.placeholder('limit_now');
  return sql`insert into rate_limits (key, points, expire)
    select k, 1, e from unnest(${sql.placeholder('limit_keys')}::text[], ${sql.placeholder('limit_expires')}::bigint[])
      as u(k, e) where k is not null order by k
    on conflict (key) do update set
      points = case when rate_limits.expire <= ${now()} then 1 else rate_limits.points + 1 end,
      expire = case when rate_limits.expire <= ${now()} then excluded.expire else rate_limits.expire end
    returning key, points, expire`;
}

/**
 * The caller's address, for rate limits. Behind `trustProxy` proxies (TRUST_PROXY) it is read from
 * X-Forwarded-For: each proxy appends the address it saw, so the entry `trustProxy` places from the right is the
 * one our outermost proxy saw; anything further left was sent by the caller and could be forged. Otherwise it is
 * the socket's address ('local' under app.request() in tests, which has no socket).
 */
export function clientAddress(c: Context, trustProxy = 0): string {
  const forwarded = forwardedByProxy(c, 'x-forwarded-for', trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

/**
 * The value our outermost proxy set in an X-Forwarded-* header, behind `trustProxy` proxies (TRUST_PROXY): each proxy
 * appends what it saw, so it is the entry `trustProxy` places from the right; anything further left was sent by the
 * caller and could be forged. Undefined without TRUST_PROXY (the header is then the caller's word) or without the
 * header.
 */
export function forwardedByProxy(c: Context, header: string, trustProxy: number): string | undefined {
  if (trustProxy <= 0) return undefined;
  const hops = (c.req.header(header) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return hops.length ? hops[Math.max(0, hops.length - trustProxy)] : undefined;
}
