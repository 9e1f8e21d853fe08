import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { clearApiCaches } from '../../lib/pwa';

/** SPEC §2: Logout clears all local storage (the session and the persisted query cache), then goes to /login/superadmin. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    localStorage.clear();
    queryClient.clear();
    void clearApiCaches();
    toast.success('Logged out successfully');
    void navigate({ to: '/login/superadmin' });
  };
}
