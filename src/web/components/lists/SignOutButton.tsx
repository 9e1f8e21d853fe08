import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorText } from '../../lib/api';
import { IconButton } from '../ui/Button';
import { LogoutIcon } from '../ui/icons';

/** The routes that sign a record's login(s) out of every device (docs/SECURITY.md "Sessions"). */
export type SignOutPath = '/hotels/:id/sign-out' | '/merchants/:id/sign-out' | '/admin-users/:id/sign-out';

/**
 * A row's "Sign out everywhere" (the door): asks first, then every device of the record's login (a merchant's: every
 * login, owner and staff) is signed out; they sign in again with their password. Shown to the roles that may reset
 * that login's password.
 */
export function SignOutButton({ path, id, name }: { path: SignOutPath; id: string; name: string }) {
  const signOut = useMutation({
    mutationFn: () => api.post(path, { param: { id } }),
    onSuccess: () => toast.success(`${name} signed out everywhere`),
    onError: (error) => toast.error(errorText(error, 'Failed to sign out')),
  });
  return (
    <IconButton
      label={`Sign out ${name} everywhere`}
      disabled={signOut.isPending}
      onClick={() => {
        const question = `Sign ${name} out of every device? They sign in again with their password.`;
        if (window.confirm(question)) signOut.mutate();
      }}
    >
      <LogoutIcon />
    </IconButton>
  );
}
