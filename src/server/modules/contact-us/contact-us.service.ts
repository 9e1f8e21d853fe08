import { eq } from 'drizzle-orm';
import type { ContactInfoInput } from '../../../shared/schemas/settings';
import type { Db } from '../../db/client';
import { columnsExcept, type RowOf } from '../../db/table-columns';
import { contactInfo } from './table';
import { asAuditRecord, recordAudit, type AuditContext } from '../audit/audit.service';

/** The contact details live in one row (id 1). */
const ROW_ID = 1;

/** The record's fields (its id and update time are bookkeeping). */
const columns = columnsExcept(contactInfo, 'id', 'updatedAt');

export type ContactInfoRow = RowOf<typeof columns>;

/** undefined until a super admin has saved the contact details once. */
export async function getContactInfo(db: Db): Promise<ContactInfoRow | undefined> {
  const [row] = await db.select(columns).from(contactInfo).where(eq(contactInfo.id, ROW_ID)).limit(1);
  return row;
}

/**
 * Creates the record the first time, replaces every field afterwards (one upsert, so two saves cannot clash; the
 * row lock of the read before it keeps the audit's "before" exact).
 */
export async function saveContactInfo(db: Db, input: ContactInfoInput, audit: AuditContext): Promise<ContactInfoRow> {
  const values = {
    name: input.name,
    mobileNumber: input.mobile_number,
    serviceHelpline: input.service_helpline,
    mailSupport: input.mail_support,
    technicalSupport: input.technical_support,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(contactInfo).where(eq(contactInfo.id, ROW_ID)).for('update');
    const [row] = await tx
      .insert(contactInfo)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: contactInfo.id, set: { ...values, updatedAt: new Date() } })
      .returning(columns);
    await recordAudit(tx, audit, {
      action: 'contact_info.update',
      entity: 'contact_info',
      entityId: ROW_ID,
      before: before ? asAuditRecord(before) : null,
      after: asAuditRecord(row!),
    });
    return row!;
  });
}
