import { useLogout } from '../../lib/use-logout';
import { CurrentPasswordDialog } from './CurrentPasswordDialog';

/**
 * "Sign out everywhere" (docs/SECURITY.md "Sessions", "Re-authentication"): the current password first, then every
 * device of this login is signed out, this one too. Loaded on first use, from the account menu and from Devices.
 */
export default function SignOutEverywhereDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  return (
    <CurrentPasswordDialog
      open={open}
      title="Sign out everywhere"
      confirmLabel="Sign out everywhere"
      busyLabel="Signing out..."
      onClose={onClose}
      onConfirm={(currentPassword) => logout({ everywhere: { currentPassword } })}
      failure="Failed to sign out everywhere"
    >
      <p>Every device signed in as you is signed out, this one too. Enter your password to go on.</p>
    </CurrentPasswordDialog>
  );
}
