import { useState } from 'react';
import { ChangePasswordSchema, PASSWORD_MAX_LENGTH } from '../../../shared/schemas/passwords';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { confirmed, PASSWORD_HINT, useChangePassword } from './api';

const EMPTY = { current: '', next: '', confirm: '' };

/** Change Password from the top bar, for every kind of login (docs/SECURITY.md): other devices are signed out. Loaded on first use. */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();

  useOnOpen(open, null, () => setForm(EMPTY));

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = async () => {
    const saved = await saveChecked(
      confirmed(ChangePasswordSchema, form.next, form.confirm),
      { current_password: form.current, new_password: form.next },
      (input) => change.mutateAsync(input),
      {
        success: 'Password changed successfully. Other devices have been signed out.',
        failure: 'Failed to change password',
      },
    );
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      title="Change Password"
      onClose={onClose}
      onSubmit={submit}
      busy={change.isPending}
      submitLabel="Change Password"
    >
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
    </FormDialog>
  );
}
