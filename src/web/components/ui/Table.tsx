import type { ReactNode } from 'react';

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ children, caption }: { children: ReactNode; caption?: string }) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

/** A column's header: its text, or its text and class (`num` aligns figures right, `insight-sticky` stays in view). */
export type Column = string | [label: ReactNode, className?: string];

/** A header read only by screen readers (a column of buttons). */
export const hiddenHeader = (text: string) => <span className="visually-hidden">{text}</span>;

/** The header row of a table, one `th scope="col"` a column. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          const [label, className] = typeof column === 'string' ? [column, undefined] : column;
          return (
            <th key={i} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * A list's table (its header row, then `children` drawn for each of `rows`: its `<tr>`, with its key), or `empty` as
 * the status text when there are no rows; `className` wraps it in a box (a feature's column widths).
 */
export function ListTable<TRow>({
  rows,
  empty,
  className,
  caption,
  columns,
  children,
}: {
  rows: TRow[];
  empty: ReactNode;
  className?: string;
  caption: string;
  columns: Column[];
  children: (row: TRow) => ReactNode;
}) {
  if (rows.length === 0) return <p className="status-text">{empty}</p>;
  const table = (
    <Table caption={caption}>
      <TableHead columns={columns} />
      <tbody>{rows.map((row) => children(row))}</tbody>
    </Table>
  );
  return className ? <div className={className}>{table}</div> : table;
}

/**
 * Two header rows: the first column spans both, then each group's name over its own columns (dashboard and report
 * tables; `className` gives a group its colour).
 */
export function GroupedHead({
  first,
  groups,
  columns,
}: {
  first: string;
  groups: { label: string; className: string }[];
  columns: string[];
}) {
  return (
    <thead>
      <tr>
        <th scope="col" rowSpan={2} className="insight-sticky">
          {first}
        </th>
        {groups.map((group) => (
          <th key={group.label} scope="colgroup" colSpan={columns.length} className={`group-head ${group.className}`}>
            {group.label}
          </th>
        ))}
      </tr>
      <tr>
        {groups.map((group) =>
          columns.map((label) => (
            <th key={`${group.label}-${label}`} scope="col" className={`num ${group.className}`}>
              {label}
            </th>
          )),
        )}
      </tr>
    </thead>
  );
}

/** A row whose first cell names it and stays in view while the table scrolls sideways (`total-row` for totals). */
export function StickyRow({ head, className, children }: { head: ReactNode; className?: string; children: ReactNode }) {
  return (
    <tr className={className}>
      <th scope="row" className="insight-sticky">
        {head}
      </th>
      {children}
    </tr>
  );
}
