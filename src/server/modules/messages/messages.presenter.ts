import * as v from 'valibot';
import { PAID_CHANNELS, SWITCHABLE_KINDS } from '../../../shared/schemas/messaging';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from './table';

const perPaidChannel = <T extends v.GenericSchema>(schema: T) =>
  v.strictObject({ whatsapp: schema, sms: schema } satisfies Record<(typeof PAID_CHANNELS)[number], T>);

/** A paid channel's day so far: sends (codes included), their cost, the limit, and whether guest messages now wait. */
const ChannelToday = named(
  'MessagingChannelToday',
  v.strictObject({
    sends: int,
    /** Rupees: sends × the channel's price. */
    spend_rupees: v.number(),
    limit_rupees: int,
    /** Guest messages on this channel wait (or take another channel) until tomorrow or a raised limit. */
    limit_reached: v.boolean(),
  }),
);

/**
 * GET and PUT /settings/messaging (the super admin): the code budgets, the provider in use and its fallback, codes
 * sent today; the paid channels' daily spend limits (rupees) and prices (paise), the kinds switched off, each paid
 * channel's day so far and the messages its limit holds back (docs/OPERATING.md "Messages").
 */
export const MessagingSettingsView = named(
  'MessagingSettings',
  v.strictObject({
    codes_per_hotel_day: int,
    codes_per_day: int,
    provider: v.picklist(['log', 'whatsapp', 'sms']),
    /** MESSAGE_FALLBACK: the provider that takes over a message the first failed for good. */
    fallback: v.nullable(v.picklist(PAID_CHANNELS)),
    /** Whether the provider may send codes here (the log provider may not in production). */
    can_send_codes: v.boolean(),
    sent_today: int,
    spend_limits: perPaidChannel(int),
    prices_paise: perPaidChannel(int),
    disabled_kinds: v.array(v.picklist(SWITCHABLE_KINDS)),
    today: perPaidChannel(ChannelToday),
    /** Guest messages queued because every channel they could take is at its limit. */
    held_by_limit: int,
  }),
);
export type MessagingSettingsView = v.InferOutput<typeof MessagingSettingsView>;

/**
 * GET /settings/messaging/delivery (the super admin): messages made on each business day of the range, by kind,
 * channel and status, and the latest failures and cancellations with their reason (never a recipient or params).
 */
export const MessagingDeliveryView = named(
  'MessagingDelivery',
  v.strictObject({
    from: isoDate,
    to: isoDate,
    counts: v.array(
      v.strictObject({
        day: isoDate,
        kind: v.picklist(MESSAGE_KINDS),
        channel: v.picklist(MESSAGE_CHANNELS),
        status: v.picklist(MESSAGE_STATUSES),
        count: int,
      }),
    ),
    failures: v.array(
      v.strictObject({
        id: uuid,
        kind: v.picklist(MESSAGE_KINDS),
        channel: v.picklist(MESSAGE_CHANNELS),
        status: v.picklist(['failed', 'cancelled']),
        created_at: isoDateTime,
        last_error: v.nullable(v.string()),
      }),
    ),
  }),
);
export type MessagingDeliveryView = v.InferOutput<typeof MessagingDeliveryView>;
