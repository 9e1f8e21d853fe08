import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDate } from '../../../shared/format';
import type { AdminUser } from '../../../shared/api-types';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { Badge } from '../../components/ui/Badge';
import { AddButton, DeleteButton, EditButton, RowButton } from '../../components/lists/RowButtons';
import { SignOutButton } from '../../components/lists/SignOutButton';
import { api, errorText } from '../../lib/api';
import { UsersIcon } from '../../components/ui/icons';
import { Table, TableHead } from '../../components/ui/Table';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { readSession } from '../../lib/session';
import { adminUsersQuery, useDeleteAdminUser } from './api';
import { ROLE_LABELS, ROLE_TONES, RolePermissions } from './RolePermissions';
import { UserDialog } from './UserDialog';

/** User Management: role summary, users table and the add/edit dialog (docs/PRODUCT.md "Screens", "Roles"). */
export function UsersSection() {
  const { data: users } = useSuspenseQuery(adminUsersQuery);
  const remove = useDeleteAdminUser();
  const dialog = useEditDialog<AdminUser>();
  const currentUserId = readSession()?.userId; // docs/PRODUCT.md "Roles": the current user id from local storage
  const resetTwoStep = useResetTwoStep();

  return (
    <SettingsSection
      id="user-management"
      icon={<UsersIcon />}
      title="User Management"
      description="Back-office users and what each role may do."
      action={<AddButton label="Add User" onClick={dialog.add} />}
    >
      <RolePermissions />
      {users.length === 0 ? (
        <p className="muted">No users found.</p>
      ) : (
        <Table caption="Users">
          <TableHead columns={['Username', 'Full Name', 'Email', 'Role', 'Created At', ['Actions', 'actions-col']]} />
          <tbody>
            {users.map((user) => {
              const isMe = user.id === currentUserId;
              return (
                <tr key={user.id}>
                  <td>
                    <span className="user-name">{user.username}</span>
                    {isMe && <span className="you-tag">(You)</span>}
                  </td>
                  <td>{user.full_name || '-'}</td>
                  <td>{user.email || '-'}</td>
                  <td>
                    <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
                  </td>
                  <td>{formatDate(user.created_at)}</td>
                  <td className="actions-col">
                    <div className="row-actions">
                      {!isMe && <EditButton name={user.username} onClick={() => dialog.edit(user)} />}
                      {!isMe && <SignOutButton path="/admin-users/:id/sign-out" id={user.id} name={user.username} />}
                      {!isMe && user.second_factor && (
                        <RowButton
                          label={`Reset two-step sign-in of ${user.username}`}
                          onClick={() => resetTwoStep(user)}
                        >
                          Reset two-step
                        </RowButton>
                      )}
                      {!isMe && user.role !== 'superadmin' && (
                        <DeleteButton name={user.username} remove={remove} id={user.id} thing="user" busyWhilePending />
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <UserDialog open={dialog.open} record={dialog.item} onClose={dialog.close} />
    </SettingsSection>
  );
}

/**
 * The super admin's reset of a user's two-step sign-in (a lost phone; docs/SECURITY.md "Second factor"): asks first;
 * the user's sessions end and it sets it up again at its next sign-in.
 */
function useResetTwoStep() {
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: (id: string) => api.delete('/admin-users/:id/second-factor', { param: { id } }),
    onSuccess: () => toast.success('Two-step sign-in reset'),
    onError: (error) => toast.error(errorText(error, 'Failed to reset two-step sign-in')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey }),
  });
  return (user: AdminUser) => {
    const question = `Reset two-step sign-in of ${user.username}? They are signed out everywhere and set it up again at their next sign-in.`;
    if (window.confirm(question)) reset.mutate(user.id);
  };
}
