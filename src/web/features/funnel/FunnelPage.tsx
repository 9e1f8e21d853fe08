import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatIndianNumber } from '../../../shared/format';
import { DateRangeFields } from '../../components/filters/FilterFields';
import { Button } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { StickyRow, Table, TableHead, type Column } from '../../components/ui/Table';
import { useCan } from '../../lib/current-user';
import { fallingHotelsQuery, funnelReportQuery, type FunnelFilters, type FunnelReport } from './api';

const percent = (rate: number | null) => (rate === null ? '-' : `${rate}%`);

type Row = FunnelReport['locations'][number] | NonNullable<FunnelReport['hotels']>[number];

/** The funnel's columns after the name: each stage with its rate of the stage before, then opens to issued. */
const COLUMNS: Column[] = [
  ['Pages opened', 'num'],
  ['Details entered', 'num'],
  ['Details %', 'num'],
  ['Vouchers issued', 'num'],
  ['Issued %', 'num'],
  ['Redeemed', 'num'],
  ['Redeemed %', 'num'],
  ['Opened to issued %', 'num'],
];

function FigureCells({ row }: { row: Row }) {
  return (
    <>
      <td className="num">{formatIndianNumber(row.opens)}</td>
      <td className="num">{formatIndianNumber(row.details)}</td>
      <td className="num">{percent(row.rates.details_rate)}</td>
      <td className="num">{formatIndianNumber(row.issued)}</td>
      <td className="num">{percent(row.rates.issue_rate)}</td>
      <td className="num">{formatIndianNumber(row.redeemed)}</td>
      <td className="num">{percent(row.rates.redeem_rate)}</td>
      <td className="num strong">{percent(row.rates.open_to_issue_rate)}</td>
    </>
  );
}

/**
 * Guest funnel (docs/PRODUCT.md "Funnel"): the back office's funnel per location for From..To (the last 30 days at
 * first), a location's hotels when its name is clicked, the hotels whose open-to-issue rate fell most, and the CSV.
 */
export function FunnelPage() {
  if (!useCan('viewReports')) return <p className="status-text">You do not have permission to view reports</p>;
  return <Funnel />;
}

function Funnel() {
  const [filters, setFilters] = useState<FunnelFilters>({});
  const { data } = useQuery(funnelReportQuery(filters));
  const falling = useQuery(fallingHotelsQuery(filters.location_id)).data;
  // While a location's hotels load, the previous answer stays on screen as it was.
  const location = data?.location_id == null ? undefined : data.locations[0];
  const range = { from: filters.from ?? data?.from, to: filters.to ?? data?.to };
  return (
    <section className="stack insight-page">
      <div className="toolbar report-toolbar">
        <div className="report-range">
          <DateRangeFields
            from={range.from}
            to={range.to}
            onFrom={(from) => setFilters({ ...filters, from, to: range.to })}
            onTo={(to) => setFilters({ ...filters, from: range.from, to })}
            labels={['From', 'To']}
          />
        </div>
        {data && (
          <ExportButton
            path="/funnel/export"
            query={{ from: data.from, to: data.to, location_id: filters.location_id }}
            fileName="funnel.csv"
          />
        )}
      </div>

      <section className="insight-section">
        <div className="stack">
          <h2 id="funnel-table-title" className="insight-title">
            {location ? `Hotels in ${location.location_name}` : 'Guest funnel by location'}
          </h2>
          {location && (
            <Button variant="secondary" onClick={() => setFilters({ from: filters.from, to: filters.to })}>
              All locations
            </Button>
          )}
        </div>
        {!data ? (
          <p className="status-text">Loading...</p>
        ) : (
          <div className="insight-table">
            <Table caption={location ? `Hotels in ${location.location_name}` : 'Guest funnel by location'}>
              <TableHead
                columns={[
                  [location ? 'Hotel' : 'Location', 'insight-sticky'],
                  ...(location ? [] : [['Hotels', 'num'] as Column]),
                  ...COLUMNS,
                ]}
              />
              <tbody>
                {location
                  ? data.hotels?.map((row) => (
                      <StickyRow
                        key={row.hotel_id}
                        head={row.archived ? `${row.hotel_name} (archived)` : row.hotel_name}
                      >
                        <FigureCells row={row} />
                      </StickyRow>
                    ))
                  : data.locations.map((row) => (
                      <StickyRow
                        key={row.location_id}
                        head={
                          <button
                            type="button"
                            className="link-button"
                            onClick={() => setFilters({ ...filters, location_id: row.location_id })}
                          >
                            {row.location_name}
                          </button>
                        }
                      >
                        <td className="num">{formatIndianNumber(row.hotels)}</td>
                        <FigureCells row={row} />
                      </StickyRow>
                    ))}
              </tbody>
              {location && (
                <tfoot>
                  <StickyRow head="TOTAL" className="total-row">
                    <FigureCells row={location} />
                  </StickyRow>
                </tfoot>
              )}
            </Table>
          </div>
        )}
        <p className="muted">
          Each rate is of the stage before. A scan counts its page as opened and its details as entered even when the
          page sent no event (an old cached page), so no rate passes 100%.
        </p>
      </section>

      <section className="insight-section" aria-labelledby="falling-title">
        <h2 id="falling-title" className="insight-title">
          Falling
        </h2>
        {falling && (
          <p className="muted">
            Opened-to-issued rate from {formatDate(falling.last_from)} to {formatDate(falling.last_to)} against{' '}
            {formatDate(falling.previous_from)} to {formatDate(falling.previous_to)}, hotels with at least{' '}
            {falling.min_opens} pages opened in each, biggest fall first.
          </p>
        )}
        {!falling ? (
          <p className="status-text">Loading...</p>
        ) : falling.hotels.length === 0 ? (
          <p className="status-text">No hotel's rate fell</p>
        ) : (
          <div className="insight-table">
            <Table caption="Falling hotels">
              <TableHead
                columns={[
                  ['Hotel', 'insight-sticky'],
                  'Location',
                  ['Before: opened', 'num'],
                  ['Before: rate', 'num'],
                  ['Last 30 days: opened', 'num'],
                  ['Last 30 days: rate', 'num'],
                  ['Fall (points)', 'num'],
                ]}
              />
              <tbody>
                {falling.hotels.map((row) => (
                  <StickyRow key={row.hotel_id} head={row.hotel_name}>
                    <td>{row.location_name}</td>
                    <td className="num">{formatIndianNumber(row.previous_opens)}</td>
                    <td className="num">{percent(row.previous_rate)}</td>
                    <td className="num">{formatIndianNumber(row.last_opens)}</td>
                    <td className="num">{percent(row.last_rate)}</td>
                    <td className="num strong">{row.fall}</td>
                  </StickyRow>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </section>
    </section>
  );
}
