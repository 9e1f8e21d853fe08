import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import type { Statement } from '../../../shared/api-types';
import { lastMonths, monthOf, todayIn } from '../../../shared/dates';
import { formatDate, formatMonth } from '../../../shared/format';
import { statementFileName } from '../../../shared/schemas/statements';
import { FilterSelect, SearchField } from '../../components/filters/FilterFields';
import { useTypingPause } from '../../components/filters/use-typing-pause';
import { LoadMore, pagedRows, ShowingCount } from '../../components/lists/PagedList';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DownloadIcon } from '../../components/ui/icons';
import { hiddenHeader, ListTable, type Column } from '../../components/ui/Table';
import { errorText } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { statementsQuery, type StatementFilters } from './api';

/** One statement file (GET /statements/{id}.csv or .pdf), busy until saved. */
function StatementFileButton({ statement, format }: { statement: Statement; format: 'csv' | 'pdf' }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = statementFileName(statement.party_name, statement.month, format);
      const saved = await downloadFile('/statements/:file', { param: { file: `${statement.id}.${format}` } }, name);
      toast.success(`Downloaded ${saved}`);
    } catch (error) {
      toast.error(errorText(error, 'Download failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      aria-label={`Download ${format.toUpperCase()} of ${formatMonth(statement.month)}`}
    >
      <DownloadIcon /> {format.toUpperCase()}
    </Button>
  );
}

const KINDS = [
  { id: 'merchant', name: 'Merchants' },
  { id: 'hotel', name: 'Hotels' },
] as const;

/** The back office's filters: month (the last 24), merchants or hotels, and a part of the name (once typing pauses). */
function StatementFilterBar({
  filters,
  onChange,
}: {
  filters: StatementFilters;
  onChange: (change: StatementFilters) => void;
}) {
  const [months] = useState(() =>
    lastMonths(monthOf(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)), 24).map((month) => ({
      id: month,
      name: formatMonth(month),
    })),
  );
  const [searchText, setSearchText] = useState('');
  const change = (next: StatementFilters) => onChange({ ...filters, ...next });
  useTypingPause(searchText, (search) => {
    if (search !== filters.search) change({ search });
  });
  return (
    <div className="card review-filters" role="search" aria-label="Filter statements">
      <FilterSelect
        label="Month"
        all="All months"
        options={months}
        value={filters.month}
        onChange={(month) => change({ month })}
      />
      <FilterSelect
        label="Kind"
        all="Merchants and hotels"
        options={KINDS}
        value={filters.party_kind}
        onChange={(kind) => change({ party_kind: kind as StatementFilters['party_kind'] })}
      />
      <SearchField
        label="Search"
        className="review-search"
        placeholder="Merchant or hotel name"
        value={searchText}
        onChange={setSearchText}
      />
    </div>
  );
}

/**
 * Statements (docs/PRODUCT.md "Statements"): a merchant's or hotel's own, newest month first, or in the back office
 * every party's (`showParty`, with filters), each with its PDF and CSV; "Load more" follows the page cursor.
 */
export function StatementsPage({ showParty = false }: { showParty?: boolean }) {
  const [filters, setFilters] = useState<StatementFilters>({});
  // The table follows the filters once the new rows are loaded; until then the old ones stay on screen.
  const list = useSuspenseInfiniteQuery(statementsQuery(useDeferredValue(filters)));
  const { rows, total } = pagedRows(list.data.pages);
  const filtered = Boolean(filters.month || filters.party_kind || filters.search);
  const columns: Column[] = [
    'Month',
    ...(showParty ? ['Merchant or hotel', 'Kind'] : []),
    'Generated',
    [hiddenHeader('Downloads')],
  ];
  return (
    <section className="stack">
      <p className="status-text">
        A statement of each month is made on the 1st of the next: vouchers issued, redeemed and undone, and bill totals.
        Later changes to a month appear as adjustments on the next statement.
      </p>
      {showParty && <StatementFilterBar filters={filters} onChange={setFilters} />}
      <Card>
        {showParty && <ShowingCount list={list} shown={rows.length} total={total} noun="statements" />}
        <ListTable
          rows={rows}
          caption="Statements"
          columns={columns}
          empty={
            filtered
              ? 'No statements match these filters.'
              : 'No statements yet: the first is made on the 1st of next month.'
          }
          className="statements-table"
          layout="cards"
        >
          {(statement) => (
            <tr key={statement.id}>
              <td data-label="Month" className={showParty ? undefined : 'table-card-lead'}>
                {formatMonth(statement.month)}
              </td>
              {showParty && (
                <td data-label="Merchant or hotel" className="table-card-lead">
                  {statement.party_name}
                </td>
              )}
              {showParty && <td data-label="Kind">{statement.party_kind === 'merchant' ? 'Merchant' : 'Hotel'}</td>}
              <td data-label="Generated">{formatDate(statement.generated_at)}</td>
              <td className="statement-files">
                <StatementFileButton statement={statement} format="pdf" />
                <StatementFileButton statement={statement} format="csv" />
              </td>
            </tr>
          )}
        </ListTable>
        <LoadMore list={list} />
      </Card>
    </section>
  );
}
