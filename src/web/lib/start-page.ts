import { USER_TYPES, type UserType } from '../../shared/constants';
import { loginPath, runSignOutHooks } from './session';

/**
 * Where `/` (the installed app's start page) sends someone who is not signed in (docs/PRODUCT.md "Offline and
 * install"): the login screen last signed in on (a staff device; kept across Logout), else the hotel page a guest last
 * opened (it shows their vouchers when they collected some there), else the super admin login.
 */
const LAST_LOGIN = 'lastLogin';
const LAST_HOTEL = 'lastHotelPage';
const HOTEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** localStorage can be switched off or full: remembering is a convenience, never an error. */
function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // nothing to do: `/` falls back to the next choice
  }
}

export const rememberHotelPage = (hotelId: string) => remember(LAST_HOTEL, hotelId);
export const rememberLogin = (userType: UserType) => remember(LAST_LOGIN, userType);

/** Logout clears the device (docs/PRODUCT.md "Screens") but keeps which login screen was used: no personal data. */
export function clearDeviceStorage(): void {
  const lastLogin = localStorage.getItem(LAST_LOGIN);
  localStorage.clear();
  runSignOutHooks();
  if (lastLogin) remember(LAST_LOGIN, lastLogin);
}

/** The start page of someone not signed in, as a redirect's target. */
export function signedOutStart() {
  const lastLogin = localStorage.getItem(LAST_LOGIN) as UserType | null;
  if (lastLogin && USER_TYPES.includes(lastLogin)) return { to: loginPath(lastLogin) };
  const hotelId = localStorage.getItem(LAST_HOTEL);
  if (hotelId && HOTEL_ID.test(hotelId)) return { to: '/scan/$hotelId' as const, params: { hotelId } };
  return { to: loginPath('superadmin') };
}
