import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { arrayLiteral, paddedColumn, PADDED_ARRAY_LENGTH, quotedArrayLiteral } from '../../src/server/db/array-literal';

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

  it('pads a short batch to the planned length with nulls, and leaves a long one whole', () => {
    const short = paddedColumn(['a', 'b'], (item, i) => `${item}${i}`);
    expect(short).toHaveLength(PADDED_ARRAY_LENGTH);
    expect(short.slice(0, 3)).toEqual(['a0', 'b1', null]);
    const long = Array.from({ length: 12 }, (_, i) => i);
    expect(paddedColumn(long, (n) => n * 2)).toEqual(long.map((n) => n * 2));
  });
});
