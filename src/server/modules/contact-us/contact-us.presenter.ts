import type { Presented } from '../../platform/lib/presented';
import type { ContactInfoRow } from './contact-us.service';

/** The single contact-info record shown on Contact Us; GET /contact-us answers null when none is saved. */
export const presentContactInfo = (row: ContactInfoRow) => ({
  name: row.name,
  mobile_number: row.mobileNumber,
  service_helpline: row.serviceHelpline,
  mail_support: row.mailSupport,
  technical_support: row.technicalSupport,
});

export type ContactInfoView = Presented<typeof presentContactInfo>;
