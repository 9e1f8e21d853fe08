import type { AuthUser } from '../../platform/context';
import type { Presented } from '../../platform/lib/presented';

/** A hotel's or merchant's new login as POST /users/hotel and /users/merchant answer it (never the password). */
export function presentLogin(login: AuthUser) {
  const base = { id: login.id, username: login.username, user_type: login.userType };
  return login.userType === 'hotel' ? { ...base, hotel_id: login.hotelId } : { ...base, merchant_id: login.merchantId };
}

export type CreatedLogin = Presented<typeof presentLogin>;
