import { addDays, type IsoDate } from '../../../shared/dates';

/**
 * A hotel's renewal reminders (docs/PRODUCT.md "Renewal reminders"): 30, 7 and 1 days before its subscription ends
 * (hotels.subscription_end, the last paid day). Each is an outbox message of kind 'renewal_reminder' whose subject is
 * the hotel and whose key carries the end date and the days, so each is sent once per end date, and a renewal (a new
 * end date) starts afresh. The e-mail to the billing address is its twin, keyed with '/email'.
 */
export const RENEWAL_THRESHOLDS = [30, 7, 1] as const;
export type RenewalThreshold = (typeof RENEWAL_THRESHOLDS)[number];

/** The window the reminders and the dashboard's notice cover: the last 30 days before the end, and the end day. */
export const RENEWAL_WINDOW_DAYS = 30;

/** Days from `today` to the end date (0 on the last paid day). */
export const daysBetween = (today: IsoDate, end: IsoDate) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** The tightest threshold reached `daysToEnd` days before the end: a day missed is caught up, never gone back to. */
export const thresholdFor = (daysToEnd: number): RenewalThreshold => (daysToEnd <= 1 ? 1 : daysToEnd <= 7 ? 7 : 30);

/** The outbox keys of one reminder: on the message provider, and by e-mail. */
export const renewalKey = (end: IsoDate, days: RenewalThreshold, channel: 'message' | 'email') =>
  channel === 'email' ? `${end}/${days}/email` : `${end}/${days}`;

/** Every key an end date's reminders may have (read by their unique index, one equality each). */
export const renewalKeys = (end: IsoDate) =>
  RENEWAL_THRESHOLDS.flatMap((days) => [renewalKey(end, days, 'message'), renewalKey(end, days, 'email')]);

/** The end date and the days a key names. */
export function parseRenewalKey(key: string): { end: IsoDate; days: RenewalThreshold } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})\/(30|7|1)(\/email)?$/.exec(key);
  return match ? { end: match[1]!, days: Number(match[2]) as RenewalThreshold } : undefined;
}

/**
 * The business day after which a reminder is of no use: the next threshold's day (it takes over), or after the end
 * day for the last one.
 */
export const renewalReminderLastDay = (end: IsoDate, days: RenewalThreshold): IsoDate =>
  days === 30 ? addDays(end, -8) : days === 7 ? addDays(end, -2) : end;
