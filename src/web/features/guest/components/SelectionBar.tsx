import { MAX_VOUCHERS_PER_SCAN } from '../../../../shared/constants';
import { useGuestI18n } from '../i18n/i18n';

interface Props {
  count: number;
  busy: boolean;
  onSelectMore?: () => void;
  onConfirm: () => void;
}

/** The selected summary, stuck to the bottom of the screen within thumb reach. */
export function SelectionBar({ count, busy, onSelectMore, onConfirm }: Props) {
  const { t } = useGuestI18n();
  return (
    <div className="selection-bar" role="region" aria-label={t.selection.label}>
      <p className="selection-count">
        <strong>{count}</strong>
        {t.selection.countAfter(MAX_VOUCHERS_PER_SCAN)}
      </p>
      <div className="selection-actions">
        {onSelectMore && (
          <button type="button" className="btn btn-secondary" onClick={onSelectMore}>
            {t.selection.selectMore}
          </button>
        )}
        <button type="button" className="btn btn-primary guest-cta" disabled={busy} onClick={onConfirm}>
          {busy ? t.selection.busy : t.selection.confirm(count)}
        </button>
      </div>
    </div>
  );
}
