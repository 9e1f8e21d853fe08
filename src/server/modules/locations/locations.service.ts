import { asc, eq, sql } from 'drizzle-orm';
import type { GuestLanguage } from '../../../shared/guest-languages';
import type { LocationInput } from '../../../shared/schemas/locations';
import type { Db } from '../../db/client';
import { columnsExcept, type FormColumns } from '../../db/table-columns';
import { hotels } from '../hotels/table';
import { locations } from './table';
import { merchants } from '../merchants/table';
import {
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
  transactionOr409,
} from '../../platform/lib/errors';
import { recordCreate, recordDelete, recordUpdate, type AuditContext } from '../audit/audit.service';

const DUPLICATE = 'A location with this name already exists';
const IN_USE = 'This location has hotels or merchants and cannot be deleted';
const MISSING = 'Location not found';

const columns = columnsExcept(locations, 'createdAt');

export function listLocations(db: Db) {
  return db
    .select(columns)
    .from(locations)
    .orderBy(asc(sql`lower(${locations.name})`));
}

export async function getLocation(db: Db, id: number) {
  const [row] = await db.select(columns).from(locations).where(eq(locations.id, id));
  if (!row) throw notFound(MISSING);
  return row;
}

/**
 * A location's columns from the form; without `default_language` English on a create, the location's own language on
 * an update (docs/PRODUCT.md "Languages").
 */
const toColumns = (input: LocationInput, defaultLanguage: GuestLanguage) =>
  ({
    name: input.name,
    defaultLanguage: input.default_language ?? defaultLanguage,
  }) satisfies FormColumns<LocationInput, typeof locations>;

export function createLocation(db: Db, input: LocationInput, audit: AuditContext) {
  return transactionOr409(db, isUniqueViolation, DUPLICATE, async (tx) => {
    const [row] = await tx.insert(locations).values(toColumns(input, 'en')).returning(columns);
    await recordCreate(tx, audit, 'location', row!);
    return row!;
  });
}

export function updateLocation(db: Db, id: number, input: LocationInput, audit: AuditContext) {
  return transactionOr409(db, isUniqueViolation, DUPLICATE, async (tx) => {
    const [before] = await tx.select(columns).from(locations).where(eq(locations.id, id)).for('update');
    if (!before) throw notFound(MISSING);
    const [row] = await tx
      .update(locations)
      .set(toColumns(input, before.defaultLanguage))
      .where(eq(locations.id, id))
      .returning(columns);
    await recordUpdate(tx, audit, 'location', id, { before, after: row! });
    return row!;
  });
}

/** Archived hotels and merchants still count: their history keeps pointing at the location. */
export async function deleteLocation(db: Db, id: number, audit: AuditContext): Promise<void> {
  const users =
    (await db.$count(hotels, eq(hotels.locationId, id))) + (await db.$count(merchants, eq(merchants.locationId, id)));
  if (users > 0) throw conflict(IN_USE);
  // A hotel added in between fails the delete on its foreign key: in use, too.
  await transactionOr409(db, isForeignKeyViolation, IN_USE, async (tx) => {
    const [deleted] = await tx.delete(locations).where(eq(locations.id, id)).returning(columns);
    if (!deleted) throw notFound(MISSING);
    await recordDelete(tx, audit, 'location', id, deleted);
  });
}
