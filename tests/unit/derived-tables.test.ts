import { getTableName } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { baseKeys } from '../../src/server/db/derived-tables';
import { hotels, locations, merchants, offers } from '../support/tables';

/**
 * db/ imports no module, so the derived counters' foreign keys name key-only stand-ins of the base tables
 * (db/derived-tables.ts). A foreign key is written by table and column name: each stand-in must name its table and
 * its key column as the module's table does, with the same SQL type.
 */
describe('derived tables: the base tables they refer to', () => {
  const real = { hotels, merchants, locations, offers };
  for (const [name, standIn] of Object.entries(baseKeys)) {
    it(`${name}: the stand-in's table and key are the module's`, () => {
      const table = real[name as keyof typeof real];
      expect(getTableName(standIn)).toBe(getTableName(table));
      const key = (t: typeof table | typeof standIn) =>
        getTableConfig(t)
          .columns.filter((column) => column.primary)
          .map((column) => [column.name, column.getSQLType()]);
      expect(key(standIn)).toEqual(key(table));
    });
  }
});
