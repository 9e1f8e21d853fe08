import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { ChangePasswordSchema, containsUsername, PASSWORD_CONTAINS_USERNAME } from '../../../shared/schemas/passwords';
import { FormDialog, useFormRefusal } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useDialogForm } from '../../components/ui/use-form';
import { currentUserQuery } from '../../lib/current-user';
import { saveChecked } from '../../lib/save-form';
import { confirmed, useChangePassword } from './api';
import { newPasswordFields, passwordField } from './fields';

const EMPTY = { current: '', next: '', confirm: '' };
type Form = typeof EMPTY;

const FIELDS: FieldSpec<Form>[] = [
  {
    ...passwordField<Form>('current', 'Current Password', { autoComplete: 'current-password', maxLength: 200 }),
    autoFocus: true,
  },
  ...newPasswordFields<Form>('next', 'confirm'),
];

/** Change Password from the top bar, for every kind of login (docs/SECURITY.md): other devices are signed out. Loaded on first use. */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useDialogForm(open, null, () => EMPTY);
  const change = useChangePassword();
  const { current, next, confirm } = form.values;
  // The username rule (docs/SECURITY.md "Passwords"), told before sending; the server checks it too.
  const username = useQuery(currentUserQuery).data?.username ?? '';
  const schema = v.pipe(
    confirmed(ChangePasswordSchema, next, confirm),
    v.check(() => !containsUsername(next, username), PASSWORD_CONTAINS_USERNAME),
  );
  // The schema reads the fields renamed, so a refusal shows until the fields change.
  const refusal = useFormRefusal(open, null, form.values);

  return (
    <FormDialog
      open={open}
      title="Change Password"
      onClose={onClose}
      onSubmit={() =>
        saveChecked(schema, { current_password: current, new_password: next }, (input) => change.mutateAsync(input), {
          success: 'Password changed successfully. Other devices have been signed out.',
          failure: 'Failed to change password',
          refused: (message) => refusal.refuse(message),
        })
      }
      error={refusal.error}
      busy={change.isPending}
      submitLabel="Change Password"
    >
      <FormFields form={form} fields={FIELDS} />
    </FormDialog>
  );
}
