import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates';
import type { HotelInput, HotelLoginQuery, RenewalInput } from '../../../shared/schemas/hotels';
import type { HotelBillingInput } from '../../../shared/schemas/invoices';
import type { Db } from '../../db/client';
import { columnsExcept, type FormColumns } from '../../db/table-columns';
import { customerScans } from '../customer-scans/table';
import { hotels } from './table';
import { locations } from '../locations/table';
import { reviewSnapshots } from '../reviews/table';
import { lockUnarchived } from '../../platform/lib/archivable';
import { documentLinksUnder, moveDocumentLinks } from '../../platform/lib/document-links';
import { AppError, conflict, notFound } from '../../platform/lib/errors';
import {
  asAuditRecord,
  recordArchive,
  recordAudit,
  recordCreate,
  recordDelete,
  recordUpdate,
  type AuditContext,
} from '../audit/audit.service';
import { getLocation } from '../locations/locations.service';
import { refreshSettled } from '../payments/payments.service';
import { listMerchantTypes } from '../merchant-types/merchant-types.service';
import {
  getBillingSettings,
  getHotelBilling,
  invoiceOfPeriod,
  issueCreditNote,
  issuePeriodInvoice,
  saveHotelBilling,
  type HotelBillingRow,
} from '../invoices/invoices.service';
import {
  addPeriod,
  correctPeriod,
  countPeriods,
  getPeriod,
  latestPeriod,
  listRenewals,
  markPeriodCancelled,
  periodEnd,
  renewalStart,
  requireDuration,
} from '../subscriptions/subscriptions.service';
import { addOwnerLogin, deleteOwnerLogins, ownerUsername, resetOwnerPassword } from '../users/logins.service';

const MISSING = 'Hotel not found';

/**
 * A hotel as the back office and the guest read it: its own columns (archived ones are never shown), its place and
 * that place's guest page language (docs/PRODUCT.md "Languages").
 */
const hotelColumns = {
  ...columnsExcept(hotels, 'archivedAt'),
  locationName: locations.name,
  locationDefaultLanguage: locations.defaultLanguage,
};

/**
 * A hotel is active when it has not been switched off and its subscription has not ended (docs/PRODUCT.md
 * "Subscriptions and revenue"): the last paid day counts. The scan check uses this too. A hotel without any end date
 * (never subscribed) follows its flag.
 */
export function isHotelActive(row: { isActive: boolean; subscriptionEnd: string | null }, today: IsoDate): boolean {
  return row.isActive && (row.subscriptionEnd === null || row.subscriptionEnd >= today);
}

function selectHotels(db: Db) {
  return db.select(hotelColumns).from(hotels).innerJoin(locations, eq(locations.id, hotels.locationId));
}

/** One hotel as read (the select's own type): what the presenters, the export and the audit see. */
export type HotelRow = Awaited<ReturnType<typeof selectHotels>>[number];

/** Hotels not archived, newest first, optionally in one location. */
export function listHotels(db: Db, filter: { locationId?: number } = {}): Promise<HotelRow[]> {
  const conditions = [isNull(hotels.archivedAt)];
  if (filter.locationId !== undefined) conditions.push(eq(hotels.locationId, filter.locationId));
  return selectHotels(db)
    .where(and(...conditions))
    .orderBy(desc(hotels.createdAt), desc(hotels.id));
}

/** A hotel that is not archived; 404 otherwise. */
export async function getHotel(db: Db, id: string): Promise<HotelRow> {
  const [row] = await selectHotels(db).where(and(eq(hotels.id, id), isNull(hotels.archivedAt)));
  if (!row) throw notFound(MISSING);
  return row;
}

/** Checks the references a hotel form points at; each missing one is a 422 that names it. */
async function checkReferences(db: Db, input: HotelInput) {
  try {
    await getLocation(db, input.location_id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new AppError(422, 'Selected location does not exist');
    throw error;
  }
  const duration = await requireDuration(db, input.subscription_duration_id);
  if (input.offer_selection_type === 'manual' && input.selected_merchant_types.length > 0) {
    const known = new Set((await listMerchantTypes(db)).map((t) => t.id));
    if (input.selected_merchant_types.some((id) => !known.has(id)))
      throw new AppError(422, 'Selected merchant type does not exist');
  }
  return duration;
}

/** The hotel form's billing details: the invoices module keeps them (hotel_billing), not the hotels table. */
type BillingField = 'gstin' | 'state_code' | 'billing_email';

/** The columns a hotel form sets (create and edit alike). `all` keeps no checklist: every type is offered. */
function formValues(input: HotelInput) {
  return {
    name: input.name,
    locationId: input.location_id,
    address: input.address,
    contactNumber: input.contact_number,
    contactPerson: input.contact_person,
    logoUrl: input.logo_url,
    googleLink: input.google_link,
    googlePlaceId: input.google_place_id,
    subscriptionDurationId: input.subscription_duration_id,
    subscriptionRevenue: input.subscription_revenue,
    contractUrl: input.contract_url,
    paymentScreenshotUrl: input.payment_screenshot_url,
    qrCodeUrl: input.qr_code_url,
    offerSelectionType: input.offer_selection_type,
    selectedMerchantTypes: input.offer_selection_type === 'manual' ? input.selected_merchant_types : [],
    // Absent (undefined) keeps the saved switch: Drizzle leaves an undefined column out of the write.
    phoneVerification: input.phone_verification,
  } satisfies FormColumns<Omit<HotelInput, BillingField>, typeof hotels>;
}

/**
 * The billing details a hotel form gives (docs/PRODUCT.md "Tax invoices"), a key left out keeping `saved`'s value;
 * undefined when it gives none, or nothing that differs from `saved` (no write, no audit event).
 */
function billingChange(input: HotelInput, saved: HotelBillingRow): HotelBillingInput | undefined {
  const given = {
    gstin: input.gstin === undefined ? saved.gstin : input.gstin,
    state_code: input.state_code === undefined ? saved.stateCode : input.state_code,
    billing_email: input.billing_email === undefined ? saved.billingEmail : input.billing_email,
  };
  // A GSTIN gives the state when none is chosen, as saveHotelBilling stores it.
  const stateCode = given.state_code ?? given.gstin?.slice(0, 2) ?? null;
  const same =
    given.gstin === saved.gstin && stateCode === saved.stateCode && given.billing_email === saved.billingEmail;
  return same ? undefined : given;
}

/** Saves the form's billing details in the caller's transaction; a GSTIN of another state is a 422 that undoes it. */
async function saveFormBilling(tx: Db, hotelId: string, input: HotelInput, audit: AuditContext) {
  const change = billingChange(input, await getHotelBilling(tx, hotelId));
  if (change) await saveHotelBilling(tx, hotelId, change, audit);
}

/**
 * Creates the hotel and its first subscription period: from today (business time zone) for the chosen duration,
 * amount = subscription_revenue, paid now, with its tax invoice (docs/PRODUCT.md "Tax invoices"). One transaction:
 * no hotel without its period, no period without its invoice once billing is set up.
 */
export async function createHotel(db: Db, input: HotelInput, today: IsoDate, audit: AuditContext): Promise<HotelRow> {
  const duration = await checkReferences(db, input);
  const toDate = periodEnd(today, duration.months);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [hotel] = await tx
      .insert(hotels)
      .values({
        ...formValues(input),
        isActive: true,
        renewalCount: 0,
        subscriptionEnd: toDate,
        createdAt: now,
        firstCreatedDate: now,
      })
      .returning({ id: hotels.id });
    // Before the period: its invoice prints the hotel's GSTIN and place of supply.
    await saveFormBilling(tx, hotel!.id, input, audit);
    const period = await addPeriod(tx, {
      hotelId: hotel!.id,
      subscriptionDurationId: duration.id,
      fromDate: today,
      toDate,
      amount: input.subscription_revenue,
      isRenewal: false,
      contractUrl: input.contract_url,
      paymentScreenshotUrl: input.payment_screenshot_url,
    });
    await issuePeriodInvoice(tx, { ...period, durationName: duration.name }, today);
    const created = await getHotel(tx, hotel!.id);
    await recordCreate(tx, audit, 'hotel', created);
    return created;
  });
}

/**
 * Edits a hotel; never adds a period. The subscription fields of the record describe its latest period, so a
 * changed duration, revenue, contract or payment proof corrects that period in place (a typo fix, not a new
 * payment): its end becomes start + the new duration and subscription_end follows.
 */
export async function updateHotel(db: Db, id: string, input: HotelInput, audit: AuditContext): Promise<HotelRow> {
  await getHotel(db, id);
  const duration = await checkReferences(db, input);
  return db.transaction(async (tx) => {
    await lockUnarchived(tx, hotels, id, MISSING);
    const before = await getHotel(tx, id);
    const values: Partial<typeof hotels.$inferInsert> = formValues(input);
    const period = await latestPeriod(tx, id);
    if (period) {
      const toDate =
        period.subscriptionDurationId === duration.id ? period.toDate : periodEnd(period.fromDate, duration.months);
      // An invoiced period is what its invoice says (docs/PRODUCT.md "Tax invoices"): no correction in place.
      if (
        (toDate !== period.toDate || input.subscription_revenue !== period.amount) &&
        (await invoiceOfPeriod(tx, period.id))
      )
        throw conflict(INVOICED_PERIOD);
      await correctPeriod(tx, period.id, {
        subscriptionDurationId: duration.id,
        toDate,
        amount: input.subscription_revenue,
        contractUrl: input.contract_url,
        paymentScreenshotUrl: input.payment_screenshot_url,
      });
      // What it owes may have changed (an amount without an invoice): settled or not again.
      await refreshSettled(tx, period.id);
      values.subscriptionEnd = toDate;
    }
    await tx.update(hotels).set(values).where(eq(hotels.id, id));
    await saveFormBilling(tx, id, input, audit);
    const after = await getHotel(tx, id);
    await recordUpdate(tx, audit, 'hotel', id, { before, after });
    return after;
  });
}

/**
 * Renews (docs/PRODUCT.md "Subscriptions and revenue"): a new paid period from the later of today and the day after the
 * current end, for the chosen duration. The hotel becomes active, its end moves, the renewal count goes up; the QR code
 * (its id) is unchanged.
 */
export async function renewHotel(
  db: Db,
  id: string,
  input: RenewalInput,
  today: IsoDate,
  audit: AuditContext,
): Promise<HotelRow> {
  await getHotel(db, id);
  const duration = await requireDuration(db, input.subscription_duration_id);
  return db.transaction(async (tx) => {
    // Lock the row so two renewals at once queue up and the second starts after the first.
    const [current] = await tx
      .select({
        subscriptionEnd: hotels.subscriptionEnd,
        contractUrl: hotels.contractUrl,
        paymentScreenshotUrl: hotels.paymentScreenshotUrl,
      })
      .from(hotels)
      .where(and(eq(hotels.id, id), isNull(hotels.archivedAt)))
      .for('update');
    if (!current) throw notFound(MISSING);
    const before = await getHotel(tx, id);
    const fromDate = renewalStart(today, current.subscriptionEnd);
    const toDate = periodEnd(fromDate, duration.months);
    const period = await addPeriod(tx, {
      hotelId: id,
      subscriptionDurationId: duration.id,
      fromDate,
      toDate,
      amount: input.subscription_revenue,
      isRenewal: true,
      contractUrl: input.contract_url,
      paymentScreenshotUrl: input.payment_screenshot_url,
    });
    const invoice = await issuePeriodInvoice(tx, { ...period, durationName: duration.name }, today);
    await tx
      .update(hotels)
      .set({
        subscriptionEnd: toDate,
        isActive: true,
        renewalCount: sql`${hotels.renewalCount} + 1`,
        subscriptionDurationId: duration.id,
        subscriptionRevenue: input.subscription_revenue,
        contractUrl: input.contract_url ?? current.contractUrl,
        paymentScreenshotUrl: input.payment_screenshot_url ?? current.paymentScreenshotUrl,
      })
      .where(eq(hotels.id, id));
    const after = await getHotel(tx, id);
    await recordAudit(tx, audit, {
      action: 'hotel.renew',
      entity: 'hotel',
      entityId: id,
      before: asAuditRecord(before),
      after: {
        ...asAuditRecord(after),
        renewal: {
          from_date: fromDate,
          to_date: toDate,
          amount: input.subscription_revenue,
          invoice_number: invoice?.number ?? null,
        },
      },
    });
    return after;
  });
}

export const INVOICED_PERIOD =
  'This subscription period has a tax invoice: its amount and duration cannot change. Cancel the renewal (a credit note) and renew again';

/**
 * Cancels a renewal (docs/PRODUCT.md "Tax invoices"; the super admin, with a reason): only the hotel's latest
 * period, and only a renewal. The period stays, marked cancelled, and stops counting as revenue; the hotel's end,
 * duration, amount and renewal count go back to the period before; its invoice, if any, is cancelled by a credit note
 * of its own series. One transaction, audited.
 */
export async function cancelRenewal(db: Db, periodId: string, reason: string, today: IsoDate, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const period = await getPeriod(tx, periodId);
    await lockUnarchived(tx, hotels, period.hotelId, MISSING);
    if (period.cancelledAt) throw conflict('This subscription period is already cancelled');
    if (!period.isRenewal) throw conflict("Only a renewal can be cancelled: the hotel's first period stays");
    const latest = await latestPeriod(tx, period.hotelId);
    if (latest?.id !== period.id) throw conflict("Only the hotel's latest renewal can be cancelled");
    const before = await getHotel(tx, period.hotelId);
    await markPeriodCancelled(tx, period.id, reason);
    const previous = (await latestPeriod(tx, period.hotelId))!;
    await tx
      .update(hotels)
      .set({
        subscriptionEnd: previous.toDate,
        subscriptionDurationId: previous.subscriptionDurationId,
        subscriptionRevenue: previous.amount,
        renewalCount: sql`greatest(${hotels.renewalCount} - 1, 0)`,
      })
      .where(eq(hotels.id, period.hotelId));
    const invoice = await invoiceOfPeriod(tx, period.id);
    const settings = invoice ? await getBillingSettings(tx) : undefined;
    const creditNote =
      invoice && settings ? await issueCreditNote(tx, invoice, reason, today, settings.invoicePrefix) : undefined;
    const after = await getHotel(tx, period.hotelId);
    await recordAudit(tx, audit, {
      action: 'subscription_period.cancel',
      entity: 'subscription_period',
      entityId: period.id,
      before: asAuditRecord(before),
      after: {
        ...asAuditRecord(after),
        cancelled: { from_date: period.fromDate, to_date: period.toDate, amount: period.amount, reason },
        invoice_number: invoice?.number ?? null,
        credit_note_number: creditNote?.number ?? null,
      },
    });
    return { hotel: after, creditNote };
  });
}

/** The hotel's renewals, most recent first (its first period is the purchase, not a renewal). */
export async function renewalHistory(db: Db, id: string) {
  await getHotel(db, id);
  return listRenewals(db, id);
}

/**
 * Deletes a hotel. Nothing issued to a guest or paid is lost (docs/PRODUCT.md "Archiving"): a hotel with subscription
 * periods (every hotel made through the API has one), scans or review snapshots is archived (hidden, history kept);
 * only a bare row is removed. Either way its login goes, so it can no longer sign in.
 */
export async function deleteHotel(db: Db, id: string, audit: AuditContext): Promise<'archived' | 'deleted'> {
  return db.transaction(async (tx) => {
    // The row lock makes a scan being recorded at this moment wait (its foreign key needs the row), so the counts hold.
    await lockUnarchived(tx, hotels, id, MISSING);
    const before = await getHotel(tx, id);
    const scans = await tx.$count(customerScans, eq(customerScans.hotelId, id));
    const snapshots = await tx.$count(reviewSnapshots, eq(reviewSnapshots.hotelId, id));
    const periods = await countPeriods(tx, id);
    await deleteOwnerLogins(tx, { kind: 'hotel', id });
    if (scans + snapshots + periods > 0) {
      const archivedAt = new Date();
      await tx.update(hotels).set({ archivedAt, isActive: false }).where(eq(hotels.id, id));
      await recordArchive(tx, audit, 'hotel', id, before, { is_active: false, archived_at: archivedAt });
      return 'archived';
    }
    await tx.delete(hotels).where(eq(hotels.id, id));
    await recordDelete(tx, audit, 'hotel', id, before);
    return 'deleted';
  });
}

/** Username of the hotel's login (404 without one). */
export async function hotelUsername(db: Db, id: string): Promise<string> {
  await getHotel(db, id);
  return ownerUsername(db, { kind: 'hotel', id });
}

/** POST /users/hotel: the login made right after the hotel (docs/PRODUCT.md "Calls"). */
export async function addHotelLogin(db: Db, query: HotelLoginQuery, audit: AuditContext) {
  await getHotel(db, query.hotel_id);
  return addOwnerLogin(db, { kind: 'hotel', id: query.hotel_id }, query, audit);
}

/** POST /hotels/{id}/reset-password: the hotel's one login gets a new password; its sessions end. */
export async function resetHotelPassword(db: Db, id: string, password: string, audit: AuditContext): Promise<void> {
  await getHotel(db, id);
  await resetOwnerPassword(db, { kind: 'hotel', id }, password, audit);
}

/** The hotels' document links (contract, payment proof) under a folder's URL prefix. */
export const hotelDocumentLinks = (db: Db, prefix: string) => documentLinksUnder(db, hotels, prefix);

/** Points the hotels' document links under `from` to `to` (their files moved folder). */
export const moveHotelDocumentLinks = (db: Db, from: string, to: string) => moveDocumentLinks(db, hotels, from, to);

/**
 * When placements came (migration 0014_guest_trust, its journal time): a hotel made after it starts with its old link
 * off once it has a placement (docs/PRODUCT.md "Guest trust"); older hotels keep theirs (cards already hang).
 */
export const PLACEMENTS_SINCE = new Date(1795710991655);

/** The hotel's claim settings (docs/PRODUCT.md "Guest trust"): its old link on or off, and the daily claim limits. */
export async function hotelClaimSettings(db: Db, id: string) {
  const [row] = await db
    .select({
      hotelLinkEnabled: hotels.hotelLinkEnabled,
      placementDailyLimit: hotels.placementDailyLimit,
      hotelLinkDailyLimit: hotels.hotelLinkDailyLimit,
    })
    .from(hotels)
    .where(and(eq(hotels.id, id), isNull(hotels.archivedAt)));
  if (!row) throw notFound(MISSING);
  return row;
}
export type HotelClaimSettings = Awaited<ReturnType<typeof hotelClaimSettings>>;

export async function updateHotelClaimSettings(
  db: Db,
  id: string,
  input: HotelClaimSettings,
  audit: AuditContext,
): Promise<HotelClaimSettings> {
  return db.transaction(async (tx) => {
    await lockUnarchived(tx, hotels, id, MISSING);
    const before = await hotelClaimSettings(tx, id);
    await tx.update(hotels).set(input).where(eq(hotels.id, id));
    const after = await hotelClaimSettings(tx, id);
    await recordUpdate(tx, audit, 'hotel', id, { before, after });
    return after;
  });
}

/** The first placement of a hotel made after PLACEMENTS_SINCE switches its old link off (in the caller's transaction). */
export async function switchOffNewHotelLink(tx: Db, id: string, createdAt: Date, audit: AuditContext): Promise<void> {
  if (createdAt < PLACEMENTS_SINCE) return;
  const before = await hotelClaimSettings(tx, id);
  if (!before.hotelLinkEnabled) return;
  await tx.update(hotels).set({ hotelLinkEnabled: false }).where(eq(hotels.id, id));
  await recordUpdate(tx, audit, 'hotel', id, { before, after: { ...before, hotelLinkEnabled: false } });
}

/** The hotel's phone verification switch, or undefined when there is no such hotel (not archived). */
export async function phoneVerificationOf(db: Db, id: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ on: hotels.phoneVerification })
    .from(hotels)
    .where(and(eq(hotels.id, id), isNull(hotels.archivedAt)));
  return row?.on;
}
