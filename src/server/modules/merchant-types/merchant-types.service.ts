import { asc, eq, sql } from 'drizzle-orm';
import type { MerchantTypeInput } from '../../../shared/schemas/settings';
import type { Db } from '../../db/client';
import { columnsExcept } from '../../db/table-columns';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';
import { merchantTypes } from './table';
import {
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
  transactionOr409,
} from '../../platform/lib/errors';
import { recordCreate, recordDelete, recordUpdate, type AuditContext } from '../audit/audit.service';

const DUPLICATE = 'A merchant type with this name already exists';
const IN_USE = 'This merchant type is used by merchants or hotels and cannot be deleted';
const MISSING = 'Merchant type not found';

const columns = columnsExcept(merchantTypes, 'createdAt');

export function listMerchantTypes(db: Db) {
  return db
    .select(columns)
    .from(merchantTypes)
    .orderBy(asc(sql`lower(${merchantTypes.name})`));
}

export function createMerchantType(db: Db, input: MerchantTypeInput, audit: AuditContext) {
  return transactionOr409(db, isUniqueViolation, DUPLICATE, async (tx) => {
    const [row] = await tx
      .insert(merchantTypes)
      .values({ name: input.name, thumbnailUrl: input.thumbnail_url ?? null })
      .returning(columns);
    await recordCreate(tx, audit, 'merchant_type', row!);
    return row!;
  });
}

/** An absent thumbnail_url keeps the current thumbnail; null clears it. */
export function updateMerchantType(db: Db, id: number, input: MerchantTypeInput, audit: AuditContext) {
  return transactionOr409(db, isUniqueViolation, DUPLICATE, async (tx) => {
    const [before] = await tx.select(columns).from(merchantTypes).where(eq(merchantTypes.id, id)).for('update');
    if (!before) throw notFound(MISSING);
    const [row] = await tx
      .update(merchantTypes)
      .set({ name: input.name, ...(input.thumbnail_url !== undefined && { thumbnailUrl: input.thumbnail_url }) })
      .where(eq(merchantTypes.id, id))
      .returning(columns);
    await recordUpdate(tx, audit, 'merchant_type', id, { before, after: row! });
    return row!;
  });
}

/**
 * A type still in use cannot be deleted (docs/PRODUCT.md "Archiving"): merchants of that type (archived ones too, their
 * history keeps the type) or hotels that chose it in their manual offer selection.
 */
export async function deleteMerchantType(db: Db, id: number, audit: AuditContext): Promise<void> {
  const inUse =
    (await db.$count(merchants, eq(merchants.merchantTypeId, id))) +
    (await db.$count(hotels, sql`${id} = any(${hotels.selectedMerchantTypes})`));
  if (inUse > 0) throw conflict(IN_USE);
  // A merchant added in between fails the delete on its foreign key: in use, too.
  await transactionOr409(db, isForeignKeyViolation, IN_USE, async (tx) => {
    const [deleted] = await tx.delete(merchantTypes).where(eq(merchantTypes.id, id)).returning(columns);
    if (!deleted) throw notFound(MISSING);
    await recordDelete(tx, audit, 'merchant_type', id, deleted);
  });
}
