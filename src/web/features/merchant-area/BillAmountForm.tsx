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
  const id = useId();
  const [text, setText] = useState(initial != null ? String(initial) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveBillAmount();
  const once = useSingleSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const parsed = v.safeParse(BillAmountSchema, { bill_amount: parseRupees(text) });
      if (!parsed.success) {
        setError(parsed.issues[0].message);
        return;
      }
      try {
        const amount = parsed.output.bill_amount;
        await save.mutateAsync({ code, amount });
        toast.success(`Bill amount ${formatRupees(amount, 2)} saved`);
        onSaved?.(amount);
      } catch (failure) {
        toast.error(errorText(failure, BILL_SAVE_ERROR));
      }
    });
  };

  return (
    <form className="ma-bill" noValidate onSubmit={submit}>
      <label htmlFor={id} className="ma-bill-label">
        Bill amount (₹, optional)
      </label>
      <div className="ma-bill-row">
        <input
          id={id}
          className="ma-bill-input"
          value={text}
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 1250"
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
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
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
