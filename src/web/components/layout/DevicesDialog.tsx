import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorText } from '../../lib/api';
import { useLogout } from '../../lib/use-logout';
import { DeviceList, type DeviceItem } from '../lists/DeviceList';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

const devicesKey = ['auth', 'sessions'];

/**
 * Devices, from the top bar's account menu (docs/SECURITY.md "Sessions"): this login's signed-in devices, this one
 * marked; Sign out ends one (this one: as Logout), Sign out everywhere ends them all. Loaded on first use.
 */
export default function DevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const devices = useQuery({
    queryKey: devicesKey,
    queryFn: () => api.get('/auth/sessions'),
    meta: { errorMessage: 'Failed to load devices' },
  });
  const end = useMutation({
    mutationFn: (id: string) => api.delete('/auth/sessions/:id', { param: { id } }),
    onSuccess: () => toast.success('Device signed out'),
    onError: (error) => toast.error(errorText(error, 'Failed to sign the device out')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });

  const signOut = (device: DeviceItem) => {
    if (device.current) void logout();
    else end.mutate(device.id);
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
          <Button variant="danger" onClick={() => void logout({ everywhere: true })}>
            Sign out everywhere
          </Button>
        </>
      }
    >
      <DeviceList
        devices={devices.data}
        failed={devices.isError}
        onSignOut={signOut}
        busyId={end.isPending ? end.variables : undefined}
        empty="No devices are signed in."
      />
    </Dialog>
  );
}
