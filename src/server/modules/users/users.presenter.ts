import type { CurrentUser } from '../../../shared/types';
import type { AuthUser } from '../../context';

export function presentCurrentUser(user: AuthUser): CurrentUser {
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
