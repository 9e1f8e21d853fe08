import * as v from 'valibot';
import { optionalParam } from './common';

/**
 * Delivery at a glance (Settings › Messaging, the super admin; docs/PRODUCT.md "Reminders", docs/OPERATING.md
 * "Messages"): the daily spend limits and prices of the paid channels, the message kinds the operator may switch off,
 * and the delivery view's days. PUT /settings/messaging takes the first three with the verification code budgets
 * (MessagingSettingsSchema); GET /settings/messaging/delivery the last. Kept apart from schemas/verification.ts, which
 * the guest's phone verification screens load.
 */

/** The channels that cost money per message; push and Wallet cost nothing. */
export const PAID_CHANNELS = ['whatsapp', 'sms'] as const;
export type PaidChannel = (typeof PAID_CHANNELS)[number];

/**
 * The kinds the operator can switch off: the guest messages, the Wallet updates and the hotels' renewal reminders,
 * never a verification code.
 */
export const SWITCHABLE_KINDS = [
  'checkout_reminder',
  'expiry_reminder',
  'review_request',
  'wallet_update',
  'renewal_reminder',
] as const;
export type SwitchableKind = (typeof SWITCHABLE_KINDS)[number];

/** What the screen calls each message kind. */
export const MESSAGE_KIND_NAMES = {
  verification_code: 'Verification code',
  checkout_reminder: 'Check-out morning reminder',
  expiry_reminder: 'Expiry reminder',
  review_request: 'Review request',
  wallet_update: 'Google Wallet updates',
  renewal_reminder: 'Hotel renewal reminder',
} as const satisfies Record<SwitchableKind | 'verification_code', string>;

export const CHANNEL_NAMES = {
  log: 'Log',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  push: 'Web Push',
  wallet: 'Wallet',
  email: 'E-mail',
} as const;

export const MAX_SPEND_LIMIT_RUPEES = 100_000;
export const MAX_PRICE_PAISE = 1000;

const wholeNumber = (label: string, max: number, range: string) =>
  v.pipe(
    v.number(`${label} must be a whole number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(0, `${label} must be ${range}`),
    v.maxValue(max, `${label} must be ${range}`),
  );
const rupees = (label: string) => wholeNumber(label, MAX_SPEND_LIMIT_RUPEES, 'from ₹0 to ₹1,00,000');
const paise = (label: string) => wholeNumber(label, MAX_PRICE_PAISE, 'from 0 to 1,000 paise');

/** Rupees a day each paid channel may spend on guest messages (0 sends none). */
export const SpendLimits = v.strictObject(
  { whatsapp: rupees('WhatsApp daily limit'), sms: rupees('SMS daily limit') },
  'spend_limits must give whatsapp and sms',
);
/** What one message costs on each paid channel, in paise (0: free, no limit applies). */
export const PricesPaise = v.strictObject(
  { whatsapp: paise('WhatsApp price'), sms: paise('SMS price') },
  'prices_paise must give whatsapp and sms',
);
const KIND_LIST = `disabled_kinds must be a list of ${SWITCHABLE_KINDS.join(', ')}`;
/** The kinds switched off, each once. */
export const DisabledKinds = v.pipe(
  v.array(v.picklist(SWITCHABLE_KINDS, KIND_LIST), KIND_LIST),
  v.transform((kinds) => SWITCHABLE_KINDS.filter((kind) => kinds.includes(kind))),
);

export const DELIVERY_DAYS_DEFAULT = 14;
export const DELIVERY_DAYS_MAX = 60;

/** GET /settings/messaging/delivery: how many business days back, today included (1 to 60, default 14). */
export const DeliveryQuerySchema = v.object({
  days: optionalParam(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'days must be a whole number'),
      v.transform(Number),
      v.minValue(1, `days must be 1 to ${DELIVERY_DAYS_MAX}`),
      v.maxValue(DELIVERY_DAYS_MAX, `days must be 1 to ${DELIVERY_DAYS_MAX}`),
    ),
  ),
});
export type DeliveryQuery = v.InferOutput<typeof DeliveryQuerySchema>;

/** A daily budget of verification codes (docs/PRODUCT.md "Guest trust"). */
const budget = (label: string) =>
  v.pipe(
    v.number(`${label} must be a whole number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(0, `${label} must be between 0 and 1,000,000`),
    v.maxValue(1_000_000, `${label} must be between 0 and 1,000,000`),
  );

/**
 * PUT /settings/messaging (the super admin): the daily budgets of verification codes (0 sends none), and, each left
 * as saved when absent, the paid channels' daily spend limits and prices and the message kinds switched off.
 */
export const MessagingSettingsSchema = v.object({
  codes_per_hotel_day: budget('Codes per hotel a day'),
  codes_per_day: budget('Codes a day for the programme'),
  spend_limits: v.optional(SpendLimits),
  prices_paise: v.optional(PricesPaise),
  disabled_kinds: v.optional(DisabledKinds),
});
export type MessagingSettingsInput = v.InferOutput<typeof MessagingSettingsSchema>;
