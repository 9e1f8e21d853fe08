import * as v from 'valibot';
import { USER_TYPES } from '../constants';
import { previousToken } from './reauth';
import { safeText } from './text';

export const LoginSchema = v.object({
  username: v.pipe(
    v.string('Username is required'),
    safeText('Username'),
    v.trim(),
    v.nonEmpty('Username is required'),
    v.maxLength(100, 'Username is too long'),
  ),
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    safeText('Password'),
    v.maxLength(200, 'Password is too long'),
  ),
  /** The login screen's role (docs/PRODUCT.md "Screens"): another kind of login is refused. Optional for other clients. */
  user_type: v.optional(v.picklist(USER_TYPES, 'user_type must be superadmin, hotel or merchant')),
  /** What the devices list calls this sign-in (docs/SECURITY.md "Sessions"); else read from the browser's user agent. */
  device_label: v.optional(
    v.pipe(
      v.string('Device label must be text'),
      safeText('Device label'),
      v.trim(),
      v.nonEmpty('Device label is required'),
      v.maxLength(60, 'Device label is too long'),
    ),
  ),
  /** The token this device held before, whose session ends when this sign-in succeeds (docs/SECURITY.md "Sessions"). */
  previous_token: previousToken(),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;
