import * as v from 'valibot';
import { MESSAGE_CHANNELS } from '../messages/table';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { RenewalDueRow, RenewalNotice, SentReminder } from './renewal-reminders.service';

/** A renewal reminder that went out for the current end date: 30, 7 or 1 days before it, when, and on what. */
export const SentReminderView = named(
  'SentRenewalReminder',
  v.strictObject({
    days: v.picklist([30, 7, 1]),
    /** When it first went (the provider's or the e-mail's, whichever was first). */
    sent_at: isoDateTime,
    /** The channels it went on: the provider's ('whatsapp', 'sms', 'log') and 'email' for the billing e-mail. */
    channels: v.array(v.picklist(MESSAGE_CHANNELS)),
  }),
);
export type SentReminderView = v.InferOutput<typeof SentReminderView>;

export const presentSentReminder = (reminder: SentReminder): SentReminderView => ({
  days: reminder.days,
  sent_at: reminder.sentAt.toISOString(),
  channels: reminder.channels as SentReminderView['channels'],
});

/** The hotel dashboard's renewal notice: the subscription's last 30 days (docs/PRODUCT.md "Renewal reminders"). */
export const RenewalNoticeView = v.strictObject({
  ends_on: isoDate,
  /** Days from today to the last paid day: 0 on that day. */
  days_to_end: int,
  /** The reminders sent for this end date, 30 first. */
  reminders: v.array(SentReminderView),
});
export type RenewalNoticeView = v.InferOutput<typeof RenewalNoticeView>;

export const presentRenewalNotice = (notice: RenewalNotice): RenewalNoticeView => ({
  ends_on: notice.end,
  days_to_end: notice.daysToEnd,
  reminders: notice.reminders.map(presentSentReminder),
});

/**
 * GET /dashboard/superadmin/renewals-due (every back-office role; no amounts): the hotels whose subscription ends in
 * the next 30 days, soonest first (at most 200 rows; `total` counts them all), and who was reminded.
 */
export const RenewalsDueView = named(
  'RenewalsDue',
  v.strictObject({
    total: int,
    rows: v.array(
      v.strictObject({
        hotel_id: uuid,
        hotel_name: v.string(),
        location: v.string(),
        ends_on: isoDate,
        days_to_end: int,
        reminders: v.array(SentReminderView),
      }),
    ),
  }),
);
export type RenewalsDueView = v.InferOutput<typeof RenewalsDueView>;

export const presentRenewalsDue = (due: { total: number; rows: RenewalDueRow[] }): RenewalsDueView => ({
  total: due.total,
  rows: due.rows.map((row) => ({
    hotel_id: row.hotelId,
    hotel_name: row.hotelName,
    location: row.location,
    ends_on: row.end,
    days_to_end: row.daysToEnd,
    reminders: row.reminders.map(presentSentReminder),
  })),
});
