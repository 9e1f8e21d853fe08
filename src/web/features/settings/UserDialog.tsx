import { useId, useState, type ChangeEvent } from 'react';
import { ADMIN_ROLES, DEFAULT_ADMIN_ROLE } from '../../../shared/constants';
import {
  AdminUserCreateSchema,
  AdminUserUpdateSchema,
  PASSWORD_MIN_LENGTH,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
} from '../../../shared/schemas/settings';
import type { AdminUser } from '../../../shared/types';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { useSaveAdminUser, type SaveUserInput } from './api';
import { ROLE_LABELS } from './RolePermissions';

interface Props {
  open: boolean;
  user: AdminUser | null;
  onClose: () => void;
}

const EMPTY = { username: '', full_name: '', email: '', password: '', role: DEFAULT_ADMIN_ROLE };
type Form = typeof EMPTY;

/** The update body for an existing user, the create body for a new one (a blank password keeps the old one). */
function toSaveInput(user: AdminUser | null, output: AdminUserCreateInput | AdminUserUpdateInput): SaveUserInput {
  return user ? { id: user.id, ...output } : (output as AdminUserCreateInput);
}

export function UserDialog({ open, user, onClose }: Props) {
  const [form, setForm] = useState<Form>(EMPTY);
  const save = useSaveAdminUser();
  const editing = user !== null;
  const roleId = useId();
  // The server refuses to change a super admin's role (docs/SECURITY.md, "Roles"): the form does not offer it.
  const roleLocked = user?.role === 'superadmin';

  useOnOpen(open, user, () =>
    setForm(
      user
        ? {
            username: user.username,
            full_name: user.full_name ?? '',
            email: user.email ?? '',
            password: '',
            role: user.role,
          }
        : EMPTY,
    ),
  );

  const set = (key: keyof Form) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = async () => {
    const saved = await saveChecked(
      user ? AdminUserUpdateSchema : AdminUserCreateSchema,
      form,
      (input) => save.mutateAsync(toSaveInput(user, input)),
      { success: editing ? 'User updated successfully' : 'User created successfully', failure: 'Failed to save user' },
    );
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit User' : 'Add New User'}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Create'}
    >
      <Field
        label="Username"
        required
        placeholder="Enter username"
        value={form.username}
        onChange={set('username')}
        maxLength={100}
        autoFocus
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <Field
        label="Full Name"
        placeholder="Enter full name"
        value={form.full_name}
        onChange={set('full_name')}
        maxLength={100}
        autoComplete="off"
      />
      <Field
        label="Email"
        required
        type="email"
        placeholder="name@example.com"
        value={form.email}
        onChange={set('email')}
        maxLength={200}
        autoComplete="off"
      />
      <Field
        label="Password"
        required={!editing}
        type="password"
        placeholder={editing ? 'Enter new password' : 'Enter password'}
        value={form.password}
        onChange={set('password')}
        maxLength={128}
        autoComplete="new-password"
        hint={
          editing
            ? 'Leave blank to keep the current password.'
            : `At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`
        }
      />
      <div className="field">
        <label htmlFor={roleId}>Role</label>
        <select
          id={roleId}
          value={form.role}
          onChange={set('role')}
          disabled={roleLocked}
          aria-describedby={roleLocked ? `${roleId}-hint` : undefined}
        >
          {ADMIN_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        {roleLocked && (
          <p className="field-hint" id={`${roleId}-hint`}>
            A super admin&apos;s role cannot be changed.
          </p>
        )}
      </div>
    </FormDialog>
  );
}
