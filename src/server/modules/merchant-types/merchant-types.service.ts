import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantTypes } from '../../db/schema';

const columns = { id: merchantTypes.id, name: merchantTypes.name, thumbnailUrl: merchantTypes.thumbnailUrl };

export function listMerchantTypes(db: Db) {
  return db.select(columns).from(merchantTypes).orderBy(asc(sql`lower(${merchantTypes.name})`));
}
