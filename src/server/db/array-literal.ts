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
