import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Statement } from '../../../shared/api-types';
import { formatDate, formatMonth } from '../../../shared/format';
import { statementFileName } from '../../../shared/schemas/statements';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DownloadIcon } from '../../components/ui/icons';
import { hiddenHeader, ListTable, type Column } from '../../components/ui/Table';
import { errorText } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { statementsQuery } from './api';

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

/**
 * Statements (docs/PRODUCT.md "Statements"): a merchant's or hotel's own, newest month first, or in the back office
 * every party's (`showParty`), each with its PDF and CSV.
 */
export function StatementsPage({ showParty = false }: { showParty?: boolean }) {
  const { data } = useSuspenseQuery(statementsQuery());
  const columns: Column[] = [
    'Month',
    ...(showParty ? ['Merchant or hotel', 'Kind'] : []),
    'Generated',
    [hiddenHeader('Downloads')],
  ];
  return (
    <Card>
      <p className="status-text">
        A statement of each month is made on the 1st of the next: vouchers issued, redeemed and undone, and bill totals.
        Later changes to a month appear as adjustments on the next statement.
      </p>
      <ListTable
        rows={data}
        caption="Statements"
        columns={columns}
        empty="No statements yet: the first is made on the 1st of next month."
        className="statements-table"
      >
        {(statement) => (
          <tr key={statement.id}>
            <td>{formatMonth(statement.month)}</td>
            {showParty && <td>{statement.party_name}</td>}
            {showParty && <td>{statement.party_kind === 'merchant' ? 'Merchant' : 'Hotel'}</td>}
            <td>{formatDate(statement.generated_at)}</td>
            <td className="statement-files">
              <StatementFileButton statement={statement} format="pdf" />
              <StatementFileButton statement={statement} format="csv" />
            </td>
          </tr>
        )}
      </ListTable>
    </Card>
  );
}
