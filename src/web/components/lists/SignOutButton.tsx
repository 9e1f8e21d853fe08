import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorText } from '../../lib/api';
import { Button, IconButton } from '../ui/Button';
import { LogoutIcon } from '../ui/icons';

/** The routes that sign a record's login(s) out of every device (docs/SECURITY.md "Sessions"). */
export type SignOutPath = '/hotels/:id/sign-out' | '/merchants/:id/sign-out' | '/admin-users/:id/sign-out';

interface Props {
  path: SignOutPath;
  id: string;
  name: string;
  /** "Sign out everywhere" in words, for a dialog about the record (its title names it); else the row's door icon. */
  text?: boolean;
  onDone?: () => void;
}

/**
 * "Sign out everywhere": asks first, then every device of the record's login (a merchant's: every login, owner and
 * staff) is signed out; they sign in again with their password. Shown to the roles that may reset that login's
 * password. A back-office user's row carries the door icon; a hotel's is in its details' Login Credentials and a
 * merchant's in its Devices, so the lists' rows keep their width.
 */
export function SignOutButton({ path, id, name, text = false, onDone }: Props) {
  const signOut = useMutation({
    mutationFn: () => api.post(path, { param: { id } }),
    onSuccess: () => {
      toast.success(`${name} signed out everywhere`);
      onDone?.();
    },
    onError: (error) => toast.error(errorText(error, 'Failed to sign out')),
  });
  const ask = () => {
    if (window.confirm(`Sign ${name} out of every device? They sign in again with their password.`)) signOut.mutate();
  };
  return text ? (
    <Button variant="secondary" disabled={signOut.isPending} onClick={ask}>
      <LogoutIcon /> Sign out everywhere
    </Button>
  ) : (
    <IconButton label={`Sign out ${name} everywhere`} disabled={signOut.isPending} onClick={ask}>
      <LogoutIcon />
    </IconButton>
  );
}
