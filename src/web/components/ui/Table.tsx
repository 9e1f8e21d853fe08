import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** How a table fits a narrow screen (docs/PRODUCT.md "Screens"). */
export type TableLayout =
  /** Back office: the key column (the first, or the cells marked `table-key`) stays while the rest scrolls. */
  | 'scroll'
  /**
   * Merchant screens: on a phone each row is a card of "label: value" lines (a cell's `data-label`), the cell marked
   * `table-card-lead` on top; `table-card-only` cells show only there (e.g. a guest's details repeated on each
   * voucher that a wider screen shows once, spanning the rows).
   */
  | 'cards';

interface Sideways {
  /** The table is wider than its box. */
  overflows: boolean;
  /** There is more to the right / to the left of what is shown. */
  moreRight: boolean;
  moreLeft: boolean;
}

const NOTHING_HIDDEN: Sideways = { overflows: false, moreRight: false, moreLeft: false };

/** Whether the box scrolls sideways and which way there is more, kept up to date as it resizes or scrolls. */
function useSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [sideways, setSideways] = useState(NOTHING_HIDDEN);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const next = { overflows: hidden > 1, moreLeft: box.scrollLeft > 1, moreRight: box.scrollLeft < hidden - 1 };
      setSideways((shown) =>
        shown.overflows === next.overflows && shown.moreLeft === next.moreLeft && shown.moreRight === next.moreRight
          ? shown
          : next,
      );
    };
    measure();
    // The box (window, menu) and the table (rows loaded, fonts) both change what fits.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);
  return { ref, sideways };
}

/**
 * A table that never hides columns without saying so: when it is wider than the screen it scrolls sideways inside
 * its box, with its key column kept in view, a fade at the edge that has more, and "Scroll sideways for more" above
 * it; `layout="cards"` turns its rows into cards on a phone instead.
 */
export function Table({
  children,
  caption,
  layout = 'scroll',
}: {
  children: ReactNode;
  caption?: string;
  layout?: TableLayout;
}) {
  const { ref, sideways } = useSideways();
  const classes = [
    'table-frame',
    `table-${layout}`,
    sideways.overflows && 'table-overflows',
    sideways.moreLeft && 'table-more-left',
    sideways.moreRight && 'table-more-right',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {/* What the eye needs; a screen reader reads the table itself. */}
      {sideways.overflows && (
        <p className="table-scroll-hint" aria-hidden="true">
          Scroll sideways for more <span className="table-scroll-arrow">→</span>
        </p>
      )}
      <div className="table-edges">
        <div ref={ref} className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
          <table className="table">
            {caption && <caption className="visually-hidden">{caption}</caption>}
            {children}
          </table>
        </div>
      </div>
    </div>
  );
}

/**
 * A column's header: its text, or its text and class (`num` aligns figures right, `table-key` or `insight-sticky`
 * stays in view while the table scrolls sideways).
 */
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
  layout,
  children,
}: {
  rows: TRow[];
  empty: ReactNode;
  className?: string;
  caption: string;
  columns: Column[];
  layout?: TableLayout;
  children: (row: TRow) => ReactNode;
}) {
  if (rows.length === 0) return <p className="status-text">{empty}</p>;
  const table = (
    <Table caption={caption} layout={layout}>
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
