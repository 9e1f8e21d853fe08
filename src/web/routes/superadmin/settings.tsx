import { createFileRoute } from '@tanstack/react-router';
import { contactInfoQuery } from '../../features/contact/api';
import { merchantTypesQuery } from '../../features/merchant-types/api';
import { SettingsPage } from '../../features/settings/SettingsPage';
import { adminUsersQuery, currentUserQuery } from '../../features/settings/api';

export const Route = createFileRoute('/superadmin/settings')({
  staticData: { title: 'Settings - User Management' },
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contactInfoQuery);
    void queryClient.prefetchQuery(merchantTypesQuery);
    // The users list is for role superadmin only: ask for it once the role is known (an admin would get 403).
    void queryClient
      .ensureQueryData(currentUserQuery)
      .then((me) => {
        if (me.role === 'superadmin') void queryClient.prefetchQuery(adminUsersQuery);
      })
      .catch(() => {});
  },
  component: SettingsPage,
});
