import type { Presented } from '../../platform/lib/presented';

/**
 * GET /config: the QR codes' origin, the support line guests see (the helpline, else the contact's mobile), and for
 * the privacy notice the mail support address (deletion requests) and the retention period (docs/PRIVACY.md).
 */
export function presentConfig(
  config: { publicUrl: string | undefined; guestDataRetentionDays: number },
  contact: { serviceHelpline: string | null; mobileNumber: string; mailSupport: string | null } | undefined,
) {
  return {
    public_url: config.publicUrl ?? null,
    guest_data_retention_days: config.guestDataRetentionDays,
    support_phone: contact?.serviceHelpline || contact?.mobileNumber || null,
    support_email: contact?.mailSupport || null,
  };
}

export type PublicConfigView = Presented<typeof presentConfig>;
