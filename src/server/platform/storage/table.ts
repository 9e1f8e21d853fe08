import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Raw bytes (PostgreSQL bytea) as a Node Buffer / Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Uploaded files when DATABASE_URL is set, so every server behind a load balancer can serve them. */
export const storedFiles = pgTable(
  'stored_files',
  {
    folder: text('folder').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folder, t.name] })],
);
