import { useState } from 'react';
import { PASSWORD_MAX_LENGTH, ResetPasswordSchema } from '../../../shared/schemas/passwords';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { confirmed, PASSWORD_HINT, useResetPassword, type ResetTarget } from './api';

/** Reset Password of a hotel's or merchant's login (Hotels and Merchants screens; superadmin and admin). */
export function ResetPasswordDialog({ target, onClose }: { target: ResetTarget | null; onClose: () => void }) {
  const [form, setForm] = useState({ password: '', confirm: '' });
  const reset = useResetPassword();

  useOnOpen(target !== null, target, () => setForm({ password: '', confirm: '' }));

  const submit = async () => {
    if (!target) return;
    const saved = await saveChecked(
      confirmed(ResetPasswordSchema, form.password, form.confirm),
      { password: form.password },
      (input) => reset.mutateAsync({ target, password: input.password }),
      { success: 'Password reset successfully', failure: 'Failed to reset password' },
    );
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={target !== null}
      title="Reset Password"
      onClose={onClose}
      onSubmit={submit}
      busy={reset.isPending}
      submitLabel="Reset Password"
    >
      <p className="muted reset-password-note">
        Sets a new password for the login of <strong>{target?.name}</strong> and signs it out on every device. Tell them
        the new password.
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
    </FormDialog>
  );
}
