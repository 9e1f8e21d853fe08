import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidKey, uuidRef } from '../../db/columns';

/**
 * Monthly statements (docs/PRODUCT.md "Statements"): a merchant's or hotel's figures of one business month, written
 * once by the statements job and never changed (a trigger refuses updates and deletes). No guest's name or mobile.
 * `party_id` is a merchant's or a hotel's id (by `party_kind`), so it has no foreign key; `party_name` is its name
 * when the statement was generated, so the files drawn from the statement stay the same.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuidKey(),
    partyKind: text('party_kind', { enum: ['merchant', 'hotel'] }).notNull(),
    partyId: uuid('party_id').notNull(),
    partyName: text('party_name').notNull(),
    /** The business month stated, 'YYYY-MM' (APP_TIMEZONE). */
    month: text('month').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('statements_party_month_uq').on(t.partyKind, t.partyId, t.month),
    index('statements_month_idx').on(t.month),
    check('statements_party_kind_ck', sql`${t.partyKind} in ('merchant', 'hotel')`),
  ],
);

/**
 * A statement's lines, one per counterpart (a hotel on a merchant's statement, a merchant on a hotel's) and month:
 * `month` is the statement's own month, or an earlier stated month whose figures changed after its statement was
 * generated (an adjustment: the difference, which may be negative). The counterpart's name is the one it had then.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuidKey(),
    statementId: uuidRef('statement_id', () => statements.id),
    month: text('month').notNull(),
    counterpartId: uuid('counterpart_id').notNull(),
    counterpartName: text('counterpart_name').notNull(),
    issued: integer('issued').notNull(),
    redeemed: integer('redeemed').notNull(),
    undone: integer('undone').notNull(),
    billTotal: numeric('bill_total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('statement_lines_uq').on(t.statementId, t.month, t.counterpartId)],
);
