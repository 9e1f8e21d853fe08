import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format';
import { describeOfferRules } from '../../../shared/offer-rules';
import type { RedemptionResult, RedemptionStatus } from '../../../shared/api-types';
import { OFFLINE_ACCEPTED_TEXT, OFFLINE_UNKNOWN_TEXT } from '../../../shared/offline-redemption';
import { CalendarOffIcon, ClockIcon, RupeeIcon } from '../../components/ui/icons';

/**
 * What the phone answers by itself without a network (docs/COUNTER.md "Without a network"): a known code accepted
 * and queued (amber, never the green success), or a code it cannot check.
 */
export interface OfflineCounterResult {
  status: 'offline_accepted' | 'offline_unknown';
  message: string;
  coupon_code: string;
  customer_name: string | null;
  redeemed_at: null;
  offer_rules: null;
}
/** A result the counter shows: the server's, or the phone's own offline. */
export type CounterResult = RedemptionResult | OfflineCounterResult;

/** docs/PRODUCT.md result titles; docs/COUNTER.md for the offer rules' two and the offline two. */
export const RESULT_TITLES: Record<RedemptionStatus | OfflineCounterResult['status'], string> = {
  success: 'Voucher Redeemed Successfully',
  invalid: 'Invalid Voucher',
  already_redeemed: 'Already Redeemed',
  not_valid_now: 'Not Valid Now',
  bill_required: 'Bill Amount Needed',
  error: 'Error',
  offline_accepted: OFFLINE_ACCEPTED_TEXT,
  offline_unknown: OFFLINE_UNKNOWN_TEXT,
};

export type ResultTone =
  'success' | 'already_redeemed' | 'invalid' | 'error' | 'not_valid_now' | 'bill_required' | 'offline_accepted';

/**
 * The panel's colour: green success, orange already redeemed or expired, red invalid, grey error; an offer's rule has
 * its own, purple "Not Valid Now" (a good voucher on a wrong day or bill: never to be taken for "Already Redeemed"),
 * and blue for the bill the counter asks for. An expired voucher is an "invalid" result that names its guest (an
 * unknown code names nobody), so it is orange too.
 */
export function resultTone(result: CounterResult): ResultTone {
  if (result.status === 'invalid' && result.customer_name) return 'already_redeemed';
  // A code the phone cannot check offline is no verdict on the voucher: grey, as an error.
  if (result.status === 'offline_unknown') return 'error';
  return result.status;
}

const MARKS: Record<ResultTone, ReactNode> = {
  success: '✓',
  already_redeemed: '!',
  invalid: '✕',
  error: '✕',
  not_valid_now: <CalendarOffIcon width={20} height={20} strokeWidth={2.25} />,
  bill_required: <RupeeIcon width={20} height={20} strokeWidth={2.25} />,
  offline_accepted: <ClockIcon width={20} height={20} strokeWidth={2.25} />,
};

/**
 * The coloured result: title, message, customer, code and time, the offer's rules (docs/COUNTER.md "Offer rules at
 * the counter"); `children` below (the bill amount, Redeem anyway).
 */
export function RedemptionPanel({
  result,
  onClose,
  size = 'normal',
  children,
}: {
  result: CounterResult;
  onClose?: () => void;
  size?: 'normal' | 'large';
  children?: ReactNode;
}) {
  const rows: [string, string][] = [];
  if (result.customer_name) rows.push(['Customer', result.customer_name]);
  if (result.coupon_code) rows.push(['Code', result.coupon_code]);
  if (result.redeemed_at) rows.push(['Redeemed at', formatDateTime(result.redeemed_at)]);
  const tone = resultTone(result);
  // The offer's rules but the one the message already says ("Valid Monday to Friday only", "Minimum bill ₹500").
  const said = result.message?.toLowerCase() ?? '';
  const rules = result.offer_rules
    ? describeOfferRules(result.offer_rules).filter((line) => !said.includes(line.toLowerCase()))
    : [];
  return (
    <div
      className={`ma-result ma-result-${tone}${size === 'large' ? ' ma-result-large' : ''}`}
      data-status={result.status}
    >
      <div className="ma-result-head">
        <span className="ma-result-mark" aria-hidden="true">
          {MARKS[tone]}
        </span>
        <h3 className="ma-result-title">{RESULT_TITLES[result.status]}</h3>
        {onClose && (
          <button type="button" className="ma-result-close" onClick={onClose} aria-label="Dismiss result">
            ×
          </button>
        )}
      </div>
      <p className="ma-result-message">{result.message}</p>
      {result.status === 'success' && result.override && (
        <p className="ma-result-override">Redeemed anyway: marked in today&apos;s list and your customers.</p>
      )}
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
      {rules.length > 0 && (
        <ul className="ma-result-rules" aria-label="Offer rules">
          {rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
