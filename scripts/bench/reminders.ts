import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { sendDueMessages } from '../../src/server/modules/messages/messages.job';
import { reminderComposers } from '../../src/server/modules/reminders/reminders.compose';
import { REMINDERS_JOB, runReminders } from '../../src/server/modules/reminders/reminders.job';
import type { ProviderMessenger } from '../../src/server/platform/messaging/messenger';

/** What the reminders bench measured (docs/OPERATING.md "Messages"). */
export interface RemindersRun {
  queued: number;
  /** One run of the job from nothing queued: every kind's insert … select. */
  firstMs: number;
  /** The next slot's run: everything already queued, nothing new. */
  againMs: number;
  /** Messages composed (the scan re-read, words and signed links) and handed to a provider that sends nothing. */
  sent: number;
  sendSeconds: number;
}

const GUEST_KINDS = sql`('checkout_reminder', 'expiry_reminder', 'review_request')`;
const SENT_LIMIT = 1000;

/**
 * The reminders job at a season's data: today's guest messages queued (the bench database's own: earlier runs' are
 * removed first, as is the job's slot record), the next slot's run, and SENT_LIMIT of them composed and sent to a null
 * provider at 10:00 business time. Run with the server stopped (PGlite has one process per folder).
 */
export async function benchReminders(db: Db, timeZone: string): Promise<RemindersRun> {
  await db.execute(sql`delete from messages where kind in ${GUEST_KINDS}`);
  await db.execute(sql`delete from job_runs where job = ${REMINDERS_JOB}`);
  const now = new Date();
  const options = { db, timeZone, serverId: 'bench' };
  let started = performance.now();
  const first = await runReminders(options, now);
  const firstMs = performance.now() - started;
  started = performance.now();
  await runReminders(options, new Date(now.getTime() + 15 * 60_000));
  const againMs = performance.now() - started;
  const queued = Object.values(first.queued).reduce((a, b) => a + b, 0);

  // Due now, SENT_LIMIT of them (the rest cancelled), sent in the daytime whatever the hour of the run.
  await db.execute(sql`
    update messages set status = 'cancelled'
    where kind in ${GUEST_KINDS} and id not in (
      select id from messages where kind in ${GUEST_KINDS} order by id limit ${SENT_LIMIT})`);
  await db.execute(sql`update messages set next_attempt_at = now() where kind in ${GUEST_KINDS} and status = 'queued'`);
  let sequence = 0;
  const nullProvider: ProviderMessenger = {
    channel: 'log',
    canSendCodes: true,
    send: () => Promise.resolve({ ok: true, providerMessageId: `bench-${(sequence += 1)}` }),
  };
  const daytime = () => new Date(`${now.toISOString().slice(0, 10)}T04:30:00Z`);
  started = performance.now();
  const pass = await sendDueMessages({
    db,
    messenger: nullProvider,
    composers: reminderComposers({ secret: () => 'bench-secret', origin: 'https://stayperks.example', timeZone }),
    timeZone,
    now: daytime,
    serverId: 'bench',
  });
  const sendSeconds = (performance.now() - started) / 1000;
  return { queued, firstMs, againMs, sent: pass.sent, sendSeconds };
}
