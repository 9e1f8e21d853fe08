import type * as v from 'valibot';
import { ADMIN_ROLES, DEFAULT_ADMIN_ROLE } from '../../../shared/constants';
import { AdminUserCreateSchema, AdminUserUpdateSchema, PASSWORD_MIN_LENGTH } from '../../../shared/schemas/settings';
import type { AdminUser } from '../../../shared/api-types';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { usernameField } from '../passwords';
import { useSaveAdminUser } from './api';
import { ROLE_LABELS } from './RolePermissions';

/** The inputs' values; the role as the select holds it, checked by the API's schema. */
type Form = { username: string; full_name: string; email: string; password: string; role: string };
const EMPTY: Form = { username: '', full_name: '', email: '', password: '', role: DEFAULT_ADMIN_ROLE };

const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));

const toForm = (user: AdminUser | null): Form =>
  user
    ? {
        username: user.username,
        full_name: user.full_name ?? '',
        email: user.email ?? '',
        password: '',
        role: user.role,
      }
    : EMPTY;

/** The fields; editing, the password may stay blank and a super admin's role is locked. */
function fields(user: AdminUser | null): FieldSpec<Form>[] {
  const editing = user !== null;
  // The server refuses to change a super admin's role (docs/SECURITY.md, "Roles"): the form does not offer it.
  const roleLocked = user?.role === 'superadmin';
  return [
    { ...usernameField<Form>('username'), autoFocus: true },
    { field: 'full_name', label: 'Full Name', placeholder: 'Enter full name', maxLength: 100, autoComplete: 'off' },
    {
      field: 'email',
      label: 'Email',
      required: true,
      type: 'email',
      placeholder: 'name@example.com',
      maxLength: 200,
      autoComplete: 'off',
    },
    {
      field: 'password',
      label: 'Password',
      required: !editing,
      type: 'password',
      placeholder: editing ? 'Enter new password' : 'Enter password',
      maxLength: 128,
      autoComplete: 'new-password',
      hint: editing
        ? 'Leave blank to keep the current password.'
        : `At least ${PASSWORD_MIN_LENGTH} characters, not a common password, not containing the username, not built on a word like admin or StayPerks.`,
    },
    {
      kind: 'select',
      field: 'role',
      label: 'Role',
      options: ROLE_OPTIONS,
      disabled: roleLocked,
      hint: roleLocked ? "A super admin's role cannot be changed." : undefined,
    },
  ];
}

type UserSchema = typeof AdminUserCreateSchema | typeof AdminUserUpdateSchema;
/** The checked body, with the user's id when editing (PUT /admin-users/{id}, else POST). */
type SaveUserInput = v.InferOutput<UserSchema> & { id?: string };

/** Add New User / Edit User: an edit is checked with the update schema and sends the id. */
const userForm = (user: AdminUser | null): SaveForm<AdminUser, Form, UserSchema, SaveUserInput> => ({
  schema: user ? AdminUserUpdateSchema : AdminUserCreateSchema,
  toForm,
  toInput: (output) => ({ ...output, id: user?.id }),
  fields: fields(user),
  texts: {
    add: 'Add New User',
    edit: 'Edit User',
    created: 'User created successfully',
    updated: 'User updated successfully',
    failure: 'Failed to save user',
  },
});

export function UserDialog(props: EditDialogProps<AdminUser>) {
  const save = useSaveAdminUser();
  return <SaveFormDialog {...props} form={userForm(props.record)} save={save} />;
}
