/**
 * The languages a guest can use the page in (docs/PRODUCT.md "Languages"): stored with the scan, so the messages and
 * the vouchers view a guest gets later speak the page's language. English first: the default.
 */
export const GUEST_LANGUAGES = ['en', 'hi'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

export const isGuestLanguage = (value: unknown): value is GuestLanguage =>
  (GUEST_LANGUAGES as readonly unknown[]).includes(value);
