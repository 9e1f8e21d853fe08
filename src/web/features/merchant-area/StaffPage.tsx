import { queryOptions, useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { MerchantRole } from '../../../shared/constants';
import { formatDate, formatDateTime } from '../../../shared/format';
import {
  STAFF_ROLES,
  StaffCreateSchema,
  StaffMobileSchema,
  type StaffCreateInput,
  type StaffMobileInput,
} from '../../../shared/schemas/staff';
import type { StaffLogin } from '../../../shared/api-types';
import { AddButton, DeleteButton } from '../../components/lists/RowButtons';
import { Badge } from '../../components/ui/Badge';
import { IconButton } from '../../components/ui/Button';
import { FormDialog, useFormRefusal } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { KeyIcon, PhoneIcon } from '../../components/ui/icons';
import { Table, TableHead } from '../../components/ui/Table';
import { useDialogForm } from '../../components/ui/use-form';
import { api } from '../../lib/api';
import { useListMutation } from '../../lib/list-queries';
import { merchantCan } from '../../lib/merchant-role';
import { saveChecked } from '../../lib/save-form';
import { NewPasswordDialog, newLoginFields } from '../passwords';
import '../../components/ui/table-bar.css';

/** Every login of the merchant, read fresh on each visit (not kept on the device: the page is the owner's, online). */
const staffQuery = queryOptions({
  queryKey: ['merchant', 'staff'],
  queryFn: () => api.get('/merchant/staff'),
  meta: { logMessage: 'Failed to load staff' },
});

const ROLE_LABELS: Record<MerchantRole, string> = { owner: 'Owner', supervisor: 'Supervisor', cashier: 'Cashier' };
const ROLE_TONES = { owner: 'purple', supervisor: 'blue', cashier: 'grey' } as const;
/** What each role may do, in the words of docs/PRODUCT.md "Roles". */
const ROLE_NOTES: Record<(typeof STAFF_ROLES)[number], string> = {
  supervisor: 'everything you can, except staff logins',
  cashier: "redeem, see today's list, enter bill amounts and undo their own redemptions",
};

/**
 * Staff (docs/PRODUCT.md "Staff"), the owner's page: the merchant's logins with role, created and last seen; Add
 * Staff, Reset password and Remove (asked first) on each staff login, never on an owner's. Phone first: the table
 * turns into cards.
 */
export function StaffPage() {
  // Only the owner manages staff (docs/SECURITY.md "Roles"): anyone else who opens the address lands on the counter.
  if (!merchantCan('manageStaff')) return <Navigate to="/merchant/dashboard" replace />;
  return <StaffList />;
}

function StaffList() {
  const { data: logins } = useSuspenseQuery(staffQuery);
  const remove = useListMutation(
    (id: string) => api.delete('/merchant/staff/:id', { param: { id } }),
    staffQuery.queryKey,
  );
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffLogin | null>(null);
  const [mobileOf, setMobileOf] = useState<StaffLogin | null>(null);

  return (
    <section className="ma-staff">
      <div className="table-bar">
        <p className="muted">
          Supervisors can do {ROLE_NOTES.supervisor}; cashiers can {ROLE_NOTES.cashier}.
        </p>
        <AddButton label="Add Staff" onClick={() => setAdding(true)} />
      </div>
      <Table caption="Staff logins" layout="cards">
        <TableHead
          columns={['Username', 'Full Name', 'Role', 'Mobile', 'Created', 'Last Seen', ['Actions', 'actions-col']]}
        />
        <tbody>
          {logins.map((login) => (
            <tr key={login.id}>
              <td data-label="Username" className="ma-strong">
                {login.username}
              </td>
              <td data-label="Full Name">{login.full_name || '-'}</td>
              <td data-label="Role">
                <Badge tone={ROLE_TONES[login.role]}>{ROLE_LABELS[login.role]}</Badge>
              </td>
              <td data-label="Mobile">{login.role === 'owner' ? 'Shop number' : login.mobile || '-'}</td>
              <td data-label="Created">{formatDate(login.created_at)}</td>
              <td data-label="Last Seen">{login.last_seen_at ? formatDateTime(login.last_seen_at) : 'Never'}</td>
              <td className="actions-col">
                {login.role !== 'owner' && (
                  <div className="row-actions">
                    <IconButton label={`Reset password of ${login.username}`} onClick={() => setResetting(login)}>
                      <KeyIcon />
                    </IconButton>
                    <IconButton label={`Mobile of ${login.username}`} onClick={() => setMobileOf(login)}>
                      <PhoneIcon />
                    </IconButton>
                    <DeleteButton name={login.username} remove={remove} id={login.id} thing="staff login" />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
      <StaffPasswordDialog login={resetting} onClose={() => setResetting(null)} />
      <StaffMobileDialog login={mobileOf} onClose={() => setMobileOf(null)} />
    </section>
  );
}

type AddForm = { username: string; full_name: string; password: string; role: string; mobile: string };
const EMPTY_ADD: AddForm = { username: '', full_name: '', password: '', role: 'cashier', mobile: '' };
/** Where the staff login's own "Forgot password" code goes (docs/SECURITY.md "Forgot password"). */
const MOBILE_HINT = 'Optional. A "Forgot password?" code is sent here; without it, you reset their password.';
const mobileSpec = <T extends { mobile: string }>(): FieldSpec<T> =>
  ({
    field: 'mobile',
    label: 'Mobile',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'off',
    placeholder: '10-digit mobile number',
    maxLength: 20,
    hint: MOBILE_HINT,
  }) as FieldSpec<T>;
const [usernameSpec, passwordSpec] = newLoginFields<AddForm>();
const ADD_FIELDS: FieldSpec<AddForm>[] = [
  { ...usernameSpec!, autoFocus: true },
  { field: 'full_name', label: 'Full Name', required: true, placeholder: 'Enter full name', maxLength: 100 },
  passwordSpec!,
  {
    kind: 'select',
    field: 'role',
    label: 'Role',
    options: STAFF_ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] })),
    hint: `A supervisor can do ${ROLE_NOTES.supervisor}; a cashier can ${ROLE_NOTES.cashier}.`,
  },
  mobileSpec<AddForm>(),
];

/** Add Staff: a supervisor or cashier login, checked with the API's schema. */
function AddStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useDialogForm(open, null, () => EMPTY_ADD);
  const refusal = useFormRefusal(open, null, form.values);
  const add = useListMutation(
    (input: StaffCreateInput) => api.post('/merchant/staff', { json: input }),
    staffQuery.queryKey,
  );
  const submit = () =>
    saveChecked(StaffCreateSchema, form.values, (input) => add.mutateAsync(input), {
      success: 'Staff login added',
      failure: 'Failed to add the staff login',
      refused: refusal.refuse,
    });
  return (
    <FormDialog
      open={open}
      title="Add Staff"
      onClose={onClose}
      onSubmit={submit}
      busy={add.isPending}
      submitLabel="Add Staff"
      error={refusal.error}
    >
      <FormFields form={form} fields={ADD_FIELDS} />
    </FormDialog>
  );
}

/** Reset password of a staff login: every device it is signed in on is signed out. */
function StaffPasswordDialog({ login, onClose }: { login: StaffLogin | null; onClose: () => void }) {
  const reset = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.put('/merchant/staff/:id/password', { param: { id }, json: { password } }),
  });
  return (
    <NewPasswordDialog
      subject={login}
      name={login?.username}
      onClose={onClose}
      busy={reset.isPending}
      save={(password) => reset.mutateAsync({ id: login!.id, password })}
    />
  );
}

type MobileForm = { mobile: string };
const MOBILE_FIELDS: FieldSpec<MobileForm>[] = [{ ...mobileSpec<MobileForm>(), autoFocus: true }];

/** A staff login's own mobile, set, changed or cleared (empty) by the owner. */
function StaffMobileDialog({ login, onClose }: { login: StaffLogin | null; onClose: () => void }) {
  const open = login !== null;
  const form = useDialogForm(open, login, () => ({ mobile: login?.mobile ?? '' }));
  const refusal = useFormRefusal(open, login, form.values);
  const save = useListMutation(
    (input: StaffMobileInput) => api.put('/merchant/staff/:id/mobile', { param: { id: login!.id }, json: input }),
    staffQuery.queryKey,
  );
  const submit = () =>
    saveChecked(StaffMobileSchema, form.values, (input) => save.mutateAsync(input), {
      success: form.values.mobile.trim() ? 'Mobile saved' : 'Mobile removed',
      failure: 'Failed to save the mobile',
      refused: refusal.refuse,
    });
  return (
    <FormDialog
      open={open}
      title={`Mobile of ${login?.username ?? ''}`}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel="Save"
      error={refusal.error}
    >
      <FormFields form={form} fields={MOBILE_FIELDS} />
    </FormDialog>
  );
}
