import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { addDays } from '../../shared/dates';
import type { Db } from '../db/client';
import { messageDaySends, messages } from '../modules/messages/table';

/** A row to insert; its times are SQL (a business day's hour in the business time zone). */
type Message = PgInsertValue<typeof messages>;
type Kind = (typeof messages.$inferInsert)['kind'];
type Channel = (typeof messages.$inferInsert)['channel'];
type Status = (typeof messages.$inferInsert)['status'];

/**
 * Ten days of messages for Settings › Message delivery (docs/OPERATING.md "Messages"), so the demo shows figures:
 * each kind on its channels, some failed or cancelled with a reason, and today's sends on WhatsApp and SMS. Every one
 * is finished (sent, failed or cancelled, its params blank as the worker leaves them), so the outbox has nothing to
 * send; no recipient is a demo guest's.
 */
export async function seedDemoMessages(db: Db, { today, timeZone }: { today: string; timeZone: string }) {
  const rows: Message[] = [];
  const at = (day: string, minute: number) =>
    sql`((${day}::date + make_interval(hours => 9, mins => ${minute})) at time zone ${timeZone})`;
  const add = (
    day: string,
    count: number,
    values: { kind: Kind; channel: Channel; status: Status; lastError?: string },
  ) => {
    for (let i = 0; i < count; i++)
      rows.push({
        subject: randomUUID(),
        recipient: `90000${String(rows.length).padStart(5, '0')}`,
        params: {},
        sentAt: values.status === 'sent' ? at(day, rows.length % 600) : null,
        createdAt: at(day, rows.length % 600),
        attempts: 1,
        ...values,
      });
  };
  let todayFrom = 0;
  for (let back = 9; back >= 0; back--) {
    const day = addDays(today, -back);
    if (back === 0) todayFrom = rows.length;
    const busy = 6 + ((back * 7) % 5);
    add(day, busy, { kind: 'checkout_reminder', channel: 'whatsapp', status: 'sent' });
    add(day, 1 + (back % 2), { kind: 'checkout_reminder', channel: 'push', status: 'sent' });
    add(day, back % 3 === 0 ? 2 : 1, { kind: 'checkout_reminder', channel: 'sms', status: 'sent' });
    add(day, 2 + (back % 3), { kind: 'expiry_reminder', channel: 'whatsapp', status: 'sent' });
    add(day, busy - 2, { kind: 'review_request', channel: 'whatsapp', status: 'sent' });
    add(day, 3, { kind: 'wallet_update', channel: 'wallet', status: 'sent' });
    add(day, 4 + (back % 4), { kind: 'verification_code', channel: 'whatsapp', status: 'sent' });
    if (back % 3 === 1)
      add(day, 1, {
        kind: 'review_request',
        channel: 'sms',
        status: 'failed',
        lastError: 'no SMS template for review_request (hi) in SMS_TEMPLATES',
      });
    if (back % 4 === 2)
      add(day, 1, {
        kind: 'expiry_reminder',
        channel: 'whatsapp',
        status: 'cancelled',
        lastError: 'the voucher was redeemed',
      });
  }
  add(today, 1, {
    kind: 'checkout_reminder',
    channel: 'sms',
    status: 'failed',
    lastError: 'gateway refused: DLT template not matched',
  });
  await db.insert(messages).values(rows);
  // Today's sends on the paid channels, as the worker counts them (codes included).
  const sentToday = (channel: Channel) =>
    rows.slice(todayFrom).filter((row) => row.channel === channel && row.status === 'sent').length;
  await db.insert(messageDaySends).values([
    { day: today, channel: 'whatsapp', sends: sentToday('whatsapp') },
    { day: today, channel: 'sms', sends: sentToday('sms') },
  ]);
}
