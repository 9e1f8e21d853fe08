import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { api } from './api';
import { getToken } from './session';
import { clearApiCaches } from './pwa';
import { clearDeviceStorage } from './start-page';

/** How long Logout waits for the server before signing out on the device anyway (a slow or lost connection). */
const LOGOUT_WAIT_MS = 5000;

/**
 * docs/PRODUCT.md "Screens": Logout clears local storage (the session and the persisted query cache; only which login
 * screen was used stays, for the start page), then goes to /login/superadmin. First it asks the server to end the
 * session: POST /auth/logout ends this device's session only (offline or on any error the device is still signed
 * out); POST /auth/logout-everywhere ("Sign out everywhere", `everywhere`: the current password, docs/SECURITY.md
 * "Re-authentication") every session of this login, and its refusal (a wrong password, no connection) is thrown with
 * the device still signed in, for the dialog that asked to say why.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ everywhere }: { everywhere?: { currentPassword: string } } = {}) => {
    if (everywhere)
      await api.post('/auth/logout-everywhere', { json: { current_password: everywhere.currentPassword } });
    else if (getToken()) await api.post('/auth/logout', { timeout: LOGOUT_WAIT_MS }).catch(() => undefined);
    clearDeviceStorage();
    queryClient.clear();
    void clearApiCaches();
    toast.success(everywhere ? 'Signed out everywhere' : 'Logged out successfully');
    void navigate({ to: '/login/superadmin' });
  };
}
