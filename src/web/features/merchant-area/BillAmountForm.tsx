import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { formatRupees } from '../../../shared/format';
import { BillAmountSchema } from '../../../shared/schemas/counter';
import { Button } from '../../components/ui/Button';
import { errorText } from '../../lib/api';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { useSaveBillAmount } from './counter-api';

export const BILL_SAVE_ERROR = 'Could not save the bill amount';

/** "1,250.50", "₹ 1250.5" → 1250.5; anything else is NaN and the schema says what is wrong. */
export const parseRupees = (text: string) => {
  const cleaned = text.replace(/[₹,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
};

/**
 * A bill amount in rupees on the numeric keypad, checked by the shared schema before `onAmount` runs: the optional bill
 * after a redemption (BillAmountForm) and the bill a minimum bill asks for first (RuleFollowUps.tsx).
 */
export function BillField({
  id: givenId,
  className,
  label,
  initial = '',
  placeholder,
  autoFocus,
  submitLabel,
  busyLabel,
  busy,
  onActive,
  onAmount,
}: {
  /** The input's id, so a parent can put the cursor in it. */
  id?: string;
  className?: string;
  label: string;
  initial?: string;
  placeholder: string;
  autoFocus?: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onActive?: () => void;
  onAmount: (amount: number) => Promise<unknown>;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const once = useSingleSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const parsed = v.safeParse(BillAmountSchema, { bill_amount: parseRupees(text) });
      if (!parsed.success) {
        setError(parsed.issues[0].message);
        return;
      }
      await onAmount(parsed.output.bill_amount);
    });
  };

  return (
    <form className={className ? `ma-bill ${className}` : 'ma-bill'} noValidate onSubmit={submit}>
      <label htmlFor={id} className="ma-bill-label">
        {label}
      </label>
      <div className="ma-bill-row">
        <input
          id={id}
          className="ma-bill-input"
          value={text}
          inputMode="decimal"
          enterKeyHint={autoFocus ? 'go' : undefined}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={placeholder}
          maxLength={14}
          onFocus={onActive}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            onActive?.();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? busyLabel : submitLabel}
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

/**
 * The optional bill amount of a redeemed voucher, in rupees (docs/COUNTER.md): entered after the redemption, or
 * corrected later from Today at this counter. `onActive` tells the parent the merchant is typing.
 */
export function BillAmountForm({
  code,
  initial,
  onActive,
  onSaved,
}: {
  code: string;
  initial?: number | null;
  onActive?: () => void;
  onSaved?: (amount: number) => void;
}) {
  const save = useSaveBillAmount();
  return (
    <BillField
      label="Bill amount (₹, optional)"
      initial={initial != null ? String(initial) : ''}
      placeholder="e.g. 1250"
      submitLabel="Save"
      busyLabel="Saving..."
      busy={save.isPending}
      onActive={onActive}
      onAmount={async (amount) => {
        try {
          await save.mutateAsync({ code, amount });
          toast.success(`Bill amount ${formatRupees(amount, 2)} saved`);
          onSaved?.(amount);
        } catch (failure) {
          toast.error(errorText(failure, BILL_SAVE_ERROR));
        }
      }}
    />
  );
}
