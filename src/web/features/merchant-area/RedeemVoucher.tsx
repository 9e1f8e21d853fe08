import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type ComponentType,
  type FormEvent,
} from 'react';
import { toast } from 'sonner';
import { VOUCHER_CODE_LENGTH } from '../../../shared/constants';
import { formatRupees } from '../../../shared/format';
import {
  normalizeVoucherCode,
  REDEEM_ERROR_FALLBACK,
  VOUCHER_CODE_REQUIRED,
} from '../../../shared/schemas/merchant-area';
import { Button } from '../../components/ui/Button';
import { ScanIcon } from '../../components/ui/icons';
import { ApiError, errorText } from '../../lib/api';
import { merchantCan } from '../../lib/merchant-role';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { BillAmountForm } from './BillAmountForm';
import { CounterToday } from './CounterToday';
import { useRedeemVoucher, type RedeemExtras } from './mutations';
import { NeedsAttention, PendingCount, useOfflineCounter } from './OfflineQueue';
import { RedemptionPanel, type CounterResult } from './RedemptionPanel';
import { BillRequiredForm, RedeemAnyway } from './RuleFollowUps';
import './counter.css';

export { RESULT_TITLES } from './RedemptionPanel';
/** docs/PRODUCT.md: the result clears after 15 seconds (not while the bill amount is being typed). */
export const RESULT_VISIBLE_MS = 15_000;
export const SCANNER_LOAD_FAILED = 'The scanner could not be opened. Check your connection, or type the code.';

/** Pasted or scanned: spaces dropped, upper case, at most 8 characters. */
const cleanCode = (value: string) => value.replace(/\s+/g, '').toUpperCase().slice(0, VOUCHER_CODE_LENGTH);
const errorResult = (message: string, code: string): CounterResult => ({
  status: 'error',
  message,
  customer_name: null,
  coupon_code: code,
  redeemed_at: null,
  offer_rules: null,
});

interface ScannerProps {
  redeem: (code: string) => Promise<CounterResult>;
  onClose: () => void;
  followUp: (result: CounterResult) => string | undefined;
  onFollowUp: (result: CounterResult) => void;
}

/** A result shown in the box: the answer, when, the code sent and what was sent with it. */
interface Shown {
  answer: CounterResult;
  /** Judged by the phone without a network: no "Redeem anyway" (docs/COUNTER.md "Without a network"). */
  offline: boolean;
  at: number;
  code: string;
  sent: RedeemExtras;
  /** The optional bill amount saved after a plain success. */
  bill?: number;
}

/** The scanner hands an offer's rule to the box (docs/COUNTER.md "Offer rules at the counter"). */
const followUpLabel = (result: CounterResult) =>
  result.status === 'bill_required'
    ? 'Enter the bill amount'
    : result.status === 'not_valid_now' && navigator.onLine
      ? 'Redeem anyway...'
      : undefined;

/**
 * The Redeem Voucher box (docs/PRODUCT.md "Screens"): up to 8 characters, upper-cased as typed, Validate (or Enter),
 * then the coloured result with its title, message, customer, code and time. Without a network a code the phone
 * keeps is judged by the offer's rules and queued, amber "Accepted offline, will sync" (docs/COUNTER.md "Without a
 * network"); one it does not keep cannot be checked. Scan QR, the bill amount and Today at this counter below: docs/COUNTER.md. An
 * offer's rule may answer first (docs/COUNTER.md "Offer rules at the counter"): the bill it asks for is entered and
 * the voucher redeemed with it; "Not Valid Now" offers Redeem anyway with a reason.
 */
export function RedeemVoucher() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Shown | null>(null);
  // While the bill amount is being typed, or the reason for redeeming anyway, the result stays.
  const [holdResult, setHoldResult] = useState(false);
  const [overriding, setOverriding] = useState(false);
  const billInputId = useId();
  const [Scanner, setScanner] = useState<ComponentType<ScannerProps> | null>(null);
  const [scannerNote, setScannerNote] = useState<string | null>(null);
  // mutateAsync is stable across renders, so the scanner's callback is too.
  const { mutateAsync: sendRedeem, isPending } = useRedeemVoucher();
  const once = useSingleSubmit();
  const offline = useOfflineCounter();
  const { redeem: redeemOffline, afterRedemption } = offline;

  // Each new result restarts the 15 seconds.
  useEffect(() => {
    if (!result || holdResult || overriding) return;
    const timer = window.setTimeout(() => setResult(null), RESULT_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [result, holdResult, overriding]);

  /** Typed or scanned, one path: the result is shown here too, and returned for the scanner to show large. */
  const submitCode = useCallback(
    async (typed: string, sent: RedeemExtras = {}): Promise<CounterResult> => {
      let answer: CounterResult | undefined;
      let offlineAnswer = !navigator.onLine;
      if (!offlineAnswer) {
        try {
          answer = await sendRedeem({ code: typed, ...sent });
          // The kept codes lose this one, and anything queued goes now the network is there.
          if (answer.status === 'success') void afterRedemption(typed);
        } catch (error) {
          if (error instanceof ApiError && error.isNetworkError) offlineAnswer = true;
          else answer = errorResult(errorText(error, REDEEM_ERROR_FALLBACK), typed);
        }
      }
      if (offlineAnswer) answer = await redeemOffline(typed, sent.bill_amount);
      const shown = answer!;
      // Ready for the next guest; an invalid code stays so a typo can be fixed.
      if (shown.status === 'success' || shown.status === 'already_redeemed' || shown.status === 'offline_accepted')
        setCode('');
      setHoldResult(false);
      setResult({ answer: shown, offline: offlineAnswer, at: Date.now(), code: typed, sent });
      return shown;
    },
    [sendRedeem, redeemOffline, afterRedemption],
  );
  /** The scanner's redemption: the code alone. */
  const scanCode = useCallback((typed: string) => submitCode(typed), [submitCode]);

  const validate = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const typed = normalizeVoucherCode(code);
      if (!typed) {
        toast.error(VOUCHER_CODE_REQUIRED);
        input.current?.focus();
        return;
      }
      await submitCode(typed);
    });
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    // "  ab3k 7qpx " pasted from a message becomes AB3K7QPX instead of being cut at 8 characters first.
    event.preventDefault();
    setCode(cleanCode(event.clipboardData.getData('text')));
  };

  // The scanner and its decoder load only now (docs/COUNTER.md): the dashboard's first load stays small.
  const openScanner = () => {
    setScannerNote(null);
    import('./QrScanner')
      .then((module) => setScanner(() => module.default))
      .catch((error: unknown) => {
        console.error('Scanner failed to load', error);
        setScannerNote(SCANNER_LOAD_FAILED);
      });
  };
  // Back to the code box once the scanner (a modal, so the box is inert until then) is gone; or on to the bill or the
  // reason an offer's rule asked for, where the same result now shows.
  const [closedScanner, setClosedScanner] = useState<{ n: number; next?: CounterResult['status'] }>({ n: 0 });
  const closeScanner = useCallback(() => {
    setScanner(null);
    setClosedScanner(({ n }) => ({ n: n + 1 }));
  }, []);
  const continueFromScanner = useCallback((scanned: CounterResult) => {
    setScanner(null);
    if (scanned.status === 'not_valid_now') setOverriding(true);
    setClosedScanner(({ n }) => ({ n: n + 1, next: scanned.status }));
  }, []);
  useEffect(() => {
    if (closedScanner.n === 0) return;
    if (closedScanner.next === 'bill_required') document.getElementById(billInputId)?.focus();
    // The reason's dialog takes the focus itself.
    else if (closedScanner.next !== 'not_valid_now') input.current?.focus();
  }, [closedScanner, billInputId]);

  /** Under the result: what its status asks for next. */
  const followUp = (shown: Shown) => {
    const { answer, code: sentCode, sent } = shown;
    if (answer.status === 'bill_required')
      return (
        <BillRequiredForm
          minBill={answer.min_bill}
          inputId={billInputId}
          onActive={() => setHoldResult(true)}
          onRedeem={(amount) => submitCode(sentCode, { ...sent, bill_amount: amount })}
        />
      );
    // "Redeem anyway" is not a cashier's (docs/SECURITY.md "Roles"): the server would refuse it.
    if (answer.status === 'not_valid_now' && !shown.offline && merchantCan('redeemAnyway'))
      return (
        <RedeemAnyway
          code={answer.coupon_code ?? sentCode}
          rule={answer.message}
          open={overriding}
          onOpen={() => setOverriding(true)}
          onClose={() => setOverriding(false)}
          onRedeem={(reason) => submitCode(sentCode, { ...sent, override_reason: reason })}
        />
      );
    if (answer.status !== 'success' || !answer.coupon_code) return null;
    // A bill sent with the redemption (a minimum bill) is saved with it.
    const bill = sent.bill_amount ?? shown.bill;
    return bill === undefined ? (
      <BillAmountForm
        code={answer.coupon_code}
        onActive={() => setHoldResult(true)}
        onSaved={(saved) => {
          setHoldResult(false);
          setResult((current) => current && { ...current, bill: saved });
        }}
      />
    ) : (
      <p className="ma-bill-saved">Bill amount: {formatRupees(bill, 2)}</p>
    );
  };

  return (
    <>
      <section className="card ma-redeem" aria-labelledby={`${inputId}-title`}>
        <h2 id={`${inputId}-title`} className="ma-redeem-title">
          Redeem Voucher
        </h2>
        <form className="ma-redeem-form" noValidate onSubmit={validate}>
          <div className="ma-code-row">
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
            <Button variant="secondary" className="ma-scan-button" onClick={openScanner}>
              <ScanIcon />
              Scan QR
            </Button>
          </div>
          <Button type="submit" className="ma-validate" disabled={isPending}>
            {isPending ? 'Validating...' : 'Validate'}
          </Button>
        </form>
        <p id={`${inputId}-hint`} className="field-hint">
          The {VOUCHER_CODE_LENGTH}-character code on the guest&apos;s voucher, or scan its QR code.
        </p>
        <PendingCount pending={offline.pending} />
        {scannerNote && (
          <p className="ma-camera-note" role="alert">
            {scannerNote}
          </p>
        )}
        <div aria-live="polite" aria-atomic="true">
          {result && (
            <RedemptionPanel key={result.at} result={result.answer} onClose={() => setResult(null)}>
              {followUp(result)}
            </RedemptionPanel>
          )}
        </div>
        {Scanner && (
          <Scanner redeem={scanCode} onClose={closeScanner} followUp={followUpLabel} onFollowUp={continueFromScanner} />
        )}
      </section>
      {/* Under the box, as the merchant redeems (docs/COUNTER.md). */}
      <NeedsAttention />
      <CounterToday />
    </>
  );
}
