import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import { todayIn } from '../../../shared/dates';
import type { MessageChannel, MessageKind, Messenger, SendResult } from '../../platform/messaging/messenger';
import { getMessagingSettings } from './messages.service';
import { GUEST_MESSAGE_KINDS, messageDaySends, messages } from './table';

/**
 * The outbox worker (docs/OPERATING.md "Messages"): claims due messages with `for update skip locked`, so two servers
 * never take the same row, sends each through the best channel (Web Push for a guest who subscribed, then the
 * provider, then its fallbacks), and records the result. A failure the provider calls retryable is tried again after
 * a pause (a verification code after 15 s, 1 and 2 minutes, inside its 10 minutes; other kinds after 1, 5 and 30
 * minutes); a channel that fails for good hands the message to the next one, and the last one marks it failed. A
 * channel at its daily spend limit is skipped; with none left the message waits (docs/PRODUCT.md "Reminders"). Quiet hours: from 21:00 to 09:00 business time only
 * verification codes go out (the guest asked for the code and is waiting); other kinds wait for the morning. A claim
 * holds for 2 minutes: a server that dies mid-send leaves its rows to be taken again after that (the provider may
 * then have sent one twice; the outbox never sends a row twice otherwise).
 */
export const OUTBOX_INTERVAL_MS = 30_000;
const CLAIM_SECONDS = 120;
const BATCH = 20;
export const CODE_RETRY_SECONDS = [15, 60, 120];
export const MESSAGE_RETRY_SECONDS = [60, 300, 1800];
/** Kinds that go out at any hour: a code the guest is waiting for, a Wallet pass's state (nobody is woken). */
const ANY_HOUR_KINDS = ['verification_code', 'wallet_update'];
/** A message held back by the spend limits is tried again after this long (tomorrow's budget, or a raised limit). */
const LIMIT_HOLD_SECONDS = 1800;
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
  subject: string;
  kind: MessageKind;
  key: string;
  channel: MessageChannel;
  recipient: string;
  params: Record<string, string>;
  attempts: number;
  scan_id: string | null;
  hotel_id: string | null;
}

/** What a composer answers just before a send: the template's variables, or why the message must not go. */
export type Composed = { params: Record<string, string> } | { cancel: string };

/**
 * Builds a guest message's variables at send time (modules/reminders): it checks again that the guest still wants
 * it (consent, opt-out, erasure) and that it still says something true (unused vouchers left), so a message queued in
 * the morning never tells an old story.
 */
export type Composer = (db: Db, message: ComposedMessage) => Promise<Composed>;
export interface ComposedMessage {
  id: string;
  subject: string;
  kind: MessageKind;
  key: string;
  channel: MessageChannel;
  scanId: string | null;
  hotelId: string | null;
}

/** A channel that reaches only some guests (Web Push: those who subscribed on the page). */
export interface PushChannel extends Messenger {
  reaches(scanId: string): Promise<boolean>;
}

export interface OutboxOptions {
  db: Db;
  /** The configured provider (MESSAGE_PROVIDER): verification codes go through it, and guest messages after push. */
  messenger: Messenger;
  /** Providers tried after `messenger` when it fails for good (SMS after WhatsApp). */
  fallbacks?: Messenger[];
  /** Web Push, first for guests who subscribed. */
  push?: PushChannel;
  /** Google Wallet: where wallet updates go (none when the operator has not set it up). */
  wallet?: Messenger;
  /** E-mail (platform/mail): where a message on the 'email' channel goes (a hotel's renewal reminder). */
  mail?: Messenger;
  /** Guest message kinds' composers (modules/reminders). */
  composers?: Partial<Record<MessageKind, Composer>>;
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
      returning m.id, m.subject, m.kind, m.key, m.channel, m.recipient, m.params, m.attempts, m.scan_id, m.hotel_id`),
  );
}

/**
 * A message nobody can use any more is not sent: a verification message still queued 10 minutes after it was made
 * (its code has expired, and its code is blanked), and any message past its `expires_at` (a reminder whose day is
 * over, one held back by a spend limit until too late).
 */
async function cancelExpired(db: Db): Promise<void> {
  await db.execute(sql`
    update ${messages} set status = 'cancelled', params = '{}'::jsonb, claimed_by = null, claimed_until = null,
      last_error = coalesce(last_error || '; ', '') || 'expired before it could be sent'
    where status in ('queued', 'sending') and (status = 'queued' or claimed_until < now())
      and ((kind = 'verification_code' and created_at < now() - interval '10 minutes') or expires_at < now())`);
}

/** The channels to try for a message, best first: push for a subscribed guest, the provider, its fallbacks. */
async function channelsFor(options: OutboxOptions, row: ClaimedRow): Promise<Messenger[]> {
  if (row.kind === 'wallet_update') return options.wallet ? [options.wallet] : [];
  // An e-mail stays an e-mail: a number is not an address, and the message has its twin on the provider.
  if (row.channel === 'email') return options.mail ? [options.mail] : [];
  const providers = [options.messenger, ...(options.fallbacks ?? [])];
  if (row.kind === 'verification_code' || !options.push || !row.scan_id) return providers;
  return (await options.push.reaches(row.scan_id)) ? [options.push, ...providers] : providers;
}

/** The settings a pass reads once: kinds switched off, and each paid channel's sends allowed today. */
interface PassSettings {
  disabledKinds: Set<string>;
  maxSends: Partial<Record<MessageChannel, number>>;
}

async function passSettings(db: Db): Promise<PassSettings> {
  const settings = await getMessagingSettings(db);
  const maxSends: Partial<Record<MessageChannel, number>> = {};
  for (const [channel, rupees] of Object.entries(settings.spendLimits) as [MessageChannel, number][]) {
    const paise = settings.pricesPaise[channel] ?? 0;
    if (paise > 0) maxSends[channel] = Math.floor((rupees * 100) / paise);
  }
  return { disabledKinds: new Set(settings.disabledKinds), maxSends };
}

/**
 * Takes one send on a channel for the business day, atomically: refused (false) when the channel's daily spend limit
 * is reached, so two servers never pass it together. Verification codes are counted but never refused (their own
 * budget, Settings › Messaging, limits them: a guest waits for the code).
 */
async function takeSend(db: Db, day: string, channel: MessageChannel, max: number | undefined): Promise<boolean> {
  if (max !== undefined && max <= 0) return false;
  const taken = rowsOf<{ sends: number }>(
    await db.execute(sql`
      insert into ${messageDaySends} (day, channel, sends) values (${day}::date, ${channel}, 1)
      on conflict (day, channel) do update set sends = ${messageDaySends}.sends + 1
      where ${max ?? null}::int is null or ${messageDaySends}.sends < ${max ?? null}::int
      returning sends`),
  );
  return taken.length === 1;
}

/** Gives a send back after the provider failed (nothing was spent). */
async function giveBackSend(db: Db, day: string, channel: MessageChannel): Promise<void> {
  await db.execute(sql`
    update ${messageDaySends} set sends = sends - 1
    where day = ${day}::date and channel = ${channel} and sends > 0`);
}

const failedSend = (error: unknown): SendResult => ({
  ok: false as const,
  retryable: true,
  error: `provider failed: ${error instanceof Error ? error.name : 'error'}`,
});

/** One pass: cancel what expired, claim what is due, send it, record each result. */
export async function sendDueMessages(options: OutboxOptions): Promise<OutboxPass> {
  const { db } = options;
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  const pass: OutboxPass = { sent: 0, retried: 0, failed: 0 };
  await cancelExpired(db);
  const settings = await passSettings(db);
  for (;;) {
    const claimed = await claimDue(options, serverId);
    if (claimed.length === 0) return pass;
    for (const row of claimed) await sendOne(options, serverId, settings, row, pass);
  }
}

async function sendOne(
  options: OutboxOptions,
  serverId: string,
  settings: PassSettings,
  row: ClaimedRow,
  pass: OutboxPass,
): Promise<void> {
  const { db } = options;
  const mine = sql`id = ${row.id} and claimed_by = ${serverId}`;
  const settle = async (status: 'cancelled' | 'failed', error: string) => {
    await db.execute(sql`
      update ${messages} set status = ${status}, last_error = ${error}, params = '{}'::jsonb,
        claimed_by = null, claimed_until = null
      where ${mine}`);
    if (status === 'failed') {
      pass.failed += 1;
      options.log?.(`message ${row.id} (${row.kind}) failed: ${error}`);
    }
  };
  if (settings.disabledKinds.has(row.kind)) return settle('cancelled', 'switched off in Settings');

  let params = row.params;
  const composer = options.composers?.[row.kind];
  if (composer) {
    const composed = await composer(db, {
      id: row.id,
      subject: row.subject,
      kind: row.kind,
      key: row.key,
      channel: row.channel,
      scanId: row.scan_id,
      hotelId: row.hotel_id,
    });
    if ('cancel' in composed) return settle('cancelled', composed.cancel);
    params = composed.params;
  }

  const channels = await channelsFor(options, row);
  if (channels.length === 0) return settle('failed', `no channel can send ${row.kind}`);
  const day = todayIn(options.timeZone, (options.now ?? (() => new Date()))());
  // A hotel's renewal reminder is the operator's own business, not a guest message: no guest spend limit holds it.
  const guestMessage = (GUEST_MESSAGE_KINDS as readonly string[]).includes(row.kind);
  // Start at the channel the row is on (a fallback moved it on), or at the best one when that is gone.
  let index = Math.max(
    0,
    channels.findIndex((channel) => channel.channel === row.channel),
  );
  const limited: string[] = [];
  for (; index < channels.length; index += 1) {
    const channel = channels[index]!;
    if (await takeSend(db, day, channel.channel, guestMessage ? settings.maxSends[channel.channel] : undefined)) break;
    limited.push(channel.channel);
  }
  const channel = channels[index];
  if (!channel) {
    // Every channel is at its daily spend limit: hold until tomorrow's budget (expires_at cancels a stale one).
    await db.execute(sql`
      update ${messages} set status = 'queued', attempts = greatest(attempts - 1, 0),
        next_attempt_at = now() + make_interval(secs => ${LIMIT_HOLD_SECONDS}),
        last_error = ${`daily spend limit reached: ${limited.join(', ')}`}, claimed_by = null, claimed_until = null
      where ${mine}`);
    pass.retried += 1;
    return;
  }

  const result = await channel
    .send({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      params,
      subject: row.subject,
      key: row.key,
      scanId: row.scan_id,
    })
    .catch(failedSend);
  if (result.ok) {
    // Sent: the code leaves the row (docs/PRIVACY.md "Codes and messages").
    await db.execute(sql`
      update ${messages} set status = 'sent', sent_at = now(), provider_message_id = ${result.providerMessageId},
        channel = ${channel.channel}, params = '{}'::jsonb, claimed_by = null, claimed_until = null, last_error = null
      where ${mine}`);
    pass.sent += 1;
    return;
  }
  await giveBackSend(db, day, channel.channel);
  // Attempts count per channel: a channel reached past a spend limit starts at its first.
  const attempts = channel.channel === row.channel ? row.attempts : 1;
  const pauses = row.kind === 'verification_code' ? CODE_RETRY_SECONDS : MESSAGE_RETRY_SECONDS;
  const pause = result.retryable ? pauses[attempts - 1] : undefined;
  const next = channels[index + 1];
  if (pause !== undefined) {
    await db.execute(sql`
      update ${messages} set status = 'queued', channel = ${channel.channel}, attempts = ${attempts},
        next_attempt_at = now() + make_interval(secs => ${pause}),
        last_error = ${result.error}, claimed_by = null, claimed_until = null
      where ${mine}`);
    pass.retried += 1;
  } else if (next) {
    // This channel failed for good: the next one, at once (attempts count per channel).
    await db.execute(sql`
      update ${messages} set status = 'queued', channel = ${next.channel}, attempts = 0, next_attempt_at = now(),
        last_error = ${`${channel.channel}: ${result.error}`}, claimed_by = null, claimed_until = null
      where ${mine}`);
    pass.retried += 1;
  } else {
    await settle('failed', result.error);
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
