import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/Card';
import { SettingsIcon } from '../../components/ui/icons';
import { ActivitySection } from './ActivitySection';
import { currentUserQuery } from './api';
import { ContactInfoSection } from './ContactInfoSection';
import { MerchantTypesSection } from './MerchantTypesSection';
import { ROLE_LABELS, RolePermissions } from './RolePermissions';
import { UsersSection } from './UsersSection';

/**
 * Settings - User Management (SPEC §2): Contact Us Information, Merchant Types and User Management, then Activity
 * (the audit trail, docs/SECURITY.md).
 * Only role superadmin may use it (DESIGN §4); an admin or manager is told so instead of meeting 403s.
 */
export function SettingsPage() {
  const me = useQuery(currentUserQuery);

  if (me.isPending) return <p className="status-text">Loading...</p>;
  if (me.data && me.data.role !== 'superadmin')
    return <NoAccess role={me.data.role ? ROLE_LABELS[me.data.role] : 'none'} />;

  return (
    <div className="settings-page">
      <ContactInfoSection />
      <MerchantTypesSection />
      <UsersSection />
      <ActivitySection />
    </div>
  );
}

function NoAccess({ role }: { role: string }) {
  return (
    <div className="settings-page">
      <Card className="no-access" role="alert">
        <span className="settings-section-icon">
          <SettingsIcon />
        </span>
        <div>
          <h2>Settings are for Super Admins</h2>
          <p className="muted">
            Your role ({role}) has no Settings access. Contact information, merchant types and users can only be managed
            by a Super Admin.
          </p>
        </div>
      </Card>
      <Card className="settings-section">
        <h2 className="no-access-roles-title">What each role may do</h2>
        <RolePermissions />
      </Card>
    </div>
  );
}
