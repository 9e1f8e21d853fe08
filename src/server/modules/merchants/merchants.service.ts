import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { MerchantInput, MerchantLoginInput, MerchantSettingsInput } from '../../../shared/schemas/merchants';
import type { Db } from '../../db/client';
import { columnsExcept, type FormColumns } from '../../db/table-columns';
import { coupons } from '../coupons/table';
import { locations } from '../locations/table';
import { merchants } from './table';
import { merchantTypes } from '../merchant-types/table';
import { offers } from '../offers/table';
import { lockUnarchived } from '../../platform/lib/archivable';
import { AppError, isForeignKeyViolation, notFound } from '../../platform/lib/errors';
import {
  recordArchive,
  recordAudit,
  recordCreate,
  recordDelete,
  recordUpdate,
  type AuditContext,
} from '../audit/audit.service';
import { archiveOffersOfMerchant, countOffersOfMerchant } from '../offers/offers.service';
import { addOwnerLogin, deleteOwnerLogins, resetOwnerPassword } from '../users/logins.service';
import {
  endDeviceSession,
  findMerchantSession,
  listMerchantSessions,
  SESSION_NOT_FOUND,
} from '../users/sessions.service';

const MISSING = 'Merchant not found';

/** Offers shown in the lists: archived ones are history only. */
const offerCount = sql<number>`(select count(*)::int from ${offers} where ${offers.merchantId} = ${merchants.id} and ${offers.archivedAt} is null)`;

/** A merchant as the lists read it: its own columns but the unused image and the archive mark, and the names shown. */
const columns = {
  ...columnsExcept(merchants, 'imageUrl', 'archivedAt'),
  merchantTypeName: merchantTypes.name,
  locationName: locations.name,
  offerCount,
};

function selectMerchants(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(merchants)
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
    .innerJoin(locations, eq(locations.id, merchants.locationId))
    .where(and(isNull(merchants.archivedAt), where));
}

/** One merchant as read (the select's own type). */
export type MerchantRow = Awaited<ReturnType<typeof selectMerchants>>[number];

/** The back-office list (archived merchants are left out), optionally for one location, by name. */
export function listMerchants(db: Db, filter: { locationId?: number } = {}): Promise<MerchantRow[]> {
  return selectMerchants(db, filter.locationId ? eq(merchants.locationId, filter.locationId) : undefined).orderBy(
    asc(sql`lower(${merchants.name})`),
    asc(merchants.createdAt),
  );
}

export async function getMerchant(db: Db, id: string): Promise<MerchantRow> {
  const [row] = await selectMerchants(db, eq(merchants.id, id));
  if (!row) throw notFound(MISSING);
  return row;
}

/** A merchant that exists and is not archived (offers may only be added to those). */
export async function merchantExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, id), isNull(merchants.archivedAt)));
  return row !== undefined;
}

const values = (input: MerchantInput) =>
  ({
    name: input.name,
    merchantTypeId: input.merchant_type_id,
    locationId: input.location_id,
    contactNumber: input.contact_number,
    storeContactNumber: input.store_contact_number,
    address: input.address,
    locationLink: input.location_link,
    perGuestDays: input.per_guest_days,
  }) satisfies FormColumns<MerchantInput, typeof merchants>;

/** A location or merchant type id that does not exist is bad input (422), named by the constraint that failed. */
function missingReference(error: unknown): AppError | undefined {
  if (!isForeignKeyViolation(error)) return undefined;
  const constraint = constraintOf(error);
  if (constraint.includes('merchant_type')) return new AppError(422, 'Merchant type not found');
  if (constraint.includes('location')) return new AppError(422, 'Location not found');
  return new AppError(422, 'Location or merchant type not found');
}

/** The violated constraint's name, looking through Drizzle's wrapper (pg and PGlite both set `constraint`). */
function constraintOf(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

export async function createMerchant(db: Db, input: MerchantInput, audit: AuditContext): Promise<MerchantRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(merchants).values(values(input)).returning({ id: merchants.id });
      const created = await getMerchant(tx, row!.id);
      await recordCreate(tx, audit, 'merchant', created);
      return created;
    });
  } catch (error) {
    throw missingReference(error) ?? error;
  }
}

export async function updateMerchant(
  db: Db,
  id: string,
  input: MerchantInput,
  audit: AuditContext,
): Promise<MerchantRow> {
  try {
    return await db.transaction(async (tx) => {
      await lockUnarchived(tx, merchants, id, MISSING);
      const before = await getMerchant(tx, id);
      await tx.update(merchants).set(values(input)).where(eq(merchants.id, id));
      const after = await getMerchant(tx, id);
      await recordUpdate(tx, audit, 'merchant', id, { before, after });
      return after;
    });
  } catch (error) {
    throw missingReference(error) ?? error;
  }
}

/**
 * docs/PRODUCT.md "Archiving": a merchant that offers or coupons refer to is archived (with its offers), so every
 * coupon a guest holds keeps its merchant and offer; otherwise it is deleted. Either way its login goes: a deleted
 * merchant cannot sign in (its login goes in the same transaction).
 */
export async function deleteMerchant(db: Db, id: string, audit: AuditContext): Promise<'deleted' | 'archived'> {
  if (!(await merchantExists(db, id))) throw notFound(MISSING);
  const references = (await countOffersOfMerchant(db, id)) + (await db.$count(coupons, eq(coupons.merchantId, id)));
  if (references === 0) {
    try {
      await db.transaction(async (tx) => {
        const before = await getMerchant(tx, id);
        await deleteOwnerLogins(tx, { kind: 'merchant', id });
        await tx.delete(merchants).where(eq(merchants.id, id));
        await recordDelete(tx, audit, 'merchant', id, before);
      });
      return 'deleted';
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error; // an offer was added in between: archive instead
    }
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    const [current] = await selectMerchants(tx, eq(merchants.id, id)).for('update', { of: merchants });
    if (!current) throw notFound(MISSING); // archived in between
    const archivedOfferIds = await archiveOffersOfMerchant(tx, id, now);
    await tx.update(merchants).set({ archivedAt: now }).where(eq(merchants.id, id));
    await deleteOwnerLogins(tx, { kind: 'merchant', id });
    await recordArchive(tx, audit, 'merchant', id, current, { archived_at: now, archived_offer_ids: archivedOfferIds });
  });
  return 'archived';
}

/** A merchant's own settings (GET and PUT /merchant/settings). */
export interface MerchantSettings {
  perGuestDays: number | null;
}

export async function getMerchantSettings(db: Db, id: string): Promise<MerchantSettings> {
  const [row] = await db
    .select({ perGuestDays: merchants.perGuestDays })
    .from(merchants)
    .where(and(eq(merchants.id, id), isNull(merchants.archivedAt)));
  if (!row) throw notFound(MISSING);
  return row;
}

/**
 * PUT /merchant/settings: the merchant sets its own frequency (one voucher of any of its offers per mobile number
 * every N days, docs/PRODUCT.md "Offer rules"), recorded as an edit of the merchant with the field before and after.
 * The catalogue version moves with the merchant row (docs/DATA.md), so guest lists show the new rule at once.
 */
export async function setMerchantSettings(
  db: Db,
  id: string,
  input: MerchantSettingsInput,
  audit: AuditContext,
): Promise<MerchantSettings> {
  return db.transaction(async (tx) => {
    await lockUnarchived(tx, merchants, id, MISSING);
    const before = await getMerchantSettings(tx, id);
    const [row] = await tx
      .update(merchants)
      .set({ perGuestDays: input.per_guest_days })
      .where(eq(merchants.id, id))
      .returning({ perGuestDays: merchants.perGuestDays });
    await recordAudit(tx, audit, {
      action: 'merchant.update',
      entity: 'merchant',
      entityId: id,
      before: { per_guest_days: before.perGuestDays },
      after: { per_guest_days: row!.perGuestDays },
    });
    return row!;
  });
}

/** POST /users/merchant: the merchant's login, made after the merchant (docs/PRODUCT.md "Calls"). */
export async function createMerchantLogin(db: Db, input: MerchantLoginInput, audit: AuditContext) {
  if (!(await merchantExists(db, input.merchant_id))) throw notFound(MISSING);
  return addOwnerLogin(db, { kind: 'merchant', id: input.merchant_id }, input, audit);
}

/** POST /merchants/{id}/reset-password: the merchant's one login gets a new password; its sessions end. */
export async function resetMerchantPassword(db: Db, id: string, password: string, audit: AuditContext): Promise<void> {
  if (!(await merchantExists(db, id))) throw notFound(MISSING);
  await resetOwnerPassword(db, { kind: 'merchant', id }, password, audit);
}

/** GET /merchants/{id}/sessions: the live sessions of the merchant's logins; 404 for an unknown merchant. */
export async function listMerchantDevices(db: Db, id: string) {
  await getMerchant(db, id);
  return listMerchantSessions(db, id);
}

/** DELETE /merchants/{id}/sessions/{sessionId}: ends one session of one of its logins; 404 when it is not one. */
export async function endMerchantDevice(db: Db, id: string, sid: string, audit: AuditContext): Promise<void> {
  const session = await findMerchantSession(db, id, sid);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  await endDeviceSession(db, audit, session.userId, sid);
}
