import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GUEST_LANGUAGES, type GuestLanguage } from '../../../shared/guest-languages';
import { createdAt } from '../../db/columns';

/** The guest page's languages as an SQL list ('en', 'hi', …): the constraint and the schemas share one list. */
const guestLanguageList = sql.raw(GUEST_LANGUAGES.map((lang) => `'${lang}'`).join(', '));

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The guest page's language when the phone speaks none of ours (docs/PRODUCT.md "Languages"). */
    defaultLanguage: text('default_language').$type<GuestLanguage>().notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('locations_name_lower_uq').on(sql`lower(${t.name})`),
    check('locations_default_language_check', sql`${t.defaultLanguage} in (${guestLanguageList})`),
  ],
);
