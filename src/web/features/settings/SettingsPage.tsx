import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { can } from '../../../shared/permissions';
import { Card } from '../../components/ui/Card';
import { SettingsIcon } from '../../components/ui/icons';
import { currentUserQuery, userRole } from '../../lib/current-user';
import { ActivitySection } from './ActivitySection';
import { ROLE_LABELS, RolePermissions } from './RolePermissions';
import { UsersSection } from './UsersSection';

/**
 * Settings - User Management (docs/PRODUCT.md "Screens"): Contact Us Information, Merchant Types and User Management,
 * then Activity (the audit trail, docs/SECURITY.md). Only role superadmin may use it (docs/PRODUCT.md "Roles"); an
 * admin or manager is told so instead of meeting 403s.
 */
export function SettingsPage({
  contactInfoSection,
  merchantTypesSection,
  messagingSection,
  billingSection,
}: {
  /**
   * Sections other features own (features/contact, features/merchant-types), given by the route that composes the
   * screen: taken through those features' index.ts, they and their dialogs would load with every page that reads
   * the features' data (the bundler keeps a re-exported React module).
   */
  contactInfoSection: ReactNode;
  merchantTypesSection: ReactNode;
  /** Messaging: the phone verification code budgets (features/messaging). */
  messagingSection: ReactNode;
  /** Billing: who issues the tax invoices (features/invoices, docs/PRODUCT.md "Tax invoices"). */
  billingSection: ReactNode;
}) {
  const { data: me } = useSuspenseQuery(currentUserQuery);
  const role = userRole(me);
  if (!can(role, 'manageSettings')) return <NoAccess role={me.role ? ROLE_LABELS[me.role] : 'none'} />;

  return (
    <div className="settings-page">
      {contactInfoSection}
      {merchantTypesSection}
      {messagingSection}
      {billingSection}
      {can(role, 'manageUsers') && <UsersSection />}
      {can(role, 'viewAudit') && <ActivitySection />}
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
