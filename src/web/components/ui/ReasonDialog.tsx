import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { UndoRedemptionSchema } from '../../../shared/schemas/counter';
import { errorText } from '../../lib/api';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Field } from './Field';

/** A `{reason}` check: the undo's by default, else e.g. the counter's "Redeem anyway" reason. */
type ReasonSchema = v.GenericSchema<{ reason: string }, { reason: string }>;
const REASON = { label: 'Reason', type: 'text', autoComplete: 'off' } as const;

interface Props {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** While it is sent ("Undoing..." unless given). */
  busyLabel?: string;
  placeholder?: string;
  /** The field: a reason by default; the current password for a re-authentication (CurrentPasswordDialog). */
  field?: { label: string; type: 'text' | 'password'; autoComplete: string };
  /** The confirm button's look: danger (an undo) unless given. */
  variant?: 'primary' | 'danger';
  schema?: ReasonSchema;
  onClose: () => void;
  /** Sends the reason; a thrown error keeps the dialog open and shows its detail beside the reason. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** What a refusal says when the server gives no detail. */
  failure: string;
}

/**
 * Asks for a short reason before an undo or a "Redeem anyway" (docs/COUNTER.md), or for one other line (the current
 * password, `field`); what is typed is checked with the server's schema.
 */
export function ReasonDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel = 'Undoing...',
  placeholder = 'e.g. Scanned the wrong voucher',
  variant = 'danger',
  field = REASON,
  schema = UndoRedemptionSchema,
  onClose,
  onConfirm,
  failure,
}: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const once = useSingleSubmit();
  const formId = useId();

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const parsed = v.safeParse(schema, { reason });
      if (!parsed.success) {
        setError(parsed.issues[0].message);
        return;
      }
      setBusy(true);
      try {
        await onConfirm(parsed.output.reason);
        close();
      } catch (refusal) {
        // The reason stays for another try; the refusal shows where a refused check does, until the reason changes.
        setError(errorText(refusal, failure));
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={variant} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <div>{children}</div>
        <Field
          label={field.label}
          type={field.type}
          required
          value={reason}
          maxLength={200}
          autoComplete={field.autoComplete}
          placeholder={placeholder}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          hint={error ? <span role="alert">{error}</span> : undefined}
        />
      </form>
    </Dialog>
  );
}
