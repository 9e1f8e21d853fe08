import { getTableColumns, type Column, type GetColumnData, type SQL, type Table } from 'drizzle-orm';

/**
 * Column sets for `db.select(...)` taken from a table's own columns, in the order given (pickColumns) or the table's
 * order (columnsExcept), so a select names what it shows or what it leaves out rather than every column.
 */

type ColumnsOf<T extends Table> = T['_']['columns'];

/** The `keys` columns of `table`, in that order. */
export function pickColumns<T extends Table, K extends keyof ColumnsOf<T> & string>(
  table: T,
  ...keys: K[]
): Pick<ColumnsOf<T>, K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<ColumnsOf<T>, K>;
}

/** Every column of `table` but `omitted`, in the table's order. */
export function columnsExcept<T extends Table, K extends keyof ColumnsOf<T> & string>(
  table: T,
  ...omitted: K[]
): Omit<ColumnsOf<T>, K> {
  const kept = Object.entries(getTableColumns(table)).filter(([key]) => !omitted.includes(key as K));
  return Object.fromEntries(kept) as Omit<ColumnsOf<T>, K>;
}

/**
 * The row a select of `columns` answers: each column's type (null where the column may be null), or an SQL
 * expression's (`sql<T>`). For a select whose joins make columns nullable, use the query's own type instead.
 */
export type RowOf<TColumns extends Record<string, Column | SQL<unknown>>> = {
  [K in keyof TColumns]: TColumns[K] extends Column
    ? GetColumnData<TColumns[K]>
    : TColumns[K] extends SQL<infer T>
      ? T
      : never;
};

/** A snake_case API field's camelCase column name: `location_id` → `locationId`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/**
 * The values a form's save writes: one column for every field of its input schema (`TInput`, snake_case), each typed
 * as the table's insert type has it. A service's mapping `satisfies FormColumns<Input, typeof table>`, so a field
 * added to the shared schema and not saved fails the typecheck (docs/DEVELOPING.md "A feature, end to end").
 */
export type FormColumns<TInput, TTable extends Table> = {
  [K in keyof TInput & string as CamelCase<K>]-?: CamelCase<K> extends keyof TTable['$inferInsert']
    ? TTable['$inferInsert'][CamelCase<K>]
    : never;
};
