import { and, asc, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import { addDays, addMonths, laterDate, type IsoDate } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { columnsExcept, type RowOf } from '../../db/table-columns';
import { subscriptionDurations } from './durations.table';
import { subscriptionPeriods } from './table';
import { documentLinksUnder, moveDocumentLinks } from '../../platform/lib/document-links';
import { AppError, notFound } from '../../platform/lib/errors';

/**
 * Subscription durations (reference data) and subscription periods: one paid row per period, the first made with
 * the hotel and one per renewal (docs/PRODUCT.md "Subscriptions and revenue"). Revenue, renewal history and renewal
 * tracking all read the periods.
 */

const durationColumns = getTableColumns(subscriptionDurations);

export function listDurations(db: Db) {
  return db.select(durationColumns).from(subscriptionDurations).orderBy(asc(subscriptionDurations.months));
}

/** The duration with this id; 422 with `message` when there is none. */
export async function requireDuration(db: Db, id: number, message = 'Selected subscription duration does not exist') {
  const [row] = await db.select(durationColumns).from(subscriptionDurations).where(eq(subscriptionDurations.id, id));
  if (!row) throw new AppError(422, message);
  return row;
}

/** A period of `months` starting on `from`: the last day is the day before the same date `months` later. */
export function periodEnd(from: IsoDate, months: number): IsoDate {
  return addDays(addMonths(from, months), -1);
}

/** A renewal starts at the later of today and the day after the current end, so paid days are never lost. */
export function renewalStart(today: IsoDate, currentEnd: IsoDate | null): IsoDate {
  return currentEnd ? laterDate(today, addDays(currentEnd, 1)) : today;
}

/** A period as read: every column but its documents (they are the hotel's latest, shown on the hotel). */
const periodColumns = columnsExcept(subscriptionPeriods, 'contractUrl', 'paymentScreenshotUrl');
export type PeriodRow = RowOf<typeof periodColumns>;

export interface NewPeriod {
  hotelId: string;
  subscriptionDurationId: number;
  fromDate: IsoDate;
  toDate: IsoDate;
  amount: number;
  isRenewal: boolean;
  contractUrl: string | null;
  paymentScreenshotUrl: string | null;
}

/**
 * Records a period. Pass the transaction the hotel change runs in. It owes its amount (its invoice's total once
 * issued) until payments cover it (docs/PRODUCT.md "Payments"); a period of 0 owes nothing and is settled at once.
 */
export async function addPeriod(db: Db, period: NewPeriod): Promise<PeriodRow> {
  const settledAt = period.amount > 0 ? null : new Date();
  const [row] = await db
    .insert(subscriptionPeriods)
    .values({ ...period, settledAt })
    .returning(periodColumns);
  return row!;
}

/** The hotel's latest period that is not cancelled (by end date), or undefined. */
export async function latestPeriod(db: Db, hotelId: string): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select(periodColumns)
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.hotelId, hotelId), isNull(subscriptionPeriods.cancelledAt)))
    .orderBy(desc(subscriptionPeriods.toDate), desc(subscriptionPeriods.paidAt))
    .limit(1);
  return row;
}

/** Corrects a period in place (an edit of the hotel's subscription fields, not a new payment). */
export async function correctPeriod(
  db: Db,
  id: string,
  values: Pick<NewPeriod, 'subscriptionDurationId' | 'toDate' | 'amount' | 'contractUrl' | 'paymentScreenshotUrl'>,
): Promise<void> {
  await db.update(subscriptionPeriods).set(values).where(eq(subscriptionPeriods.id, id));
}

/**
 * Marks a period settled (its payments cover what it owes) or not again (docs/PRODUCT.md "Payments"), in the
 * payment's transaction; the payments module decides which.
 */
export async function setPeriodSettled(db: Db, id: string, settledAt: Date | null): Promise<void> {
  await db.update(subscriptionPeriods).set({ settledAt }).where(eq(subscriptionPeriods.id, id));
}

/** Renewals of a hotel (not its first period), most recent first; a cancelled one is not a renewal any more. */
export function listRenewals(db: Db, hotelId: string): Promise<PeriodRow[]> {
  return db
    .select(periodColumns)
    .from(subscriptionPeriods)
    .where(
      and(
        eq(subscriptionPeriods.hotelId, hotelId),
        eq(subscriptionPeriods.isRenewal, true),
        isNull(subscriptionPeriods.cancelledAt),
      ),
    )
    .orderBy(desc(subscriptionPeriods.paidAt), desc(subscriptionPeriods.fromDate));
}

/** A period by id; 404 when there is none. */
export async function getPeriod(db: Db, id: string): Promise<PeriodRow> {
  const [row] = await db.select(periodColumns).from(subscriptionPeriods).where(eq(subscriptionPeriods.id, id));
  if (!row) throw notFound('Subscription period not found');
  return row;
}

/**
 * Marks a period cancelled (docs/PRODUCT.md "Tax invoices"), in the caller's transaction: it stays, with its
 * reason, but no longer counts as revenue (the rollup's trigger follows) nor as the hotel's latest period.
 */
export async function markPeriodCancelled(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(subscriptionPeriods)
    .set({ cancelledAt: new Date(), cancelReason: reason })
    .where(eq(subscriptionPeriods.id, id));
}

export async function countPeriods(db: Db, hotelId: string): Promise<number> {
  return db.$count(subscriptionPeriods, eq(subscriptionPeriods.hotelId, hotelId));
}

/** The periods' document links (contract, payment proof) under a folder's URL prefix. */
export const periodDocumentLinks = (db: Db, prefix: string) => documentLinksUnder(db, subscriptionPeriods, prefix);

/** Points the periods' document links under `from` to `to` (their files moved folder). */
export const movePeriodDocumentLinks = (db: Db, from: string, to: string) =>
  moveDocumentLinks(db, subscriptionPeriods, from, to);
