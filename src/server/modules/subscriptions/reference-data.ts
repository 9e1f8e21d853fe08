import type { Db } from '../../db/client';
import { subscriptionDurations } from './durations.table';

/** Reference rows every installation needs, production included. Safe to run at every start. */
export const SUBSCRIPTION_DURATIONS = [
  { name: '1 Month', months: 1 },
  { name: '3 Months', months: 3 },
  { name: '6 Months', months: 6 },
  { name: '12 Months', months: 12 },
];

export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(subscriptionDurations).values(SUBSCRIPTION_DURATIONS).onConflictDoNothing();
}
