import { eq } from 'drizzle-orm';
import type { ContactInfoInput } from '../../../shared/schemas/settings';
import type { Db } from '../../db/client';
import { contactInfo } from '../../db/schema';

/** The contact details live in one row (id 1). */
const ROW_ID = 1;

const columns = {
  name: contactInfo.name,
  mobileNumber: contactInfo.mobileNumber,
  serviceHelpline: contactInfo.serviceHelpline,
  mailSupport: contactInfo.mailSupport,
  technicalSupport: contactInfo.technicalSupport,
};

export type ContactInfoRow = { name: string; mobileNumber: string; serviceHelpline: string | null; mailSupport: string | null; technicalSupport: string | null };

/** undefined until a super admin has saved the contact details once. */
export async function getContactInfo(db: Db): Promise<ContactInfoRow | undefined> {
  const [row] = await db.select(columns).from(contactInfo).where(eq(contactInfo.id, ROW_ID)).limit(1);
  return row;
}

/** Creates the record the first time, replaces every field afterwards (one statement, so two saves cannot clash). */
export async function saveContactInfo(db: Db, input: ContactInfoInput): Promise<ContactInfoRow> {
  const values = {
    name: input.name,
    mobileNumber: input.mobile_number,
    serviceHelpline: input.service_helpline,
    mailSupport: input.mail_support,
    technicalSupport: input.technical_support,
  };
  const [row] = await db
    .insert(contactInfo)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: contactInfo.id, set: { ...values, updatedAt: new Date() } })
    .returning(columns);
  return row!;
}
