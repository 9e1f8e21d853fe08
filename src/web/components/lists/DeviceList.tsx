import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';

export interface DeviceItem {
  id: string;
  label: string;
  last_seen_at: string;
  created_at: string;
  /** This device (the caller's own list only). */
  current?: boolean;
  /** Whose login it is (the back office's list of a merchant's devices). */
  username?: string;
}

/**
 * Signed-in devices (docs/SECURITY.md "Sessions"): the device's name, whose login, when it was last seen and signed
 * in, and Sign out when `onSignOut` is given. Last seen is written at most every 5 minutes. `devices` is undefined
 * while loading (or when the load `failed`).
 */
export function DeviceList({
  devices,
  failed,
  onSignOut,
  busyId,
  empty,
}: {
  devices: DeviceItem[] | undefined;
  failed: boolean;
  onSignOut?: (device: DeviceItem) => void;
  busyId?: string;
  empty: ReactNode;
}) {
  if (!devices) return <p className="muted">{failed ? 'Devices could not be loaded.' : 'Loading…'}</p>;
  if (devices.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="device-list" aria-label="Signed-in devices">
      {devices.map((device) => (
        <li key={device.id} className="device-row">
          <div className="device-text">
            <strong>
              {device.label} {device.current && <Badge tone="green">This device</Badge>}
            </strong>
            {device.username && <span>Login: {device.username}</span>}
            <small className="muted">Last seen {formatDateTime(device.last_seen_at)}</small>
            <small className="muted">Signed in {formatDateTime(device.created_at)}</small>
          </div>
          {onSignOut && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Sign out ${device.label}${device.username ? ` of ${device.username}` : ''}`}
              disabled={busyId === device.id}
              onClick={() => onSignOut(device)}
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
