import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { arrayLiteral, quotedArrayLiteral } from '../../src/server/db/array-literal';

/** db/array-literal.ts: a JS array sent as one text parameter reads back as the same array in SQL. */
describe('array literals', () => {
  it('reads back text of any characters, and nulls, as sent', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const texts = ['plain', 'a,b', '{braces}', 'say "hi"', 'back\\slash', ' spaced ', 'NULL', '', null, '::1'];
      const read = async (literal: string, type: string) => {
        const result = await database.db.execute(sql`select ${literal}::${sql.raw(type)} as v`);
        return rowsOf<{ v: unknown }>(result)[0]!.v;
      };
      expect(await read(quotedArrayLiteral(texts), 'text[]')).toEqual(texts);
      expect(await read(arrayLiteral([3, null, 1.5]), 'numeric[]::text[]')).toEqual(['3', null, '1.5']);
    } finally {
      await database.close();
    }
  });
});
