import * as v from 'valibot';
import type { MerchantRole } from '../constants';
import { loginUsername, requiredText } from './common';
import { newPassword, passwordNotUsername } from './passwords';

/** The roles an owner gives its staff logins (here, not in constants.ts: only the Staff page's chunk needs it). */
export const STAFF_ROLES = ['supervisor', 'cashier'] as const satisfies readonly MerchantRole[];

/** The most logins a merchant has (its owner and staff): the Staff list is one page (docs/PRODUCT.md "Staff"). */
export const MAX_MERCHANT_LOGINS = 50;

/** POST /merchant/staff: a supervisor or cashier login of the owner's merchant (docs/PRODUCT.md "Staff"). */
export const StaffCreateSchema = v.pipe(
  v.object({
    username: v.pipe(loginUsername(), v.regex(/^\S+$/, 'Username must not contain spaces')),
    full_name: requiredText('Full name is required', 100, { label: 'Full name' }),
    password: newPassword(), // docs/SECURITY.md "Passwords"
    role: v.picklist(STAFF_ROLES, 'Role must be supervisor or cashier'),
  }),
  passwordNotUsername(),
);
export type StaffCreateInput = v.InferOutput<typeof StaffCreateSchema>;

/** PUT /merchant/staff/{id}/password: a new password for a staff login, chosen by the owner. */
export const StaffPasswordSchema = v.object({ password: newPassword() });
