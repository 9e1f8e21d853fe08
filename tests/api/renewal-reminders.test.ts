import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { sendDueMessages, type OutboxOptions } from '../../src/server/modules/messages/messages.job';
import { renewalReminderComposers } from '../../src/server/modules/renewal-reminders/renewal-reminders.compose';
import { runRenewalReminders } from '../../src/server/modules/renewal-reminders/renewal-reminders.job';
import type { Mailer, OutgoingMail } from '../../src/server/platform/mail/mailer';
import { mailMessenger } from '../../src/server/platform/messaging/mail-provider';
import type { Messenger, OutgoingMessage } from '../../src/server/platform/messaging/messenger';
import { templateValues } from '../../src/server/platform/messaging/templates';
import { addDays, todayIn } from '../../src/shared/dates';
import { formatDate } from '../../src/shared/format';
import { insertHotel, useRoleTokens, useTestContext } from '../support';
import { contactInfo, hotelBilling, hotels, messages, messagingSettings } from '../support/tables';

/**
 * Hotels' renewal reminders (docs/PRODUCT.md "Renewal reminders"): 30, 7 and 1 days before the subscription ends,
 * queued once a business day, each once per end date (on the provider, and by e-mail where a billing address is
 * set), a missed day caught up with the tightest reminder due, a new end date starting afresh; the hotel dashboard's
 * notice and Renewal Tracking's list say which went.
 *
 * The job's clock is injected (its day is its slot); the outbox's quiet hours read the worker's injected clock (10:00
 * business time), its due times the database's own clock, which the queued rows are already due by.
 */
const t = useTestContext();
const tokens = useRoleTokens(t);
const ORIGIN = 'https://stayperks.example';
let TZ: string;
let T: string;
/** `hhmm` on business day `day` (IST, +05:30). */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);

/** The hotels, by the days from today to their end (the last paid day). */
const hotel: Record<string, string> = {};
async function hotelEnding(name: string, daysToEnd: number, values: Partial<typeof hotels.$inferInsert> = {}) {
  const row = await insertHotel(t.db, {
    name: `${name} Residency`,
    contactNumber: `98765${String(43_210 + Object.keys(hotel).length).slice(-5)}`,
    subscriptionEnd: addDays(T, daysToEnd),
    ...values,
  });
  hotel[name] = row.id;
  return row;
}

function recorders() {
  const sent: OutgoingMessage[] = [];
  const mails: OutgoingMail[] = [];
  const messenger: Messenger & { channel: 'whatsapp' } = {
    channel: 'whatsapp',
    canSendCodes: true,
    send(message) {
      sent.push(message);
      return Promise.resolve({ ok: true, providerMessageId: `rec-${message.id}` });
    },
  };
  const mailer: Mailer = {
    provider: 'smtp',
    canSendCodes: true,
    send(mail) {
      mails.push(mail);
      return Promise.resolve(true);
    },
  };
  return { messenger, mailer, sent, mails };
}

let servers = 0;
const runOn = (db: Db, day: string) =>
  runRenewalReminders({ db, timeZone: TZ, channel: 'whatsapp', serverId: `server-${++servers}` }, at(day, '00:10'));
const worker = (r: ReturnType<typeof recorders>, day: string, hhmm = '10:00'): OutboxOptions => ({
  db: t.db,
  messenger: r.messenger,
  mail: mailMessenger(r.mailer, false),
  timeZone: TZ,
  serverId: 'outbox-1',
  now: () => at(day, hhmm),
  composers: renewalReminderComposers({ origin: ORIGIN, timeZone: TZ, now: () => at(day, hhmm) }),
});
const remindersOf = (name: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.kind, 'renewal_reminder'), eq(messages.subject, hotel[name]!)))
    .orderBy(messages.key);
const keysOf = async (name: string) => (await remindersOf(name)).map((row) => row.key);
/** A run on a later day queued its reminders for later: a hotel's are made due, as at that day's 09:00. */
const makeDue = (name: string) =>
  t.db.execute(sql`
    update messages set next_attempt_at = now() - interval '1 second'
    where status = 'queued' and kind = 'renewal_reminder' and subject = ${hotel[name]!}`);

beforeAll(async () => {
  TZ = t.config.timeZone;
  T = todayIn(TZ);
  await t.db.insert(contactInfo).values({
    id: 1,
    name: 'StayPerks Support',
    mobileNumber: '9123456789',
    mailSupport: 'help@stayperks.example',
  });
  await hotelEnding('Thirty', 30);
  await t.db.insert(hotelBilling).values({ hotelId: hotel.Thirty!, billingEmail: 'accounts@thirty.example' });
  await hotelEnding('Twenty', 20);
  await hotelEnding('Seven', 7);
  // Its 30- and 7-day days were missed (the servers were down): only the 1-day one is due.
  await hotelEnding('One', 1);
  await t.db.insert(hotelBilling).values({ hotelId: hotel.One!, billingEmail: '  ' });
  await hotelEnding('LastDay', 0, { contactNumber: '+91 98765-00042' });
  // A landline: no message to it; its billing e-mail still gets the reminder.
  await hotelEnding('Landline', 7, { contactNumber: '0832 2345678' });
  await t.db.insert(hotelBilling).values({ hotelId: hotel.Landline!, billingEmail: 'front@landline.example' });
  await hotelEnding('Far', 31);
  await hotelEnding('Ended', -1);
  await hotelEnding('Off', 7, { isActive: false });
  await hotelEnding('Archived', 7, { archivedAt: new Date() });
});

describe('renewal reminders', () => {
  it('queues the tightest reminder due for each hotel ending within 30 days, once, by e-mail only where set', async () => {
    const run = await runOn(t.db, T);
    expect(run).toMatchObject({ day: T, ran: true, queued: { message: 5, email: 2 } });
    const end = (days: number) => addDays(T, days);
    expect(await keysOf('Thirty')).toEqual([`${end(30)}/30`, `${end(30)}/30/email`]);
    // Day 20: the 30-day reminder, caught up; day 7 and day 1 their own; the last day the 1-day one.
    expect(await keysOf('Twenty')).toEqual([`${end(20)}/30`]);
    expect(await keysOf('Seven')).toEqual([`${end(7)}/7`]);
    expect(await keysOf('One')).toEqual([`${end(1)}/1`]);
    expect(await keysOf('LastDay')).toEqual([`${end(0)}/1`]);
    expect((await remindersOf('LastDay'))[0]!.recipient).toBe('9876500042');
    expect(await keysOf('Landline')).toEqual([`${end(7)}/7/email`]);
    for (const name of ['Far', 'Ended', 'Off', 'Archived']) expect(await keysOf(name)).toEqual([]);

    const [thirty, thirtyMail] = await remindersOf('Thirty');
    expect(thirty).toMatchObject({ channel: 'whatsapp', recipient: '9876543210', hotelId: hotel.Thirty });
    expect(thirtyMail).toMatchObject({ channel: 'email', recipient: 'accounts@thirty.example' });
    // A 30-day reminder is of no use once the 7-day one is due.
    expect(thirty!.expiresAt).toEqual(at(addDays(end(30), -7), '00:00'));

    // The same day again, on another server: the day's slot is taken.
    expect(await runOn(t.db, T)).toMatchObject({ ran: false });
  });

  it('sends each once, from 09:00, with the end date, the days left, the contact and the sign-in link', async () => {
    const r = recorders();
    // Quiet hours: nothing before 09:00.
    expect(await sendDueMessages(worker(r, T, '07:30'))).toMatchObject({ sent: 0 });
    expect(await sendDueMessages(worker(r, T))).toMatchObject({ sent: 7, failed: 0 });
    expect(r.sent).toHaveLength(5);
    const toThirty = r.sent.find((message) => message.recipient === '9876543210')!;
    const endsOn = formatDate(addDays(T, 30));
    expect(toThirty.params).toMatchObject({
      hotel: 'Thirty Residency',
      ends_on: endsOn,
      days_left: 'in 30 days',
      contact: '9123456789 or help@stayperks.example',
      sign_in_url: `${ORIGIN}/login/hotel`,
    });
    expect(toThirty.params.text).toContain(`Thirty Residency ends on ${endsOn} (in 30 days)`);
    // WhatsApp's and DLT's templates take them in their one order, none missing.
    expect(templateValues('renewal_reminder', toThirty.params)).toEqual([
      'Thirty Residency',
      endsOn,
      'in 30 days',
      '9123456789 or help@stayperks.example',
      `${ORIGIN}/login/hotel`,
    ]);
    expect(r.sent.find((message) => message.params.hotel === 'LastDay Residency')!.params.days_left).toBe('today');
    expect(r.mails.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      {
        to: 'accounts@thirty.example',
        subject: `Thirty Residency: your StayPerks subscription ends on ${endsOn}`,
        text: expect.stringContaining('contact StayPerks on 9123456789 or help@stayperks.example'),
      },
      expect.objectContaining({
        to: 'front@landline.example',
        text: expect.stringContaining(`ends on ${formatDate(addDays(T, 7))} (in 7 days)`),
      }),
    ]);

    // Again the same day, and the job the next day: nothing more for these; Far's 30 days have come.
    expect(await sendDueMessages(worker(r, T))).toMatchObject({ sent: 0 });
    expect(await runOn(t.db, addDays(T, 1))).toMatchObject({ ran: true, queued: { message: 1, email: 0 } });
    expect(await keysOf('Far')).toEqual([`${addDays(T, 31)}/30`]);
    expect(r.sent).toHaveLength(5);
  });

  it('moves to the next reminder when its day comes, and a renewal starts afresh', async () => {
    // 13 days on, Twenty is 7 days from its end: its 7-day reminder (Thirty's comes 23 days on).
    const day13 = addDays(T, 13);
    expect(await runOn(t.db, day13)).toMatchObject({ queued: { message: 1, email: 0 } });
    expect(await keysOf('Twenty')).toEqual([`${addDays(T, 20)}/30`, `${addDays(T, 20)}/7`]);

    // Seven renews: its end moves a year on; a year later its 7-day reminder for the new end date is queued.
    const renewedEnd = addDays(T, 7 + 365);
    await t.db.update(hotels).set({ subscriptionEnd: renewedEnd }).where(eq(hotels.id, hotel.Seven!));
    expect(await runOn(t.db, addDays(T, 365))).toMatchObject({ ran: true });
    expect(await keysOf('Seven')).toEqual([`${addDays(T, 7)}/7`, `${renewedEnd}/7`]);
  });

  it('drops a reminder whose end date moved before it went', async () => {
    const r = recorders();
    // Twenty's 7-day reminder (queued for day 13) waits; its end moves meanwhile (a cancelled renewal, say).
    await t.db
      .update(hotels)
      .set({ subscriptionEnd: addDays(T, 40) })
      .where(eq(hotels.id, hotel.Twenty!));
    await makeDue('Twenty');
    await sendDueMessages(worker(r, T));
    const rows = await remindersOf('Twenty');
    expect(rows.find((row) => row.key.endsWith('/7'))).toMatchObject({
      status: 'cancelled',
      lastError: `the subscription now ends on ${formatDate(addDays(T, 40))}`,
    });
    await t.db
      .update(hotels)
      .set({ subscriptionEnd: addDays(T, 20) })
      .where(eq(hotels.id, hotel.Twenty!));
  });

  it('queues nothing while the operator has the kind switched off', async () => {
    await hotelEnding('Quiet', 15);
    await t.db
      .insert(messagingSettings)
      .values({ id: 1, disabledKinds: ['renewal_reminder'] })
      .onConflictDoUpdate({ target: messagingSettings.id, set: { disabledKinds: ['renewal_reminder'] } });
    expect(await runOn(t.db, addDays(T, 2))).toMatchObject({ ran: true, queued: { message: 0, email: 0 } });
    expect(await keysOf('Quiet')).toEqual([]);
    await t.db.update(messagingSettings).set({ disabledKinds: [] }).where(eq(messagingSettings.id, 1));
    // Switched on again: the next day's run queues it (a slot already run is not run again).
    expect(await runOn(t.db, addDays(T, 2))).toMatchObject({ ran: false });
    expect(await runOn(t.db, addDays(T, 3))).toMatchObject({ queued: { message: 1 } });
    expect(await keysOf('Quiet')).toEqual([`${addDays(T, 15)}/30`]);
  });
});

describe('who was reminded', () => {
  it('the hotel dashboard always shows the notice in the last 30 days, with the reminders sent', async () => {
    const thirty = await t.request('GET', '/api/hotel/dashboard', {
      token: await t.ownerToken('hotel', hotel.Thirty!),
    });
    expect(thirty.status).toBe(200);
    expect(thirty.body.subscription.renewal_notice).toEqual({
      ends_on: addDays(T, 30),
      days_to_end: 30,
      reminders: [{ days: 30, sent_at: expect.any(String), channels: ['email', 'whatsapp'] }],
    });
    // Within the window but nothing sent (its reminder waits): the notice still shows, with no reminders.
    const quiet = await t.request('GET', '/api/hotel/dashboard', { token: await t.ownerToken('hotel', hotel.Quiet!) });
    expect(quiet.body.subscription.renewal_notice).toEqual({ ends_on: addDays(T, 15), days_to_end: 15, reminders: [] });
    for (const name of ['Seven', 'Ended']) {
      const res = await t.request('GET', '/api/hotel/dashboard', { token: await t.ownerToken('hotel', hotel[name]!) });
      expect(res.body.subscription.renewal_notice).toBeNull();
    }
  });

  it('Renewal Tracking lists the hotels ending in 30 days and who was reminded, for every back-office role', async () => {
    for (const role of ['superadmin', 'admin', 'manager'] as const) {
      const res = await t.request('GET', '/api/dashboard/superadmin/renewals-due', { token: tokens[role] });
      expect(res.status).toBe(200);
      const names = res.body.rows.map((row: { hotel_name: string }) => row.hotel_name);
      expect(names).toEqual(
        expect.arrayContaining(['LastDay Residency', 'One Residency', 'Thirty Residency', 'Quiet Residency']),
      );
      for (const hidden of ['Seven Residency', 'Ended Residency', 'Off Residency', 'Archived Residency'])
        expect(names).not.toContain(hidden);
      const row = (name: string) => res.body.rows.find((r: { hotel_name: string }) => r.hotel_name === name);
      expect(row('LastDay Residency')).toMatchObject({ days_to_end: 0, reminders: [{ days: 1 }] });
      expect(row('Thirty Residency').reminders).toEqual([
        { days: 30, sent_at: expect.any(String), channels: ['email', 'whatsapp'] },
      ]);
      expect(row('Quiet Residency').reminders).toEqual([]);
      // Soonest first; no amounts.
      expect(res.body.rows[0].days_to_end).toBe(0);
      expect(JSON.stringify(res.body)).not.toMatch(/amount|revenue/);
    }
    for (const role of ['hotel', 'merchant'] as const) {
      const res = await t.request('GET', '/api/dashboard/superadmin/renewals-due', { token: tokens[role] });
      expect(res.status).toBe(403);
    }
  });
});
