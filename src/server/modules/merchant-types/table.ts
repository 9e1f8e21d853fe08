import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const merchantTypes = pgTable(
  'merchant_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merchant_types_name_lower_uq').on(sql`lower(${t.name})`)],
);
