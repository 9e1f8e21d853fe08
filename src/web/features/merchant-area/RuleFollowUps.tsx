import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { rupeesText } from '../../../shared/offer-rules';
import { RedeemVoucherSchema } from '../../../shared/schemas/merchant-area';
import { BillAmountSchema } from '../../../shared/schemas/counter';
import { Button } from '../../components/ui/Button';
import { ReasonDialog } from '../../components/ui/ReasonDialog';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { parseRupees } from './BillAmountForm';

/**
 * What the counter does after an offer's rule answers (docs/COUNTER.md "Offer rules at the counter"): the bill amount
 * a minimum bill asks for before redeeming, and "Redeem anyway" past a rule, with a reason.
 */

/** `bill_required`: the bill, in rupees on the numeric keypad, then the voucher is redeemed with it. */
export function BillRequiredForm({
  minBill,
  inputId,
  onActive,
  onRedeem,
}: {
  minBill: number;
  /** The input's id, so the counter can put the cursor in it (after the scanner). */
  inputId?: string;
  onActive: () => void;
  onRedeem: (amount: number) => Promise<unknown>;
}) {
  const ownId = useId();
  const id = inputId ?? ownId;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const once = useSingleSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const parsed = v.safeParse(BillAmountSchema, { bill_amount: parseRupees(text) });
      if (!parsed.success) {
        setError(parsed.issues[0].message);
        return;
      }
      setBusy(true);
      try {
        await onRedeem(parsed.output.bill_amount);
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <form className="ma-bill ma-bill-required" noValidate onSubmit={submit}>
      <label htmlFor={id} className="ma-bill-label">
        Bill amount (₹)
      </label>
      <div className="ma-bill-row">
        <input
          id={id}
          className="ma-bill-input"
          value={text}
          inputMode="decimal"
          enterKeyHint="go"
          autoComplete="off"
          autoFocus
          placeholder={`At least ${rupeesText(minBill)}`}
          maxLength={14}
          onFocus={onActive}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            onActive();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Redeeming...' : 'Redeem'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="ma-bill-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The override reason's own check (one line, 1 to 200 characters), as the server's schema has it. */
const OverrideReasonSchema = v.object({ reason: RedeemVoucherSchema.entries.override_reason.wrapped });

/** "Redeem anyway" and its dialog: a reason, then the same voucher sent again with it. */
export function RedeemAnyway({
  code,
  rule,
  open,
  onOpen,
  onClose,
  onRedeem,
}: {
  code: string;
  /** The rule passed over, in words ("Valid Monday to Friday only"). */
  rule: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Sends the voucher again with the reason; a rejection keeps the dialog open with its detail. */
  onRedeem: (reason: string) => Promise<unknown>;
}) {
  return (
    <>
      <Button variant="secondary" className="ma-anyway" onClick={onOpen}>
        Redeem anyway
      </Button>
      <ReasonDialog
        open={open}
        title="Redeem anyway"
        confirmLabel="Redeem anyway"
        busyLabel="Redeeming..."
        variant="primary"
        placeholder="e.g. Manager agreed: guest leaves tomorrow"
        schema={OverrideReasonSchema}
        onClose={onClose}
        onConfirm={onRedeem}
        failure="Could not redeem the voucher"
      >
        <p>
          <span className="ma-mono">{code}</span>: {rule}. Redeeming it anyway is marked as such, with your reason, in
          today&apos;s list, your customers and the activity log.
        </p>
      </ReasonDialog>
    </>
  );
}
