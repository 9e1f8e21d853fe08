import type { AuthUser } from '../../context';

/** A hotel's or merchant's new login as POST /users/hotel and /users/merchant answer it (never the password). */
export function presentLogin(login: AuthUser) {
  const base = { id: login.id, username: login.username, user_type: login.userType };
  return login.userType === 'hotel' ? { ...base, hotel_id: login.hotelId } : { ...base, merchant_id: login.merchantId };
}

export type CreatedLogin = ReturnType<typeof presentLogin>;
