import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { prepared } from '../../src/server/db/prepared';

/** db/prepared.ts on PGlite: the statement is prepared by name once and answers as an unprepared one does. */
const items = pgTable('items', {
  id: integer('id').primaryKey(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }),
  data: jsonb('data'),
});

describe('prepared statements on PGlite', () => {
  it('runs a kept statement by name, with the same parameters and answers, and survives a failed run', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const { db } = database;
    try {
      await db.execute(sql`create table items (id integer primary key, label text, at timestamptz, data jsonb)`);
      const at = new Date('2026-11-27T09:30:00.000Z');
      await db.insert(items).values([
        { id: 1, label: 'one', at, data: { n: 1 } },
        { id: 2, label: null, at: null, data: null },
      ]);
      const byLabelOrId = (d: typeof db) =>
        d
          .select()
          .from(items)
          .where(sql`${items.id} = ${sql.placeholder('id')} or ${items.at} = ${sql.placeholder('at')}`)
          .prepare('items_by_id');
      const statement = prepared(db, 'items_by_id', byLabelOrId);
      const unprepared = (id: number, when: Date | null) =>
        db
          .select()
          .from(items)
          .where(sql`${items.id} = ${id} or ${items.at} = ${when}`);

      expect(await statement.execute({ id: 2, at })).toEqual(await unprepared(2, at));
      expect(await statement.execute({ id: 2, at: null })).toEqual([{ id: 2, label: null, at: null, data: null }]);
      const named = await db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where name like 'kept_%'`,
      );
      expect((named as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);

      // A parameter the statement refuses fails that run only; the next run answers.
      await expect(statement.execute({ id: 'x', at: null })).rejects.toThrow();
      expect(await statement.execute({ id: 1, at: null })).toEqual([{ id: 1, label: 'one', at, data: { n: 1 } }]);
      // Other statements are untouched by it.
      expect(await db.select().from(items).where(eq(items.id, 1))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
