import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { VOUCHER_CODE_LENGTH } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import {
  normalizeVoucherCode,
  REDEEM_ERROR_FALLBACK,
  VOUCHER_CODE_REQUIRED,
} from '../../../shared/schemas/merchant-area';
import type { RedemptionResult, RedemptionStatus } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { ApiError, errorText } from '../../lib/api';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { useRedeemVoucher } from './mutations';

/** The result titles; the result clears after 15 seconds (docs/PRODUCT.md "Codes and redemption"). */
export const RESULT_TITLES: Record<RedemptionStatus, string> = {
  success: 'Voucher Redeemed Successfully',
  invalid: 'Invalid Voucher',
  already_redeemed: 'Already Redeemed',
  error: 'Error',
};
export const RESULT_VISIBLE_MS = 15_000;
export const OFFLINE_REDEEM =
  'You are offline. Validating a voucher needs an internet connection; your code is kept, so try again when you are back online.';

const cleanCode = (value: string) => value.replace(/\s+/g, '').toUpperCase().slice(0, VOUCHER_CODE_LENGTH);
const errorResult = (message: string, code: string): RedemptionResult => ({
  status: 'error',
  message,
  customer_name: null,
  coupon_code: code,
  redeemed_at: null,
});

/**
 * The Redeem Voucher box (docs/PRODUCT.md "Screens"): up to 8 characters, upper-cased as typed, Validate (or Enter),
 * then the coloured result with its title, message, customer, code and time. Redeeming needs the network: offline it
 * says so and keeps the typed code.
 */
export function RedeemVoucher() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ answer: RedemptionResult; at: number } | null>(null);
  const redeem = useRedeemVoucher();
  const once = useSingleSubmit();

  // Each new result restarts the 15 seconds.
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), RESULT_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const show = (answer: RedemptionResult) => setResult({ answer, at: Date.now() });

  const validate = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const typed = normalizeVoucherCode(code);
      if (!typed) {
        toast.error(VOUCHER_CODE_REQUIRED);
        input.current?.focus();
        return;
      }
      if (!navigator.onLine) {
        show(errorResult(OFFLINE_REDEEM, typed));
        return;
      }
      try {
        const answer = await redeem.mutateAsync(typed);
        show(answer);
        // Ready for the next guest; an invalid code stays so a typo can be fixed.
        if (answer.status === 'success' || answer.status === 'already_redeemed') setCode('');
      } catch (error) {
        show(
          errorResult(
            error instanceof ApiError && error.isNetworkError
              ? OFFLINE_REDEEM
              : errorText(error, REDEEM_ERROR_FALLBACK),
            typed,
          ),
        );
      }
    });
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    // "  ab3k 7qpx " pasted from a message becomes AB3K7QPX instead of being cut at 8 characters first.
    event.preventDefault();
    setCode(cleanCode(event.clipboardData.getData('text')));
  };

  return (
    <section className="card ma-redeem" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="ma-redeem-title">
        Redeem Voucher
      </h2>
      <form className="ma-redeem-form" noValidate onSubmit={validate}>
        <label htmlFor={inputId} className="visually-hidden">
          Voucher code
        </label>
        <input
          ref={input}
          id={inputId}
          className="ma-code-input"
          value={code}
          onChange={(e) => setCode(cleanCode(e.target.value))}
          onPaste={paste}
          maxLength={VOUCHER_CODE_LENGTH}
          placeholder="ENTER CODE"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="go"
          aria-describedby={`${inputId}-hint`}
        />
        <Button type="submit" className="ma-validate" disabled={redeem.isPending}>
          {redeem.isPending ? 'Validating...' : 'Validate'}
        </Button>
      </form>
      <p id={`${inputId}-hint`} className="field-hint">
        The {VOUCHER_CODE_LENGTH}-character code on the guest&apos;s voucher.
      </p>
      <div aria-live="polite" aria-atomic="true">
        {result && <RedemptionPanel key={result.at} result={result.answer} onClose={() => setResult(null)} />}
      </div>
    </section>
  );
}

function RedemptionPanel({ result, onClose }: { result: RedemptionResult; onClose: () => void }) {
  const rows: [string, string][] = [];
  if (result.customer_name) rows.push(['Customer', result.customer_name]);
  if (result.coupon_code) rows.push(['Code', result.coupon_code]);
  if (result.redeemed_at) rows.push(['Redeemed at', formatDateTime(result.redeemed_at)]);
  return (
    <div className={`ma-result ma-result-${result.status}`} data-status={result.status}>
      <div className="ma-result-head">
        <span className="ma-result-mark" aria-hidden="true">
          {result.status === 'success' ? '✓' : result.status === 'already_redeemed' ? '!' : '✕'}
        </span>
        <h3 className="ma-result-title">{RESULT_TITLES[result.status]}</h3>
        <button type="button" className="ma-result-close" onClick={onClose} aria-label="Dismiss result">
          ×
        </button>
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
    </div>
  );
}
