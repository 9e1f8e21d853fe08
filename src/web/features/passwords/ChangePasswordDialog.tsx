import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { ChangePasswordSchema, PASSWORD_MAX_LENGTH } from '../../../shared/schemas/passwords';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { PASSWORD_HINT, PASSWORDS_DIFFER, useChangePassword } from './api';

const EMPTY = { current: '', next: '', confirm: '' };

/** Change Password from the top bar, for every kind of login (docs/SECURITY.md): other devices are signed out. Loaded on first use. */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();
  const singleSubmit = useSingleSubmit();

  useOnOpen(open, null, () => setForm(EMPTY));

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void singleSubmit(async () => {
      const parsed = v.safeParse(ChangePasswordSchema, { current_password: form.current, new_password: form.next });
      if (!parsed.success) {
        toast.error(parsed.issues[0].message);
        return;
      }
      if (form.next !== form.confirm) {
        toast.error(PASSWORDS_DIFFER);
        return;
      }
      try {
        await change.mutateAsync(parsed.output);
        toast.success('Password changed successfully. Other devices have been signed out.');
        onClose();
      } catch (error) {
        toast.error(errorText(error, 'Failed to change password'));
      }
    });
  };

  return (
    <Dialog open={open} title="Change Password" onClose={onClose}>
      <form onSubmit={submit} className="form" noValidate>
        <Field
          label="Current Password"
          required
          type="password"
          value={form.current}
          onChange={set('current')}
          maxLength={200}
          autoComplete="current-password"
          autoFocus
        />
        <Field
          label="New Password"
          required
          type="password"
          value={form.next}
          onChange={set('next')}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          hint={PASSWORD_HINT}
        />
        <Field
          label="Confirm New Password"
          required
          type="password"
          value={form.confirm}
          onChange={set('confirm')}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
        />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Processing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
