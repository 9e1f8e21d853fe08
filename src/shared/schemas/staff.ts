import * as v from 'valibot';
import type { MerchantRole } from '../constants';
import { loginUsername, requiredText } from './common';
import { newPassword, passwordNotUsername } from './passwords';

/** The roles an owner gives its staff logins (here, not in constants.ts: only the Staff page's chunk needs it). */
export const STAFF_ROLES = ['supervisor', 'cashier'] as const satisfies readonly MerchantRole[];

/** The most logins a merchant has (its owner and staff): the Staff list is one page (docs/PRODUCT.md "Staff"). */
export const MAX_MERCHANT_LOGINS = 50;

export const STAFF_MOBILE_INVALID = 'Please enter a valid 10-digit mobile number';

/**
 * A staff login's own mobile, where its "Forgot password" code goes (docs/SECURITY.md "Forgot password"): optional,
 * 10 digits starting 6 to 9 (an Indian mobile a text reaches); spaces and a leading +91 or 0 are dropped, and
 * empty means none (null).
 */
const mobileText = v.nullable(v.pipe(v.string(STAFF_MOBILE_INVALID), v.maxLength(20, STAFF_MOBILE_INVALID)));
const staffMobileOf = <T extends v.GenericSchema<unknown, string | null | undefined>>(schema: T) =>
  v.pipe(
    schema,
    v.transform((value) => value?.replace(/[\s-]/g, '').replace(/^(\+91|91|0)(?=\d{10}$)/, '') || null),
    v.check((value) => value === null || /^[6-9]\d{9}$/.test(value), STAFF_MOBILE_INVALID),
  );
/** Optional at Add Staff; PUT .../mobile must say it (null or empty clears it). */
const staffMobile = staffMobileOf(v.optional(mobileText, null));

/** POST /merchant/staff: a supervisor or cashier login of the owner's merchant (docs/PRODUCT.md "Staff"). */
export const StaffCreateSchema = v.pipe(
  v.object({
    username: v.pipe(loginUsername(), v.regex(/^\S+$/, 'Username must not contain spaces')),
    full_name: requiredText('Full name is required', 100, { label: 'Full name' }),
    password: newPassword(), // docs/SECURITY.md "Passwords"
    role: v.picklist(STAFF_ROLES, 'Role must be supervisor or cashier'),
    mobile: staffMobile,
  }),
  passwordNotUsername(),
);
export type StaffCreateInput = v.InferOutput<typeof StaffCreateSchema>;

/** PUT /merchant/staff/{id}/password: a new password for a staff login, chosen by the owner. */
export const StaffPasswordSchema = v.object({ password: newPassword() });

/** PUT /merchant/staff/{id}/mobile: sets or (null, empty) clears a staff login's mobile. */
export const StaffMobileSchema = v.object({ mobile: staffMobileOf(mobileText) });
export type StaffMobileInput = v.InferOutput<typeof StaffMobileSchema>;
