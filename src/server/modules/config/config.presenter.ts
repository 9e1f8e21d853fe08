import * as v from 'valibot';
import { int, named } from '../../platform/openapi/shapes';

/**
 * GET /config: the QR codes' origin, the support line guests see (the helpline, else the contact's mobile), and for
 * the privacy notice the mail support address (deletion requests) and the retention period (docs/PRIVACY.md).
 */
export const PublicConfigView = named(
  'PublicConfig',
  v.strictObject({
    public_url: v.nullable(v.string()),
    guest_data_retention_days: int,
    support_phone: v.nullable(v.string()),
    support_email: v.nullable(v.string()),
    /** "Add to Google Wallet" is offered (GOOGLE_WALLET_* set: docs/OPERATING.md "Google Wallet"). */
    google_wallet: v.boolean(),
  }),
);
export type PublicConfigView = v.InferOutput<typeof PublicConfigView>;

export function presentConfig(
  config: { publicUrl: string | undefined; guestDataRetentionDays: number; googleWallet?: object },
  contact: { serviceHelpline: string | null; mobileNumber: string; mailSupport: string | null } | undefined,
): PublicConfigView {
  return {
    public_url: config.publicUrl ?? null,
    guest_data_retention_days: config.guestDataRetentionDays,
    support_phone: contact?.serviceHelpline || contact?.mobileNumber || null,
    support_email: contact?.mailSupport || null,
    google_wallet: config.googleWallet !== undefined,
  };
}
