import type { AdminUser } from '../../../shared/types';
import type { AdminUserRow } from '../users/admin-users.service';

/** Never includes the password hash. */
export const presentAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role ?? 'manager',
  full_name: row.fullName,
  created_at: row.createdAt.toISOString(),
});
