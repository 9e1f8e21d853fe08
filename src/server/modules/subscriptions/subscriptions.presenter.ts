import type { Presented } from '../../platform/lib/presented';
import type { PeriodRow } from './subscriptions.service';

export const presentDuration = (row: { id: number; name: string; months: number }) => ({
  id: row.id,
  name: row.name,
  months: row.months,
});

/** Days from from_date to to_date, both inclusive (a 1-month period from 1 Jan is 31 days). */
export function periodDays(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** One renewal: dates 'YYYY-MM-DD' (both inclusive), renewed_at ISO. */
export const presentRenewal = (row: PeriodRow) => ({
  from_date: row.fromDate,
  to_date: row.toDate,
  duration_days: periodDays(row.fromDate, row.toDate),
  amount: Number(row.amount),
  renewed_at: row.paidAt.toISOString(),
});

export type SubscriptionDurationView = Presented<typeof presentDuration>;
export type RenewalView = Presented<typeof presentRenewal>;
