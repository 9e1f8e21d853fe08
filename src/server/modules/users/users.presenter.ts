import type { AuthUser } from '../../platform/context';
import type { Presented } from '../../platform/lib/presented';

export function presentCurrentUser(user: AuthUser) {
  return {
    id: user.id,
    username: user.username,
    user_type: user.userType,
    role: user.role,
    full_name: user.fullName,
    email: user.email,
    hotel_id: user.hotelId,
    merchant_id: user.merchantId,
  };
}

export type CurrentUserView = Presented<typeof presentCurrentUser>;
