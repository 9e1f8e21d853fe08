/**
 * Business constants shared by server and web (docs/PRODUCT.md "Constants", docs/PRODUCT.md "Codes and redemption").
 */
export const USER_TYPES = ['superadmin', 'hotel', 'merchant'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ADMIN_ROLES = ['superadmin', 'admin', 'manager'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const DEFAULT_ADMIN_ROLE: AdminRole = 'admin';

/** A merchant login's role (docs/SECURITY.md "Roles"): the owner, and the staff logins the owner makes. */
export const MERCHANT_ROLES = ['owner', 'supervisor', 'cashier'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

export const MAX_VOUCHERS_PER_SCAN = 3;
export const MAX_OFFER_IMAGES = 3;
export const VOUCHER_CODE_LENGTH = 8;
export const PHONE_LENGTH = 10;
/** No 0/O/1/I: codes are read aloud and typed at a counter. */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  superadmin: 'super admin',
  hotel: 'hotel',
  merchant: 'merchant',
};

/** The 503 detail while the database cannot be reached; the web app shows it for any 502/503/504 too. */
export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable, please try again';
