import type { Presented } from '../../platform/lib/presented';
import type { AdminUserRow } from '../users/admin-users.service';

/** Never includes the password hash. */
export const presentAdminUser = (row: AdminUserRow) => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role ?? 'manager',
  full_name: row.fullName,
  created_at: row.createdAt.toISOString(),
});

/** A back-office login (user_type superadmin) as /admin-users lists it. */
export type AdminUserView = Presented<typeof presentAdminUser>;
