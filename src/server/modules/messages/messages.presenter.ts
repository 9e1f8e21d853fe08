import * as v from 'valibot';
import { int, named } from '../../platform/openapi/shapes';

/** GET and PUT /settings/messaging (the super admin): the code budgets, the provider in use, codes sent today. */
export const MessagingSettingsView = named(
  'MessagingSettings',
  v.strictObject({
    codes_per_hotel_day: int,
    codes_per_day: int,
    provider: v.picklist(['log', 'whatsapp', 'sms']),
    /** Whether the provider may send codes here (the log provider may not in production). */
    can_send_codes: v.boolean(),
    sent_today: int,
  }),
);
export type MessagingSettingsView = v.InferOutput<typeof MessagingSettingsView>;
