import { MAX_VOUCHERS_PER_SCAN } from '../../../../shared/constants';

interface Props {
  count: number;
  busy: boolean;
  onSelectMore?: () => void;
  onConfirm: () => void;
}

/** The selected summary, stuck to the bottom of the screen within thumb reach. */
export function SelectionBar({ count, busy, onSelectMore, onConfirm }: Props) {
  return (
    <div className="selection-bar" role="region" aria-label="Selected vouchers">
      <p className="selection-count">
        <strong>{count}</strong> of {MAX_VOUCHERS_PER_SCAN} vouchers selected
      </p>
      <div className="selection-actions">
        {onSelectMore && (
          <button type="button" className="btn btn-secondary" onClick={onSelectMore}>
            Select More
          </button>
        )}
        <button type="button" className="btn btn-primary guest-cta" disabled={busy} onClick={onConfirm}>
          {busy ? 'Getting your vouchers...' : `Confirm ${count} Voucher(s)`}
        </button>
      </div>
    </div>
  );
}
