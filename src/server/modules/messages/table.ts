import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../../db/columns';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';

/** What a message is about; its subject and key say which one (docs/PRODUCT.md "Guest trust", "Messages"). */
export const MESSAGE_KINDS = [
  'verification_code',
  /** The check-out morning: "You have N unused vouchers" (subject: the scan). */
  'checkout_reminder',
  /** 48 hours before a voucher expires (subject: the scan, key: the coupon). */
  'expiry_reminder',
  /** The day after check-out: the hotel's Google review link (subject: the scan). */
  'review_request',
  /** A Google Wallet pass's state to send to Google (subject: the coupon, key: a sequence). */
  'wallet_update',
  /** 30, 7 and 1 days before a hotel's subscription ends (subject: the hotel, key: the end date and the days). */
  'renewal_reminder',
] as const;
/** The kinds sent to a guest about a stay: consent, opt-out, quiet hours and the spend limits apply. */
export const GUEST_MESSAGE_KINDS = ['checkout_reminder', 'expiry_reminder', 'review_request'] as const;
/** 'email': a hotel's billing e-mail (renewal reminders), sent by platform/mail's mailer. */
export const MESSAGE_CHANNELS = ['log', 'whatsapp', 'sms', 'push', 'wallet', 'email'] as const;
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;

/**
 * The outbox (docs/PRODUCT.md "Messages"): every send is a row written before the send, keyed by (subject, kind, key)
 * so nothing is sent twice; the worker claims due rows with `for update skip locked`, so two servers never send one
 * twice. `recipient` is a guest's mobile number and `params` the template's variables (a verification code until it is
 * sent, then blanked): personal data, erased and kept as docs/PRIVACY.md "Codes and messages" says.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuidKey(),
    /** What the message is about: a verification code's id, a scan's id. */
    subject: text('subject').notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    /** Tells apart two messages of one subject and kind (e.g. a reminder's day); '' when there is one. */
    key: text('key').notNull().default(''),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    hotelId: uuid('hotel_id').references(() => hotels.id),
    /** The scan the message is about, so erasing the scan's guest finds it. */
    scanId: uuid('scan_id').references(() => customerScans.id),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    /** A message that is useless after this moment (a code after 10 minutes, a reminder after its day) is cancelled. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_subject_kind_key_uq').on(t.subject, t.kind, t.key),
    // The worker's claim: due rows first (queued, or sending whose claim ran out).
    index('messages_due_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // Erasure by the guest's number or scan, retention by age.
    index('messages_recipient_idx').on(t.recipient),
    index('messages_scan_idx')
      .on(t.scanId)
      .where(sql`${t.scanId} is not null`),
    index('messages_created_idx').on(t.createdAt),
    check('messages_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Messages handed to a provider per business day and channel (docs/PRODUCT.md "Reminders"): the daily spend limit's
 * counter, taken atomically before a send (so two servers never pass the limit together) and given back on a failure.
 */
export const messageDaySends = pgTable(
  'message_day_sends',
  {
    day: date('day').notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    sends: integer('sends').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.channel] }), check('message_day_sends_check', sql`${t.sends} >= 0`)],
);

/**
 * The programme's messaging settings (one row, id 1; docs/PRODUCT.md "Guest trust"): how many verification codes may
 * be sent a day for one hotel and for the whole programme, so nobody can run up the operator's text bill. The super
 * admin edits them in Settings (GET/PUT /api/settings/messaging); without the row the defaults apply.
 */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    id: integer('id').primaryKey().default(1),
    codesPerHotelDay: integer('codes_per_hotel_day').notNull().default(200),
    codesPerDay: integer('codes_per_day').notNull().default(2000),
    /** Rupees a day each paid channel may spend on guest messages; sending on it stops, visibly, once reached. */
    spendLimits: jsonb('spend_limits')
      .$type<Partial<Record<(typeof MESSAGE_CHANNELS)[number], number>>>()
      .notNull()
      .default({ whatsapp: 500, sms: 500 }),
    /** What one message costs on each paid channel, in paise (the operator's tariff). */
    pricesPaise: jsonb('prices_paise')
      .$type<Partial<Record<(typeof MESSAGE_CHANNELS)[number], number>>>()
      .notNull()
      .default({ whatsapp: 13, sms: 25 }),
    /** Message kinds the operator switched off: none of them is queued or sent. */
    disabledKinds: text('disabled_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messaging_settings_one_row', sql`${t.id} = 1`),
    check('messaging_settings_codes_check', sql`${t.codesPerHotelDay} >= 0 and ${t.codesPerDay} >= 0`),
  ],
);
