import * as v from 'valibot';
import { ADMIN_ROLES } from '../../../shared/constants';
import { isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { AdminUserRow } from '../users/admin-users.service';

/** A back-office login (user_type superadmin) as /admin-users lists it; never the password hash. */
export const AdminUserView = named(
  'AdminUser',
  v.strictObject({
    id: uuid,
    username: v.string(),
    email: v.nullable(v.string()),
    role: v.picklist(ADMIN_ROLES),
    full_name: v.nullable(v.string()),
    created_at: isoDateTime,
    /** Two-step sign-in is on (the super admin may reset it). */
    second_factor: v.boolean(),
  }),
);
export type AdminUserView = v.InferOutput<typeof AdminUserView>;

export const presentAdminUser = (row: AdminUserRow): AdminUserView => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role ?? 'manager',
  full_name: row.fullName,
  created_at: row.createdAt.toISOString(),
  second_factor: row.secondFactor,
});
