import * as v from 'valibot';
import { USER_TYPES } from '../../../shared/constants';
import type { AuthUser } from '../../platform/context';
import { named, uuid } from '../../platform/openapi/shapes';

const loginFields = { id: uuid, username: v.string(), user_type: v.picklist(USER_TYPES) };

/** A hotel's or merchant's new login as POST /users/hotel and /users/merchant answer it (never the password). */
export const CreatedLogin = named(
  'CreatedLogin',
  v.union([
    v.strictObject({ ...loginFields, hotel_id: v.nullable(uuid) }),
    v.strictObject({ ...loginFields, merchant_id: v.nullable(uuid) }),
  ]),
);
export type CreatedLogin = v.InferOutput<typeof CreatedLogin>;

export function presentLogin(login: AuthUser): CreatedLogin {
  const base = { id: login.id, username: login.username, user_type: login.userType };
  return login.userType === 'hotel' ? { ...base, hotel_id: login.hotelId } : { ...base, merchant_id: login.merchantId };
}
