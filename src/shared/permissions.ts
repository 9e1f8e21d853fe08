import type { AdminRole, MerchantRole, UserType } from './constants';

/**
 * Who may do what: the one permission map. The server's role checks (`requireRole('delete')`) and the web's menus
 * and buttons (`can(role, 'delete')`) both read it, so a screen never offers what the server refuses.
 *
 * A role is a back-office user's role, the login type for hotels, and for merchants the login's merchant role:
 * 'merchant' is the owner, 'supervisor' and 'cashier' the staff logins the owner makes (docs/SECURITY.md "Roles").
 */
export type Role = AdminRole | 'hotel' | 'merchant' | 'supervisor' | 'cashier';

const BACK_OFFICE = ['superadmin', 'admin', 'manager'] as const satisfies readonly Role[];
/** Every login of a merchant. */
const MERCHANT_LOGINS = ['merchant', 'supervisor', 'cashier'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** Open the back office: see and add or edit hotels, merchants, offers, locations, scans, reviews, uploads. */
  backOffice: BACK_OFFICE,
  /** Delete (or archive) a record: managers add and edit only. */
  delete: ['superadmin', 'admin'],
  /** Reset a hotel's or merchant's password: it takes a login over, so it goes with deleting. */
  resetPasswords: ['superadmin', 'admin'],
  /** Reports and the dashboard's revenue figures: not for managers. */
  viewReports: ['superadmin', 'admin'],
  /** A hotel's payments (docs/PRODUCT.md "Payments"): see them, record one by hand, send a payment link. Amounts,
   * so not for managers. */
  payments: ['superadmin', 'admin'],
  /** Settings: merchant types and contact info writes. */
  manageSettings: ['superadmin'],
  /** User Management: the back-office logins. */
  manageUsers: ['superadmin'],
  /** The audit trail (Settings › Activity). */
  viewAudit: ['superadmin'],
  /** Read the contact info (Contact Us): every signed-in login. */
  readContactInfo: [...BACK_OFFICE, 'hotel', ...MERCHANT_LOGINS],
  /** One's own account: /auth/me, change password, logout. */
  ownAccount: [...BACK_OFFICE, 'hotel', ...MERCHANT_LOGINS],
  /** Two-step sign-in on one's own login (docs/SECURITY.md "Second factor"): the back office, hotels, merchant
   * owners; staff logins are made and reset by their owner. */
  ownSecondFactor: [...BACK_OFFICE, 'hotel', 'merchant'],
  /** A merchant's own area (/merchant/*): offers, customers, settings, exports; the owner and supervisors. */
  merchantArea: ['merchant', 'supervisor'],
  /** The counter of a merchant's area (docs/COUNTER.md): the dashboard, redeem, today's list, the bill amount, undo
   * (a cashier its own redemptions only), the offline code list and offline redemptions; every merchant login. */
  merchantCounter: MERCHANT_LOGINS,
  /** "Redeem anyway" (an override reason at the counter): not for cashiers. */
  redeemAnyway: ['merchant', 'supervisor'],
  /** Undo any of the merchant's redemptions within the window; a cashier undoes only its own (docs/COUNTER.md). */
  undoAnyMerchantRedemption: ['merchant', 'supervisor'],
  /** The merchant's staff logins (docs/PRODUCT.md "Staff"): the owner only. */
  manageStaff: ['merchant'],
  /** A hotel's own area (/hotel/*): its dashboard and its guests (masked mobiles). */
  hotelArea: ['hotel'],
  /** A hotel's printable room cards: the back office for any hotel (as its QR dialog), a hotel for its own. */
  roomCards: [...BACK_OFFICE, 'hotel'],
  /** A hotel's placements (QR cards), their daily limits and its old link: the back office for any hotel, a hotel
   * for its own (docs/PRODUCT.md "Guest trust"). */
  placements: [...BACK_OFFICE, 'hotel'],
  /** A hotel's guest funnel (docs/PRODUCT.md "Funnel"): the back office for any hotel, a hotel for its own. */
  funnel: [...BACK_OFFICE, 'hotel'],
  /** Undo any redemption, at any time, with a reason (Customer Scans; docs/COUNTER.md). */
  undoRedemption: ['superadmin'],
  /** Erase one guest's data by mobile number (Customer Scans; docs/PRIVACY.md). */
  eraseGuestData: ['superadmin'],
  /** Upload a merchant image: the back office, and a merchant for its own offers. */
  uploadMerchantImage: [...BACK_OFFICE, 'merchant', 'supervisor'],
  /** Monthly statements (docs/PRODUCT.md "Statements"): the back office any, a merchant or hotel its own. */
  statements: [...BACK_OFFICE, 'hotel', 'merchant', 'supervisor'],
  /** The API Reference screen (the document it shows, GET /api/openapi.json, is public). */
  apiReference: ['superadmin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The roles that hold a permission. */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/** Whether a role holds a permission; no role (signed out, not loaded yet) holds none. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && rolesWith(permission).includes(role);
}

/**
 * A login's role from its user type, admin role and merchant role (as /auth/me sends them); a back-office user
 * without one counts as a manager, a merchant login without one as a cashier (the least it may do).
 */
export function roleOf(userType: UserType, adminRole: AdminRole | null, merchantRole: MerchantRole | null): Role {
  if (userType === 'superadmin') return adminRole ?? 'manager';
  if (userType === 'hotel') return 'hotel';
  if (merchantRole === 'owner') return 'merchant';
  return merchantRole ?? 'cashier';
}
