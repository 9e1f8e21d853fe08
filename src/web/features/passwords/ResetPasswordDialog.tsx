import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, ResetPasswordSchema } from '../../../shared/schemas/passwords';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { PASSWORD_HINT, PASSWORDS_DIFFER, useResetPassword, type ResetTarget } from './api';

/** Reset Password of a hotel's or merchant's login (Hotels and Merchants screens; superadmin and admin). */
export function ResetPasswordDialog({ target, onClose }: { target: ResetTarget | null; onClose: () => void }) {
  const [form, setForm] = useState({ password: '', confirm: '' });
  const reset = useResetPassword();
  const singleSubmit = useSingleSubmit();

  useOnOpen(target !== null, target, () => setForm({ password: '', confirm: '' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    void singleSubmit(async () => {
      const parsed = v.safeParse(ResetPasswordSchema, { password: form.password });
      if (!parsed.success) {
        toast.error(parsed.issues[0].message);
        return;
      }
      if (form.password !== form.confirm) {
        toast.error(PASSWORDS_DIFFER);
        return;
      }
      try {
        await reset.mutateAsync({ target, password: parsed.output.password });
        toast.success('Password reset successfully');
        onClose();
      } catch (error) {
        toast.error(errorText(error, 'Failed to reset password'));
      }
    });
  };

  return (
    <Dialog open={target !== null} title="Reset Password" onClose={onClose}>
      {target && (
        <form onSubmit={submit} className="form" noValidate>
          <p className="muted reset-password-note">
            Sets a new password for the login of <strong>{target.name}</strong> and signs it out on every device. Tell
            them the new password.
          </p>
          <Field
            label="New Password"
            required
            type="password"
            value={form.password}
            onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            autoFocus
          />
          <Field
            label="Confirm New Password"
            required
            type="password"
            value={form.confirm}
            onChange={(e) => setForm((f) => ({ ...f, confirm: e.target.value }))}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
          <div className="form-actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Processing...' : 'Reset Password'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
