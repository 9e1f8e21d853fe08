import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import { MessagingSettingsSchema } from '../../../shared/schemas/verification';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv, MessagingDeps } from '../../platform/context';
import type { ProviderMessenger } from '../../platform/messaging/messenger';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { MessagingSettingsView } from './messages.presenter';
import { codesSentOn, getMessagingBudgets, saveMessagingBudgets, type MessagingBudgets } from './messages.service';

async function present(
  db: Db,
  budgets: MessagingBudgets,
  messenger: ProviderMessenger,
  today: string,
): Promise<MessagingSettingsView> {
  return {
    codes_per_hotel_day: budgets.codesPerHotelDay,
    codes_per_day: budgets.codesPerDay,
    provider: messenger.channel,
    can_send_codes: messenger.canSendCodes,
    sent_today: await codesSentOn(db, today),
  };
}

/** /api/settings/messaging (Settings › Messaging, the super admin; docs/PRODUCT.md "Guest trust"). */
export function messagingSettingsRoutes({ db, config }: AppDeps, { messenger }: MessagingDeps) {
  const today = () => todayIn(config.timeZone);
  return new Hono<AppEnv>()
    .get('/', answers(MessagingSettingsView), requireRole('manageSettings'), async (c) =>
      c.json(await present(db, await getMessagingBudgets(db), messenger, today())),
    )
    .put(
      '/',
      answers(MessagingSettingsView),
      requireRole('manageSettings'),
      validate('json', MessagingSettingsSchema),
      async (c) => {
        const saved = await saveMessagingBudgets(db, c.req.valid('json'), auditContext(c, config));
        return c.json(await present(db, saved, messenger, today()));
      },
    );
}
