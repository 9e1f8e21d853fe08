import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../lib/api';
import { useLogout } from '../../lib/use-logout';
import { DeviceList, type DeviceItem } from '../lists/DeviceList';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { CurrentPasswordDialog } from './CurrentPasswordDialog';
import SignOutEverywhereDialog from './SignOutEverywhereDialog';

const devicesKey = ['auth', 'sessions'];

/**
 * Devices, from the top bar's account menu (docs/SECURITY.md "Sessions"): this login's signed-in devices, this one
 * marked; Sign out ends one (this one: as Logout; another after the current password, docs/SECURITY.md
 * "Re-authentication"), Sign out everywhere ends them all (after the password too). Loaded on first use.
 */
export default function DevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const devices = useQuery({
    queryKey: devicesKey,
    queryFn: () => api.get('/auth/sessions'),
    meta: { errorMessage: 'Failed to load devices' },
  });
  // The device asked about, and whether Sign out everywhere is.
  const [ending, setEnding] = useState<DeviceItem>();
  const [everywhere, setEverywhere] = useState(false);
  const end = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.delete('/auth/sessions/:id', { param: { id }, json: { current_password: password } }),
    onSuccess: () => toast.success('Device signed out'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });

  const signOut = (device: DeviceItem) => {
    if (device.current) void logout();
    else setEnding(device);
  };

  return (
    <Dialog
      open={open}
      title="Devices"
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button variant="danger" onClick={() => setEverywhere(true)}>
            Sign out everywhere
          </Button>
        </>
      }
    >
      <DeviceList
        devices={devices.data}
        failed={devices.isError}
        onSignOut={signOut}
        busyId={end.isPending ? end.variables.id : undefined}
        empty="No devices are signed in."
      />
      <CurrentPasswordDialog
        open={ending !== undefined}
        title="Sign out a device"
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        onClose={() => setEnding(undefined)}
        onConfirm={(password) => end.mutateAsync({ id: ending!.id, password })}
        failure="Failed to sign the device out"
      >
        <p>
          Sign out <strong>{ending?.label}</strong>? Enter your password to go on.
        </p>
      </CurrentPasswordDialog>
      <SignOutEverywhereDialog open={everywhere} onClose={() => setEverywhere(false)} />
    </Dialog>
  );
}
