import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Merchant } from '../../../shared/api-types';
import { DeviceList, type DeviceItem } from '../../components/lists/DeviceList';
import { SignOutButton } from '../../components/lists/SignOutButton';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { errorText } from '../../lib/api';
import { useCan } from '../../lib/current-user';
import { merchantDevicesQuery, useEndMerchantDevice } from './api';

/**
 * A merchant's signed-in devices, from its row on Merchants (docs/SECURITY.md "Sessions"): every login of the
 * merchant, when each device was last seen; whoever may reset its password may sign a device out, or every device of
 * every login of the merchant at once (Sign out everywhere).
 */
export function MerchantDevicesDialog({ merchant, onClose }: { merchant: Merchant; onClose: () => void }) {
  const devices = useQuery(merchantDevicesQuery(merchant.id));
  const end = useEndMerchantDevice(merchant.id);
  const mayEnd = useCan('resetPasswords');
  const queryClient = useQueryClient();

  const signOut = (device: DeviceItem) =>
    end.mutate(device.id, {
      onSuccess: () => toast.success('Device signed out'),
      onError: (error) => toast.error(errorText(error, 'Failed to sign the device out')),
    });

  return (
    <Dialog
      open
      title={`Devices of ${merchant.name}`}
      onClose={onClose}
      size="md"
      footer={
        <>
          {mayEnd && (
            <SignOutButton
              text
              path="/merchants/:id/sign-out"
              id={merchant.id}
              name={merchant.name}
              onDone={() => void queryClient.invalidateQueries(merchantDevicesQuery(merchant.id))}
            />
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <DeviceList
        devices={devices.data}
        failed={devices.isError}
        onSignOut={mayEnd ? signOut : undefined}
        busyId={end.isPending ? end.variables : undefined}
        empty="No device is signed in to this merchant's logins."
      />
    </Dialog>
  );
}
