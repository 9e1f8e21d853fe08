import { index, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { uuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';

/** Each Google refresh stores one snapshot; review metrics are differences between snapshots. */
export const reviewSnapshots = pgTable(
  'review_snapshots',
  {
    id: uuidKey(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    totalReviews: integer('total_reviews'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
  },
  (t) => [index('review_snapshots_hotel_time_idx').on(t.hotelId, t.fetchedAt)],
);
