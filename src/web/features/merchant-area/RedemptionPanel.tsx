import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { RedemptionResult, RedemptionStatus } from '../../../shared/api-types';

/** docs/PRODUCT.md result titles. */
export const RESULT_TITLES: Record<RedemptionStatus, string> = {
  success: 'Voucher Redeemed Successfully',
  invalid: 'Invalid Voucher',
  already_redeemed: 'Already Redeemed',
  not_valid_now: 'Not Valid Now',
  bill_required: 'Enter the Bill Amount',
  error: 'Error',
};

/**
 * The panel's colour: green success, orange already redeemed or expired, red invalid, grey error. An expired
 * voucher is an "invalid" result that names its guest (an unknown code names nobody), so it is orange too.
 */
export function resultTone(result: RedemptionResult): 'success' | 'already_redeemed' | 'invalid' | 'error' {
  if (result.status === 'invalid' && result.customer_name) return 'already_redeemed';
  // The offer's rules at the counter (docs/COUNTER.md) have no colour of their own yet: neutral until they do.
  if (result.status === 'not_valid_now' || result.status === 'bill_required') return 'error';
  return result.status;
}

/** The coloured result: title, message, customer, code and time; `children` below (the bill amount). */
export function RedemptionPanel({
  result,
  onClose,
  size = 'normal',
  children,
}: {
  result: RedemptionResult;
  onClose?: () => void;
  size?: 'normal' | 'large';
  children?: ReactNode;
}) {
  const rows: [string, string][] = [];
  if (result.customer_name) rows.push(['Customer', result.customer_name]);
  if (result.coupon_code) rows.push(['Code', result.coupon_code]);
  if (result.redeemed_at) rows.push(['Redeemed at', formatDateTime(result.redeemed_at)]);
  const tone = resultTone(result);
  return (
    <div
      className={`ma-result ma-result-${tone}${size === 'large' ? ' ma-result-large' : ''}`}
      data-status={result.status}
    >
      <div className="ma-result-head">
        <span className="ma-result-mark" aria-hidden="true">
          {tone === 'success' ? '✓' : tone === 'already_redeemed' ? '!' : '✕'}
        </span>
        <h3 className="ma-result-title">{RESULT_TITLES[result.status]}</h3>
        {onClose && (
          <button type="button" className="ma-result-close" onClick={onClose} aria-label="Dismiss result">
            ×
          </button>
        )}
      </div>
      <p className="ma-result-message">{result.message}</p>
      {rows.length > 0 && (
        <dl className="ma-result-details">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={label === 'Code' ? 'ma-mono' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </div>
  );
}
