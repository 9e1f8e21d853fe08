import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/permissions';
import { ApiReferencePage } from '../../features/api-reference/ApiReferencePage';
import { openApiQuery } from '../../features/api-reference/api';
import { currentUserQuery, userRole } from '../../lib/current-user';

export const Route = createFileRoute('/superadmin/api')({
  staticData: { title: 'API Reference' },
  // The super admin's screen (shared/permissions.ts apiReference); anyone else gets a notice without a request.
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (can(userRole(user), 'apiReference')) await queryClient.ensureQueryData(openApiQuery);
  },
  component: ApiReferencePage,
});
