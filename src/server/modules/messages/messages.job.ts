import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import type { Messenger, OutgoingMessage } from '../../platform/messaging/messenger';
import { messages } from './table';

/**
 * The outbox worker (docs/OPERATING.md "Messages"): claims due messages with `for update skip locked`, so two servers
 * never take the same row, sends each through the provider, and records the result. A failure the provider calls
 * retryable is tried again after a pause (a verification code after 15 s, 1 and 2 minutes, inside its 10 minutes;
 * other kinds after 1, 5 and 30 minutes), then marked failed. Quiet hours: from 21:00 to 09:00 business time only
 * verification codes go out (the guest asked for the code and is waiting); other kinds wait for the morning. A claim
 * holds for 2 minutes: a server that dies mid-send leaves its rows to be taken again after that (the provider may
 * then have sent one twice; the outbox never sends a row twice otherwise).
 */
export const OUTBOX_INTERVAL_MS = 30_000;
const CLAIM_SECONDS = 120;
const BATCH = 20;
export const CODE_RETRY_SECONDS = [15, 60, 120];
export const MESSAGE_RETRY_SECONDS = [60, 300, 1800];
/** Kinds that go out at any hour: a code the guest is waiting for. */
const ANY_HOUR_KINDS = ['verification_code'];
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 9;

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `now` is within quiet hours (21:00-09:00) in the business time zone. */
export function isQuietHour(timeZone: string, now: Date): boolean {
  let fmt = hourFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, fmt);
  }
  const hour = Number(fmt.format(now));
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

export interface OutboxPass {
  sent: number;
  retried: number;
  failed: number;
}

interface ClaimedRow {
  id: string;
  kind: OutgoingMessage['kind'];
  recipient: string;
  params: Record<string, string>;
  attempts: number;
}

export interface OutboxOptions {
  db: Db;
  messenger: Messenger;
  timeZone: string;
  /** Names this server in messages.claimed_by (default host:pid). */
  serverId?: string;
  now?: () => Date;
  log?: (message: string) => void;
}

/** Claims up to BATCH due messages for this server (one statement: rows another server holds are skipped). */
async function claimDue(options: OutboxOptions, serverId: string): Promise<ClaimedRow[]> {
  const quiet = isQuietHour(options.timeZone, (options.now ?? (() => new Date()))());
  const anyHour = sql.join(
    ANY_HOUR_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return rowsOf<ClaimedRow>(
    await options.db.execute(sql`
      with due as (
        select id from ${messages}
        where status in ('queued', 'sending') and next_attempt_at <= now()
          and (status = 'queued' or claimed_until < now())
          and (${!quiet}::boolean or kind in (${anyHour}))
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      update ${messages} m
      set status = 'sending', claimed_by = ${serverId}, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
          attempts = m.attempts + 1
      from due where m.id = due.id
      returning m.id, m.kind, m.recipient, m.params, m.attempts`),
  );
}

/**
 * A code nobody can use any more is not sent: a verification message still queued 10 minutes after it was made is
 * cancelled (its code has expired), and its code blanked.
 */
async function cancelExpiredCodes(db: Db): Promise<void> {
  await db.execute(sql`
    update ${messages} set status = 'cancelled', params = '{}'::jsonb, claimed_by = null, claimed_until = null
    where kind = 'verification_code' and status in ('queued', 'sending')
      and created_at < now() - interval '10 minutes' and (status = 'queued' or claimed_until < now())`);
}

/** One pass: cancel what expired, claim what is due, send it, record each result. */
export async function sendDueMessages(options: OutboxOptions): Promise<OutboxPass> {
  const { db, messenger } = options;
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  const pass: OutboxPass = { sent: 0, retried: 0, failed: 0 };
  await cancelExpiredCodes(db);
  for (;;) {
    const claimed = await claimDue(options, serverId);
    if (claimed.length === 0) return pass;
    for (const row of claimed) {
      const result = await messenger
        .send({ id: row.id, kind: row.kind, recipient: row.recipient, params: row.params })
        .catch((error: unknown) => ({
          ok: false as const,
          retryable: true,
          error: `provider failed: ${error instanceof Error ? error.name : 'error'}`,
        }));
      const mine = sql`id = ${row.id} and claimed_by = ${serverId}`;
      if (result.ok) {
        // Sent: the code leaves the row (docs/PRIVACY.md "Codes and messages").
        await db.execute(sql`
          update ${messages} set status = 'sent', sent_at = now(), provider_message_id = ${result.providerMessageId},
            params = '{}'::jsonb, claimed_by = null, claimed_until = null, last_error = null
          where ${mine}`);
        pass.sent += 1;
        continue;
      }
      const pauses = row.kind === 'verification_code' ? CODE_RETRY_SECONDS : MESSAGE_RETRY_SECONDS;
      const pause = result.retryable ? pauses[row.attempts - 1] : undefined;
      if (pause !== undefined) {
        await db.execute(sql`
          update ${messages} set status = 'queued', next_attempt_at = now() + make_interval(secs => ${pause}),
            last_error = ${result.error}, claimed_by = null, claimed_until = null
          where ${mine}`);
        pass.retried += 1;
      } else {
        await db.execute(sql`
          update ${messages} set status = 'failed', last_error = ${result.error}, params = '{}'::jsonb,
            claimed_by = null, claimed_until = null
          where ${mine}`);
        pass.failed += 1;
        options.log?.(`message ${row.id} (${row.kind}) failed: ${result.error}`);
      }
    }
  }
}

export interface OutboxWorker {
  /** Sends what is due now, without waiting (after a message is queued); a pass already running takes it too. */
  kick(): void;
  /** One pass, awaited (tests). */
  tick(): Promise<OutboxPass | undefined>;
  stop(): Promise<void>;
}

/** The worker: a pass every OUTBOX_INTERVAL_MS (retries, leftovers of another server), and one on every kick. */
export function startOutboxWorker(
  options: OutboxOptions & {
    intervalMs?: number;
    timer?: boolean;
    /** False until the database is migrated (the server's start): passes before then send nothing. */
    ready?: () => boolean;
  },
): OutboxWorker {
  let again = false;
  const job = startPeriodicJob<OutboxPass>({
    async check(signal) {
      const total: OutboxPass = { sent: 0, retried: 0, failed: 0 };
      if (options.ready && !options.ready()) return total;
      do {
        again = false;
        const pass = await sendDueMessages(options);
        total.sent += pass.sent;
        total.retried += pass.retried;
        total.failed += pass.failed;
      } while (again && !signal.aborted);
      return total;
    },
    intervalMs: options.intervalMs ?? OUTBOX_INTERVAL_MS,
    timer: options.timer,
    atStart: true,
    log: options.log ?? (() => {}),
    failure: 'sending messages failed',
  });
  return {
    kick() {
      again = true;
      // A pass already running may have finished its loop: then go again once it is done.
      void job.tick().then(() => {
        if (again) void job.tick();
      });
    },
    tick: () => job.tick(),
    stop: () => job.stop(),
  };
}
