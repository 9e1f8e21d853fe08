import type { PublicConfig } from '../../../shared/types';

/** GET /config: the QR codes' origin, and the support line guests see (the helpline, else the contact's mobile). */
export function presentConfig(
  publicUrl: string | undefined,
  contact: { serviceHelpline: string | null; mobileNumber: string } | undefined,
): PublicConfig {
  return {
    public_url: publicUrl ?? null,
    support_phone: contact?.serviceHelpline || contact?.mobileNumber || null,
  };
}
