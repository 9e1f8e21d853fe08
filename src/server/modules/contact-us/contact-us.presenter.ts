import type { ContactInfo } from '../../../shared/types';
import type { ContactInfoRow } from './contact-us.service';

export const presentContactInfo = (row: ContactInfoRow): ContactInfo => ({
  name: row.name,
  mobile_number: row.mobileNumber,
  service_helpline: row.serviceHelpline,
  mail_support: row.mailSupport,
  technical_support: row.technicalSupport,
});
