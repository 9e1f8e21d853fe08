/**
 * A PostgreSQL array literal (`{a,b,NULL}`) sent as one text parameter and cast in the SQL (`$1::uuid[]`), for values
 * that need no quoting: uuids, voucher codes, numbers, booleans, null. One parameter whatever the length, so a
 * prepared statement stays one statement (Drizzle spreads a JS array into a list of parameters).
 */
export const arrayLiteral = (values: readonly (string | number | boolean | null)[]): string =>
  `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;

/** The same for text that may need quoting (any characters): each element double-quoted, `"` and `\` escaped. */
export const quotedArrayLiteral = (values: readonly (string | null)[]): string =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * A batch's arrays are padded to this length: PostgreSQL's generic plan assumes ten elements in an array it cannot see,
 * so a shorter batch's own plan would look cheaper and the statement would be planned again on every run
 * (db/prepared.ts; 1.5 ms of its CPU for the counter's redemption), the case of a quiet hour. (A JSON array instead is
 * assumed to hold 100, and the redemption's plan then hashed every merchant: 1 ms at scale 1.)
 */
export const PADDED_ARRAY_LENGTH = 10;

/** One field of a batch, an element per item (`of` given the item and its place), padded with nulls to PADDED_ARRAY_LENGTH. */
export const paddedColumn = <I, T>(items: readonly I[], of: (item: I, index: number) => T): (T | null)[] =>
  Array.from({ length: Math.max(items.length, PADDED_ARRAY_LENGTH) }, (_, i) =>
    i < items.length ? of(items[i]!, i) : null,
  );
