import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import type { AdminUser } from '../../../shared/types';
import { Badge } from '../../components/ui/Badge';
import { Button, IconButton } from '../../components/ui/Button';
import { EditIcon, PlusIcon, TrashIcon, UsersIcon } from '../../components/ui/icons';
import { Table } from '../../components/ui/Table';
import { readSession } from '../../lib/session';
import { confirmDelete } from '../../lib/confirm-delete';
import { adminUsersQuery, useDeleteAdminUser } from './api';
import { ROLE_LABELS, ROLE_TONES, RolePermissions } from './RolePermissions';
import { SettingsSection } from './SettingsSection';
import { UserDialog } from './UserDialog';

/** User Management: role summary, users table and the add/edit dialog (docs/PRODUCT.md "Screens", "Roles"). */
export function UsersSection() {
  const { data: users } = useSuspenseQuery(adminUsersQuery);
  const remove = useDeleteAdminUser();
  const [dialog, setDialog] = useState<{ open: boolean; user: AdminUser | null }>({ open: false, user: null });
  const currentUserId = readSession()?.userId; // docs/PRODUCT.md "Roles": the current user id from local storage

  return (
    <SettingsSection
      id="user-management"
      icon={<UsersIcon />}
      title="User Management"
      description="Back-office users and what each role may do."
      action={
        <Button onClick={() => setDialog({ open: true, user: null })}>
          <PlusIcon /> Add User
        </Button>
      }
    >
      <RolePermissions />
      {users.length === 0 ? (
        <p className="muted">No users found.</p>
      ) : (
        <Table caption="Users">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Full Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Created At</th>
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
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
                      {!isMe && (
                        <IconButton label={`Edit ${user.username}`} onClick={() => setDialog({ open: true, user })}>
                          <EditIcon />
                        </IconButton>
                      )}
                      {!isMe && user.role !== 'superadmin' && (
                        <IconButton
                          label={`Delete ${user.username}`}
                          className="danger"
                          onClick={() => confirmDelete(remove, user.id, 'user')}
                          disabled={remove.isPending}
                        >
                          <TrashIcon />
                        </IconButton>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <UserDialog open={dialog.open} user={dialog.user} onClose={() => setDialog({ open: false, user: null })} />
    </SettingsSection>
  );
}
