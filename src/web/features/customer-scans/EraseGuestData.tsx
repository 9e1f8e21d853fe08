import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { ERASED_NAME } from '../../../shared/privacy';
import { EraseGuestSchema } from '../../../shared/schemas/scans';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { useCan } from '../../lib/current-user';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { useEraseGuest } from './erase-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Erase guest data" on Customer Scans (docs/PRIVACY.md): the super admin types the guest's mobile number and confirms;
 * every scan of it is anonymised and its unredeemed vouchers cancelled. `searchText` (the list's search box) fills
 * the number in when it is one.
 */
export function EraseGuestData({ searchText }: { searchText: string }) {
  const allowed = useCan('eraseGuestData');
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const erase = useEraseGuest();
  const once = useSingleSubmit();
  const formId = useId();
  if (!allowed) return null;

  const start = () => {
    const digits = searchText.replace(/[\s-]/g, '');
    setMobile(/^\d{10}$/.test(digits) ? digits : '');
    setError(null);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void once(async () => {
      const parsed = v.safeParse(EraseGuestSchema, { mobile_number: mobile });
      if (!parsed.success) {
        setError(parsed.issues[0].message);
        return;
      }
      try {
        const done = await erase.mutateAsync(parsed.output.mobile_number);
        if (done.scans_anonymised === 0) toast.info('No guest data was found for this mobile number');
        else
          toast.success(
            `Guest data erased: ${plural(done.scans_anonymised, 'scan', 'scans')} anonymised, ${plural(done.vouchers_cancelled, 'unredeemed voucher', 'unredeemed vouchers')} cancelled`,
          );
        setOpen(false);
      } catch (failure) {
        // Beside the number, as a refused check is (docs/PRODUCT.md "Forms and messages").
        setError(errorText(failure, 'Failed to erase guest data'));
      }
    });
  };

  return (
    <>
      <Button variant="secondary" onClick={start}>
        Erase guest data
      </Button>
      <Dialog
        open={open}
        title="Erase guest data"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="danger" disabled={erase.isPending}>
              {erase.isPending ? 'Erasing...' : 'Erase guest data'}
            </Button>
          </>
        }
      >
        <form id={formId} className="form" noValidate onSubmit={submit}>
          <p>
            Every scan of this mobile number gets the name &ldquo;{ERASED_NAME}&rdquo; and no number, and its unredeemed
            vouchers are cancelled. Counts, reports and redemptions stay. This cannot be undone; it is recorded in the
            activity log without the number.
          </p>
          <Field
            label="Mobile Number"
            required
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            placeholder="10-digit mobile number"
            value={mobile}
            onChange={(e) => {
              setMobile(e.target.value.replace(/\D/g, '').slice(0, 10));
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            hint={error ? <span role="alert">{error}</span> : undefined}
          />
        </form>
      </Dialog>
    </>
  );
}
