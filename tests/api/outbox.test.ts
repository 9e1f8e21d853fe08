import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { sendDueMessages } from '../../src/server/modules/messages/messages.job';
import { enqueueMessage } from '../../src/server/modules/messages/messages.service';
import type {
  MessageChannel,
  Messenger,
  OutgoingMessage,
  SendResult,
} from '../../src/server/platform/messaging/messenger';
import { insertHotel, useTestContext } from '../support';
import { insertScan } from '../support/hotel-factories';
import { messageDaySends, messages, messagingSettings } from '../support/tables';

/**
 * The outbox (docs/OPERATING.md "Messages"): one row per send, claimed with `for update skip locked` so two servers
 * never send one twice, retried with backoff, quiet hours for everything but codes.
 */
const t = useTestContext();
const TZ = 'Asia/Kolkata';
/** 10:00 and 22:00 in Kolkata. */
const DAY = () => new Date('2026-11-26T04:30:00Z');
const NIGHT = () => new Date('2026-11-26T16:30:00Z');

/** A messenger that records what it sends, after `delayMs`, answering `result` (success by default). */
function fakeMessenger(
  result?: (message: OutgoingMessage) => SendResult,
  delayMs = 0,
  channel: MessageChannel = 'whatsapp',
) {
  const sent: OutgoingMessage[] = [];
  const messenger: Messenger & { channel: 'whatsapp' } = {
    channel: channel as 'whatsapp',
    canSendCodes: true,
    async send(message) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      sent.push(message);
      return result ? result(message) : { ok: true, providerMessageId: `fake-${message.id}` };
    },
  };
  return { messenger, sent };
}

async function queueCodes(n: number, batch = randomUUID()): Promise<string[]> {
  const subjects: string[] = [];
  for (let i = 0; i < n; i++) {
    const subject = `${batch}-${i}`;
    await enqueueMessage(t.db, {
      subject,
      kind: 'verification_code',
      channel: 'whatsapp',
      recipient: `98765${String(43210 + i).padStart(5, '0')}`,
      params: { code: String(100000 + i) },
    });
    subjects.push(subject);
  }
  return subjects;
}

const rowsOf = (subjects: string[]) => t.db.select().from(messages).where(inArray(messages.subject, subjects));

describe('two servers on one database', () => {
  let second: Database | undefined;
  let secondDb: Db;
  beforeAll(async () => {
    // On PostgreSQL a second pool, as a second server has; PGlite is one server by design (the same handle).
    if (t.config.databaseUrl) {
      second = await openDatabase({ databaseUrl: t.config.databaseUrl });
      secondDb = second.db;
    } else secondDb = t.db;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('send each due message once between them', async () => {
    const subjects = await queueCodes(60);
    const a = fakeMessenger(undefined, 2);
    const b = fakeMessenger(undefined, 2);
    await Promise.all([
      sendDueMessages({ db: t.db, messenger: a.messenger, timeZone: TZ, serverId: 'server-a', now: DAY }),
      sendDueMessages({ db: secondDb, messenger: b.messenger, timeZone: TZ, serverId: 'server-b', now: DAY }),
      sendDueMessages({ db: t.db, messenger: a.messenger, timeZone: TZ, serverId: 'server-a2', now: DAY }),
      sendDueMessages({ db: secondDb, messenger: b.messenger, timeZone: TZ, serverId: 'server-b2', now: DAY }),
    ]);
    const ids = [...a.sent, ...b.sent].map((message) => message.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    if (t.config.databaseUrl) expect(a.sent.length * b.sent.length, 'both servers took a share').toBeGreaterThan(0);
    const rows = await rowsOf(subjects);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    // Sent: the code leaves the row.
    expect(rows.every((row) => Object.keys(row.params).length === 0)).toBe(true);
    expect(rows.every((row) => row.providerMessageId === `fake-${row.id}`)).toBe(true);
  });

  it('queue a message once per (subject, kind, key)', async () => {
    const subject = randomUUID();
    const message = {
      subject,
      kind: 'verification_code' as const,
      channel: 'log' as const,
      recipient: '9876500000',
      params: { code: '123456' },
    };
    expect(await enqueueMessage(t.db, message)).toBe(true);
    expect(await enqueueMessage(secondDb, message)).toBe(false);
    expect(await enqueueMessage(t.db, { ...message, key: 'again' })).toBe(true);
    expect(await t.db.$count(messages, eq(messages.subject, subject))).toBe(2);
    await t.db.update(messages).set({ status: 'cancelled' }).where(eq(messages.subject, subject));
  });
});

describe('retries', () => {
  const due = (subjects: string[]) =>
    t.db
      .update(messages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(inArray(messages.subject, subjects));

  it('tries a retryable failure again after 15 s, 1 and 2 minutes for a code, then marks it failed', async () => {
    const subjects = await queueCodes(1);
    const { messenger, sent } = fakeMessenger(() => ({ ok: false, retryable: true, error: 'HTTP 503: busy' }));
    const pass = () => sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: DAY });
    for (const [attempt, pause] of [
      [1, 15],
      [2, 60],
      [3, 120],
    ] as const) {
      expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await rowsOf(subjects);
      expect(row).toMatchObject({ status: 'queued', attempts: attempt, lastError: 'HTTP 503: busy', claimedBy: null });
      const wait = (row!.nextAttemptAt.getTime() - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(pause - 5);
      expect(wait).toBeLessThanOrEqual(pause + 1);
      // Not due yet: nothing is sent.
      expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 0 });
      await due(subjects);
    }
    expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await rowsOf(subjects);
    expect(row).toMatchObject({ status: 'failed', attempts: 4, params: {} });
    expect(sent).toHaveLength(4);
  });

  it('marks a failure that will not pass failed at once', async () => {
    const subjects = await queueCodes(1);
    const { messenger } = fakeMessenger(() => ({ ok: false, retryable: false, error: 'HTTP 400: bad number' }));
    expect(await sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: DAY })).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    });
    expect((await rowsOf(subjects))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'HTTP 400: bad number',
    });
  });

  it('takes over a claim whose server died, once the claim has run out', async () => {
    const subjects = await queueCodes(1);
    await t.db
      .update(messages)
      .set({ status: 'sending', claimedBy: 'dead-server', claimedUntil: sql`now() + interval '1 minute'` })
      .where(inArray(messages.subject, subjects));
    const { messenger, sent } = fakeMessenger();
    await sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: DAY });
    expect(sent).toHaveLength(0);
    await t.db
      .update(messages)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(inArray(messages.subject, subjects));
    await sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: DAY });
    expect(sent).toHaveLength(1);
    expect((await rowsOf(subjects))[0]!.status).toBe('sent');
  });
});

describe('quiet hours and expired codes', () => {
  it('sends codes at night; other kinds wait for 09:00', async () => {
    const codes = await queueCodes(1);
    const reminder = randomUUID();
    await t.db.execute(sql`
      insert into messages (subject, kind, channel, recipient, params)
      values (${reminder}, 'review_request', 'whatsapp', '9876511111', '{}'::jsonb)`);
    const { messenger, sent } = fakeMessenger();
    await sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: NIGHT });
    expect(sent.map((message) => message.kind)).toEqual(['verification_code']);
    expect((await rowsOf(codes))[0]!.status).toBe('sent');
    expect((await rowsOf([reminder]))[0]!.status).toBe('queued');
    await sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: DAY });
    expect((await rowsOf([reminder]))[0]!.status).toBe('sent');
  });

  it('cancels a code still queued after its 10 minutes, and blanks it', async () => {
    const subjects = await queueCodes(1);
    await t.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(inArray(messages.subject, subjects));
    const { messenger, sent } = fakeMessenger();
    await sendDueMessages({ db: t.db, messenger, timeZone: TZ, now: DAY });
    expect(sent).toHaveLength(0);
    expect((await rowsOf(subjects))[0]).toMatchObject({ status: 'cancelled', params: {} });
  });
});

describe('channels, composers, limits and switches (docs/PRODUCT.md "Reminders")', () => {
  let scanId: string;
  const failForGood = (): SendResult => ({ ok: false, retryable: false, error: 'HTTP 400: template missing' });
  beforeAll(async () => {
    const hotel = await insertHotel(t.db);
    scanId = (await insertScan(t.db, hotel.id, '2026-11-26')).id;
  });

  /** A guest message as the reminders job queues it: on 'push', the top of the channel order. */
  async function queueReminder(values: Partial<typeof messages.$inferInsert> = {}): Promise<string> {
    const subject = randomUUID();
    await t.db.insert(messages).values({
      subject,
      kind: 'checkout_reminder',
      channel: 'push',
      recipient: '9876522222',
      scanId,
      ...values,
    });
    return subject;
  }
  const setLimits = (
    spendLimits: Record<string, number>,
    pricesPaise: Record<string, number>,
    disabled: string[] = [],
  ) =>
    t.db
      .insert(messagingSettings)
      .values({ id: 1, spendLimits, pricesPaise, disabledKinds: disabled })
      .onConflictDoUpdate({ target: messagingSettings.id, set: { spendLimits, pricesPaise, disabledKinds: disabled } });
  const unlimited = () => setLimits({}, {});
  const composers = {
    checkout_reminder: () => Promise.resolve({ params: { text: 'You have 2 unused vouchers', language: 'en' } }),
  };
  /** A daytime pass through `provider`, then `fallback`, with the composers above. */
  const withFallback = (provider: Messenger & { channel: 'whatsapp' }, fallback: Messenger) => ({
    db: t.db,
    messenger: provider,
    fallbacks: [fallback],
    composers,
    timeZone: TZ,
    now: DAY,
  });

  it('sends through push where it reaches the guest, else the provider; the composed text goes, and is not kept', async () => {
    await unlimited();
    const first = await queueReminder();
    const push = fakeMessenger(undefined, 0, 'push');
    const provider = fakeMessenger();
    let reaches = true;
    const options = {
      db: t.db,
      messenger: provider.messenger,
      push: { ...push.messenger, reaches: () => Promise.resolve(reaches) },
      composers,
      timeZone: TZ,
      now: DAY,
    };
    await sendDueMessages(options);
    expect(push.sent.map((m) => [m.subject, m.params.text, m.scanId])).toEqual([
      [first, 'You have 2 unused vouchers', scanId],
    ]);
    expect((await rowsOf([first]))[0]).toMatchObject({ status: 'sent', channel: 'push', params: {} });
    reaches = false;
    const second = await queueReminder();
    await sendDueMessages(options);
    expect(provider.sent.map((m) => m.subject)).toEqual([second]);
    expect((await rowsOf([second]))[0]).toMatchObject({ status: 'sent', channel: 'whatsapp' });
  });

  it('passes a message on to the next channel when one fails for good, and fails it only after the last', async () => {
    await unlimited();
    const subject = await queueReminder();
    const whatsapp = fakeMessenger(failForGood);
    const sms = fakeMessenger(failForGood, 0, 'sms');
    const options = withFallback(whatsapp.messenger, sms.messenger);
    expect(await sendDueMessages(options)).toEqual({ sent: 0, retried: 1, failed: 1 });
    expect(whatsapp.sent).toHaveLength(1);
    expect(sms.sent).toHaveLength(1);
    expect((await rowsOf([subject]))[0]).toMatchObject({ status: 'failed', channel: 'sms' });
    const next = await queueReminder();
    const smsOk = fakeMessenger(undefined, 0, 'sms');
    await sendDueMessages({ ...options, fallbacks: [smsOk.messenger] });
    expect((await rowsOf([next]))[0]).toMatchObject({ status: 'sent', channel: 'sms' });
  });

  it('stops a channel at its daily spend limit (the next channel takes over, else the message waits), never a code', async () => {
    // ₹1 a day at 100 paise a message: one WhatsApp message; SMS at 50 paise: two.
    await setLimits({ whatsapp: 1, sms: 1 }, { whatsapp: 100, sms: 50 });
    await t.db.execute(sql`delete from message_day_sends`);
    const subjects = [await queueReminder(), await queueReminder(), await queueReminder(), await queueReminder()];
    const whatsapp = fakeMessenger();
    const sms = fakeMessenger(undefined, 0, 'sms');
    const options = withFallback(whatsapp.messenger, sms.messenger);
    await sendDueMessages(options);
    expect(whatsapp.sent).toHaveLength(1);
    expect(sms.sent).toHaveLength(2);
    const rows = await rowsOf(subjects);
    const held = rows.filter((row) => row.status === 'queued');
    expect(held).toHaveLength(1);
    expect(held[0]!.lastError).toBe('daily spend limit reached: whatsapp, sms');
    expect(held[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    // A code still goes, and counts.
    const codes = await queueCodes(1);
    await sendDueMessages(options);
    expect((await rowsOf(codes))[0]!.status).toBe('sent');
    const [count] = await t.db
      .select({ sends: messageDaySends.sends })
      .from(messageDaySends)
      .where(eq(messageDaySends.channel, 'whatsapp'));
    expect(count!.sends).toBe(2);
    await unlimited();
    await t.db.update(messages).set({ status: 'cancelled' }).where(inArray(messages.subject, subjects));
  });

  it('cancels a message its composer says no longer holds, one of a kind switched off, and one past its expiry', async () => {
    await setLimits({}, {}, ['review_request']);
    const gone = await queueReminder();
    const off = await queueReminder({ kind: 'review_request' });
    const late = await queueReminder({ expiresAt: sql`now() - interval '1 minute'` as unknown as Date });
    const provider = fakeMessenger();
    await sendDueMessages({
      db: t.db,
      messenger: provider.messenger,
      composers: { checkout_reminder: () => Promise.resolve({ cancel: 'no unused vouchers left' }) },
      timeZone: TZ,
      now: DAY,
    });
    expect(provider.sent).toHaveLength(0);
    const bySubject = new Map((await rowsOf([gone, off, late])).map((row) => [row.subject, row]));
    expect(bySubject.get(gone)).toMatchObject({ status: 'cancelled', lastError: 'no unused vouchers left' });
    expect(bySubject.get(off)).toMatchObject({ status: 'cancelled', lastError: 'switched off in Settings' });
    expect(bySubject.get(late)).toMatchObject({ status: 'cancelled', lastError: 'expired before it could be sent' });
    await unlimited();
  });
});
