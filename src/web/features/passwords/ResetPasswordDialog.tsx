import { useState } from 'react';
import { ResetPasswordSchema } from '../../../shared/schemas/passwords';
import { FormDialog, useFormRefusal } from '../../components/ui/FormDialog';
import { FormFields } from '../../components/ui/FormFields';
import { useDialogForm } from '../../components/ui/use-form';
import { saveChecked } from '../../lib/save-form';
import { confirmed, useResetPassword, type ResetTarget } from './api';
import { newPasswordFields } from './fields';

const EMPTY = { password: '', confirm: '' };
const FIELDS = newPasswordFields<typeof EMPTY>('password', 'confirm', true);

/**
 * Reset Password from a list's rows (Hotels, Merchants): `open` is the rows' key button, `dialog` is drawn once,
 * below the list.
 */
export function useResetPasswordDialog() {
  const [target, setTarget] = useState<ResetTarget | null>(null);
  return { open: setTarget, dialog: <ResetPasswordDialog target={target} onClose={() => setTarget(null)} /> };
}

/** Reset Password of a hotel's or merchant's login (Hotels and Merchants screens; superadmin and admin). */
export function ResetPasswordDialog({ target, onClose }: { target: ResetTarget | null; onClose: () => void }) {
  const reset = useResetPassword();
  return (
    <NewPasswordDialog
      subject={target}
      name={target?.name}
      onClose={onClose}
      busy={reset.isPending}
      save={(password) => reset.mutateAsync({ target: target!, password })}
    />
  );
}

/**
 * Reset Password of one login, `subject` (none: closed): New Password twice with the password rules, then `save`;
 * the back office's for a hotel or merchant, a merchant owner's for its staff logins (docs/PRODUCT.md "Staff").
 */
export function NewPasswordDialog({
  subject,
  name,
  onClose,
  busy,
  save,
}: {
  subject: object | null;
  name: string | undefined;
  onClose: () => void;
  busy: boolean;
  save: (password: string) => Promise<unknown>;
}) {
  const open = subject !== null;
  const form = useDialogForm(open, subject, () => EMPTY);
  const { password, confirm } = form.values;
  // The check reads both fields and the confirmation apart, so a refusal shows until the fields change.
  const refusal = useFormRefusal(open, subject, form.values);

  const submit = async () => {
    if (!open) return;
    return saveChecked(
      confirmed(ResetPasswordSchema, password, confirm),
      { password },
      (input) => save(input.password),
      {
        success: 'Password reset successfully',
        failure: 'Failed to reset password',
        refused: (message) => refusal.refuse(message),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Reset Password"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel="Reset Password"
      error={refusal.error}
    >
      <p className="muted reset-password-note">
        Sets a new password for the login of <strong>{name}</strong> and signs it out on every device. Tell them the new
        password.
      </p>
      <FormFields form={form} fields={FIELDS} />
    </FormDialog>
  );
}
