import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiPath } from '../../../shared/api-types';
import { errorText, type ApiInput } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { Button } from './Button';
import { DownloadIcon } from './icons';
import './table-bar.css';

/**
 * "Export CSV" beside a table: downloads GET /api/<path> with the screen's filters (sent with the login's token),
 * busy until the file is saved. The server writes the file (every matching row, not just the rows on screen). With
 * `label` (and `ariaLabel`) it downloads one record's file instead, e.g. an invoice's PDF.
 */
export function ExportButton<P extends ApiPath<'$get'>>(
  props: {
    /** The export's route ('/hotels/export'); `query` is its query, the screen's filters (empty ones left out). */
    path: P;
    /** Used only if the answer names no file. */
    fileName: string;
    label?: string;
    ariaLabel?: string;
  } & ApiInput<'GET', P>,
) {
  const { path, fileName, label = 'Export CSV', ariaLabel } = props;
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const saved = await downloadFile(path, props, fileName);
      toast.success(`Downloaded ${saved}`);
    } catch (error) {
      toast.error(
        errorText(
          error,
          label === 'Export CSV' ? 'Export failed. Please try again.' : 'Download failed. Please try again.',
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy} aria-label={ariaLabel}>
      {busy ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />} {busy ? 'Exporting...' : label}
    </Button>
  );
}
