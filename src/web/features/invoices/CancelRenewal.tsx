import { useState } from 'react';
import { toast } from 'sonner';
import { CancelPeriodSchema } from '../../../shared/schemas/invoices';
import { Button } from '../../components/ui/Button';
import { FormDialog } from '../../components/ui/FormDialog';
import { TextAreaField } from '../../components/ui/SelectField';
import { errorText } from '../../lib/api';
import { useCancelRenewal } from './api';
import * as v from 'valibot';

/**
 * Cancel renewal (the super admin; docs/PRODUCT.md "Tax invoices"): asks why, then cancels the hotel's latest
 * renewal; its invoice gets a credit note and the subscription end moves back.
 */
export function CancelRenewalButton({ periodId, label }: { periodId: string; label: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelRenewal();
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = async () => {
    const checked = v.safeParse(CancelPeriodSchema, { reason });
    if (!checked.success) return setError(checked.issues[0].message);
    try {
      const done = await cancel.mutateAsync({ periodId, reason: checked.output.reason });
      toast.success(done.detail);
      return true;
    } catch (failure) {
      setError(errorText(failure, 'Failed to cancel the renewal'));
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Cancel renewal ${label}`}>
        Cancel renewal
      </Button>
      <FormDialog
        open={open}
        title="Cancel renewal"
        onClose={close}
        size="sm"
        busy={cancel.isPending}
        submitLabel="Cancel renewal"
        onSubmit={submit}
        error={error}
      >
        <p className="muted">
          The renewal {label} stops counting as revenue and the subscription ends where it did before. Its tax invoice
          is cancelled by a credit note; the invoice itself stays.
        </p>
        <TextAreaField
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormDialog>
    </>
  );
}
