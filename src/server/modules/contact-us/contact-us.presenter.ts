import * as v from 'valibot';
import { named } from '../../platform/openapi/shapes';
import type { ContactInfoRow } from './contact-us.service';

/** The single contact-info record shown on Contact Us; GET /contact-us answers null when none is saved. */
export const ContactInfoView = named(
  'ContactInfo',
  v.strictObject({
    name: v.string(),
    mobile_number: v.string(),
    service_helpline: v.nullable(v.string()),
    mail_support: v.nullable(v.string()),
    technical_support: v.nullable(v.string()),
  }),
);
export type ContactInfoView = v.InferOutput<typeof ContactInfoView>;

export const presentContactInfo = (row: ContactInfoRow): ContactInfoView => ({
  name: row.name,
  mobile_number: row.mobileNumber,
  service_helpline: row.serviceHelpline,
  mail_support: row.mailSupport,
  technical_support: row.technicalSupport,
});
