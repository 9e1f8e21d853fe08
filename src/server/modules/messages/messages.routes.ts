import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import {
  DELIVERY_DAYS_DEFAULT,
  DeliveryQuerySchema,
  MessagingSettingsSchema,
  PAID_CHANNELS,
  SWITCHABLE_KINDS,
} from '../../../shared/schemas/messaging';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv, MessagingDeps } from '../../platform/context';
import type { ProviderMessenger } from '../../platform/messaging/messenger';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { channelsToday, deliveryFigures, heldByLimit } from './delivery.service';
import { MessagingDeliveryView, MessagingSettingsView } from './messages.presenter';
import { codesSentOn, getMessagingSettings, saveMessagingSettings, type MessagingSettings } from './messages.service';

/** Each paid channel's value of a per-channel setting (0 when the row has none). */
const perPaidChannel = (values: Partial<Record<string, number>>) =>
  Object.fromEntries(PAID_CHANNELS.map((channel) => [channel, values[channel] ?? 0])) as Record<
    (typeof PAID_CHANNELS)[number],
    number
  >;

async function present(
  db: Db,
  settings: MessagingSettings,
  providers: { messenger: ProviderMessenger; fallback: MessagingSettingsView['fallback'] },
  today: string,
): Promise<MessagingSettingsView> {
  const channels = await channelsToday(db, today, settings);
  return {
    codes_per_hotel_day: settings.codesPerHotelDay,
    codes_per_day: settings.codesPerDay,
    provider: providers.messenger.channel,
    fallback: providers.fallback,
    can_send_codes: providers.messenger.canSendCodes,
    sent_today: await codesSentOn(db, today),
    spend_limits: perPaidChannel(settings.spendLimits),
    prices_paise: perPaidChannel(settings.pricesPaise),
    disabled_kinds: SWITCHABLE_KINDS.filter((kind) => settings.disabledKinds.includes(kind)),
    today: {
      whatsapp: channelView(channels.whatsapp),
      sms: channelView(channels.sms),
    },
    held_by_limit: await heldByLimit(db),
  };
}

const channelView = (channel: Awaited<ReturnType<typeof channelsToday>>['sms']) => ({
  sends: channel.sends,
  spend_rupees: channel.spendPaise / 100,
  limit_rupees: channel.limitRupees,
  limit_reached: channel.limitReached,
});

/**
 * /api/settings/messaging (Settings › Messaging, the super admin; docs/PRODUCT.md "Guest trust", docs/OPERATING.md
 * "Messages"): the settings, and delivery at a glance.
 */
export function messagingSettingsRoutes({ db, config }: AppDeps, { messenger }: MessagingDeps) {
  const today = () => todayIn(config.timeZone);
  const providers = { messenger, fallback: config.messagingFallback?.provider ?? null };
  return new Hono<AppEnv>()
    .get('/', answers(MessagingSettingsView), requireRole('manageSettings'), async (c) =>
      c.json(await present(db, await getMessagingSettings(db), providers, today())),
    )
    .put(
      '/',
      answers(MessagingSettingsView),
      requireRole('manageSettings'),
      validate('json', MessagingSettingsSchema),
      async (c) => {
        const saved = await saveMessagingSettings(db, c.req.valid('json'), auditContext(c, config));
        return c.json(await present(db, saved, providers, today()));
      },
    )
    .get(
      '/delivery',
      answers(MessagingDeliveryView),
      requireRole('manageSettings'),
      validate('query', DeliveryQuerySchema),
      async (c) => {
        const to = today();
        const days = c.req.valid('query').days ?? DELIVERY_DAYS_DEFAULT;
        const figures = await deliveryFigures(db, config.timeZone, to, days);
        return c.json<MessagingDeliveryView>({
          from: figures.from,
          to,
          counts: figures.counts,
          failures: figures.failures.map((failure) => ({
            id: failure.id,
            kind: failure.kind,
            channel: failure.channel,
            status: failure.status,
            created_at: failure.createdAt,
            last_error: failure.lastError,
          })),
        });
      },
    );
}
