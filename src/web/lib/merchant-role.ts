import type { MerchantRole } from '../../shared/constants';
import { can, roleOf, type Permission } from '../../shared/permissions';
import { onSignOut } from './session';

/**
 * The signed-in merchant login's role (docs/SECURITY.md "Roles"), kept at sign-in beside the session so it is known
 * offline too. Kept here rather than in lib/session.ts, which is in every page's first load (the guest's too).
 */
const KEY = 'merchantRole';

export function saveMerchantRole(role: MerchantRole | null | undefined): void {
  if (role) localStorage.setItem(KEY, role);
  else localStorage.removeItem(KEY);
}

onSignOut(() => localStorage.removeItem(KEY));

/**
 * Whether the signed-in merchant login may do `permission`; a session from before roles were kept is its merchant's
 * owner's. The server checks every call anyway: this only keeps the screens from offering what would be refused.
 */
export const merchantCan = (permission: Permission): boolean =>
  can(roleOf('merchant', null, (localStorage.getItem(KEY) as MerchantRole | null) ?? 'owner'), permission);
