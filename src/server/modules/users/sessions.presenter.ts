import * as v from 'valibot';
import { isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { DeviceRow, MerchantDeviceRow } from './sessions.service';

/** GET /auth/sessions: one signed-in device of the caller; `current` marks the one asking (docs/SECURITY.md "Sessions"). */
export const DeviceView = named(
  'Device',
  v.strictObject({
    id: uuid,
    label: v.string(),
    created_at: isoDateTime,
    last_seen_at: isoDateTime,
    current: v.boolean(),
  }),
);
export type DeviceView = v.InferOutput<typeof DeviceView>;

export function presentDevice(row: DeviceRow, currentId: string): DeviceView {
  return {
    id: row.id,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

/** GET /merchants/{id}/sessions: one signed-in device of one of the merchant's logins, for the back office. */
export const MerchantDeviceView = named(
  'MerchantDevice',
  v.strictObject({
    id: uuid,
    user_id: uuid,
    username: v.string(),
    label: v.string(),
    created_at: isoDateTime,
    last_seen_at: isoDateTime,
  }),
);
export type MerchantDeviceView = v.InferOutput<typeof MerchantDeviceView>;

export function presentMerchantDevice(row: MerchantDeviceRow): MerchantDeviceView {
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
  };
}
