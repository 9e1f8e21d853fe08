import * as v from 'valibot';
import { ADMIN_ROLES, MERCHANT_ROLES, USER_TYPES } from '../../../shared/constants';
import type { AuthUser } from '../../platform/context';
import { named, uuid } from '../../platform/openapi/shapes';

/**
 * GET /auth/me: the signed-in login; `role` is a back-office login's (null for hotels and merchants), `merchant_role`
 * a merchant login's (owner, supervisor, cashier; null for the others).
 */
export const CurrentUserView = named(
  'CurrentUser',
  v.strictObject({
    id: uuid,
    username: v.string(),
    user_type: v.picklist(USER_TYPES),
    role: v.nullable(v.picklist(ADMIN_ROLES)),
    merchant_role: v.nullable(v.picklist(MERCHANT_ROLES)),
    full_name: v.nullable(v.string()),
    email: v.nullable(v.string()),
    hotel_id: v.nullable(uuid),
    merchant_id: v.nullable(uuid),
    /** Two-step sign-in on, and whether the role requires it (then the web shows its set-up before anything else). */
    second_factor: v.boolean(),
    second_factor_required: v.boolean(),
  }),
);
export type CurrentUserView = v.InferOutput<typeof CurrentUserView>;

export function presentCurrentUser(user: AuthUser): CurrentUserView {
  return {
    id: user.id,
    username: user.username,
    user_type: user.userType,
    role: user.role,
    merchant_role: user.merchantRole,
    full_name: user.fullName,
    email: user.email,
    hotel_id: user.hotelId,
    merchant_id: user.merchantId,
    second_factor: user.secondFactor?.on ?? false,
    second_factor_required: user.secondFactor?.required ?? false,
  };
}
