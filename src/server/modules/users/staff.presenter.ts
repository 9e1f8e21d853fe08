import * as v from 'valibot';
import { MERCHANT_ROLES } from '../../../shared/constants';
import { isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { StaffRow } from './staff.service';

/** One login of the merchant on its Staff page (docs/PRODUCT.md "Staff"); never a password. */
export const StaffView = named(
  'StaffLogin',
  v.strictObject({
    id: uuid,
    username: v.string(),
    full_name: v.nullable(v.string()),
    role: v.picklist(MERCHANT_ROLES),
    /** The staff login's own mobile for "Forgot password" (the owner's comes from the merchant's contact number). */
    mobile: v.nullable(v.string()),
    created_at: isoDateTime,
    /** When it was last seen on any device (written at most every 5 minutes); null when never signed in. */
    last_seen_at: v.nullable(isoDateTime),
  }),
);
export type StaffView = v.InferOutput<typeof StaffView>;

export function presentStaff(row: StaffRow): StaffView {
  return {
    id: row.id,
    username: row.username,
    full_name: row.fullName,
    role: row.merchantRole ?? 'cashier',
    mobile: row.mobile,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
  };
}
