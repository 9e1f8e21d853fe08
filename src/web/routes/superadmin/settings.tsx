import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/permissions';
import { contactInfoQuery } from '../../features/contact/api';
import { ContactInfoSection } from '../../features/contact/ContactInfoSection';
import { billingSettingsQuery } from '../../features/invoices/api';
import { BillingSection } from '../../features/invoices/BillingForms';
import { merchantTypesQuery } from '../../features/merchant-types/api';
import { MerchantTypesSection } from '../../features/merchant-types/MerchantTypesSection';
import { messagingSettingsQuery } from '../../features/messaging/api';
import { MessagingSection } from '../../features/messaging/MessagingSection';
import { SettingsPage } from '../../features/settings/SettingsPage';
import { adminUsersQuery, auditEventsQuery } from '../../features/settings/api';
import { currentUserQuery, userRole } from '../../lib/current-user';

export const Route = createFileRoute('/superadmin/settings')({
  staticData: { title: 'Settings - User Management' },
  // What the user's role may see (shared/permissions.ts): an admin would get 403s, and sees a notice instead.
  loader: async ({ context: { queryClient } }) => {
    const role = userRole(await queryClient.ensureQueryData(currentUserQuery));
    if (!can(role, 'manageSettings')) return;
    // The activity list loads in its own section.
    if (can(role, 'viewAudit')) void queryClient.prefetchInfiniteQuery(auditEventsQuery({}));
    await Promise.all([
      // A failed contact-info load is only logged: that section then shows none.
      queryClient.ensureQueryData(contactInfoQuery).catch(() => null),
      queryClient.ensureQueryData(merchantTypesQuery),
      queryClient.ensureQueryData(messagingSettingsQuery),
      queryClient.ensureQueryData(billingSettingsQuery),
      can(role, 'manageUsers') && queryClient.ensureQueryData(adminUsersQuery),
    ]);
  },
  component: () => (
    <SettingsPage
      contactInfoSection={<ContactInfoSection />}
      merchantTypesSection={<MerchantTypesSection />}
      messagingSection={<MessagingSection />}
      billingSection={<BillingSection />}
    />
  ),
});
