import * as v from 'valibot';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { PeriodRow } from './subscriptions.service';

/** A subscription duration choice (1, 3, 6 or 12 months). */
export const SubscriptionDurationView = named(
  'SubscriptionDuration',
  v.strictObject({ id: int, name: v.string(), months: int }),
);
export type SubscriptionDurationView = v.InferOutput<typeof SubscriptionDurationView>;

export const presentDuration = (row: { id: number; name: string; months: number }): SubscriptionDurationView => ({
  id: row.id,
  name: row.name,
  months: row.months,
});

/** Days from from_date to to_date, both inclusive (a 1-month period from 1 Jan is 31 days). */
export function periodDays(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * One renewal: dates 'YYYY-MM-DD' (both inclusive), renewed_at ISO; amount null to a manager (docs/SECURITY.md
 * "Roles"). `id` is the period's, which POST /subscription-periods/{id}/cancel takes.
 */
export const RenewalView = named(
  'RenewalHistoryEntry',
  v.strictObject({
    id: uuid,
    from_date: isoDate,
    to_date: isoDate,
    duration_days: int,
    amount: v.nullable(v.number()),
    renewed_at: isoDateTime,
  }),
);
export type RenewalView = v.InferOutput<typeof RenewalView>;

export const presentRenewal = (row: PeriodRow, { amounts }: { amounts: boolean }): RenewalView => ({
  id: row.id,
  from_date: row.fromDate,
  to_date: row.toDate,
  duration_days: periodDays(row.fromDate, row.toDate),
  amount: amounts ? Number(row.amount) : null,
  renewed_at: row.paidAt.toISOString(),
});
