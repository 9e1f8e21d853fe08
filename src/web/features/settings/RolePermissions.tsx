import type { AdminRole } from '../../../shared/constants';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

export const ROLE_LABELS: Record<AdminRole, string> = { superadmin: 'Super Admin', admin: 'Admin', manager: 'Manager' };
export const ROLE_TONES: Record<AdminRole, BadgeTone> = { superadmin: 'blue', admin: 'green', manager: 'orange' };

/** docs/PRODUCT.md "Roles", as stated on the settings screen. */
const PERMISSIONS: { role: AdminRole; text: string }[] = [
  {
    role: 'superadmin',
    text: 'Full system access, can manage users, access to Settings, views all reports, can add, edit and delete all data.',
  },
  {
    role: 'admin',
    text: 'Full operational access, cannot manage users, no Settings access, views reports, can add, edit and delete.',
  },
  {
    role: 'manager',
    text: 'Limited access, cannot manage users, no Settings, cannot view Reports, can add only (no delete).',
  },
];

/** The role-permission summary of the User Management section. */
export function RolePermissions() {
  return (
    <ul className="role-list" aria-label="Role permissions">
      {PERMISSIONS.map(({ role, text }) => (
        <li key={role} className={`role-item role-${role}`}>
          <Badge tone={ROLE_TONES[role]}>{ROLE_LABELS[role]}</Badge>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
