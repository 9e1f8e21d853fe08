import * as v from 'valibot';
import { intIdValue, isIntId, loginUsername, optionalText, PG_INT_MAX, requiredText } from './common';
import { HotelBillingSchema } from './invoices';
import { newPassword, passwordNotUsername } from './passwords';

/** docs/PRODUCT.md "Forms and messages": every required hotel field answers this one message. */
export const HOTEL_REQUIRED_MESSAGE = 'Please fill all required fields';
/** docs/PRODUCT.md "Forms and messages": a renewal without a duration. */
export const RENEWAL_DURATION_MESSAGE = 'Please select subscription duration';
export const HOTEL_LOGIN_MESSAGE = 'Please provide username and password for hotel login';

export const OFFER_SELECTION_TYPES = ['all', 'manual'] as const;
export type OfferSelectionType = (typeof OFFER_SELECTION_TYPES)[number];

/** Required text: missing, blank or not a string → the form's message; too long → "<field> must be at most N characters". */
const required = (field: string, max: number, multiline = false) =>
  requiredText(HOTEL_REQUIRED_MESSAGE, max, { label: field, multiline });

/** An uploaded file path (/uploads/<folder>/<name>, /uploads/private/<folder>/<name>) or an http(s) address; never javascript: or data: links. */
const FILE_PATH = /^\/uploads\/(private\/)?[a-z_]+\/[0-9a-f-]{36}\.(png|jpg|webp|gif|pdf)$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const optionalLink = (field: string, allowUploads: boolean) =>
  v.pipe(
    optionalText(field, 1000),
    v.check(
      (s) => s == null || HTTP_URL.test(s) || (allowUploads && FILE_PATH.test(s)),
      allowUploads
        ? `${field} must be an uploaded file or an http(s) address`
        : `${field} must start with http:// or https://`,
    ),
  );

/**
 * The hotel's Google link (docs/SECURITY.md, "Links the back office sets"): guests follow it from the review step, so
 * for every role it must be an https address on Google's own hosts: google.com and its subdomains (maps., www.,
 * business.), g.page, goo.gl and maps.app.goo.gl. No port, no user name in it.
 */
export const GOOGLE_LINK_MESSAGE = 'Google link must be an https:// address on google.com, g.page or goo.gl';
const GOOGLE_HOSTS = ['google.com', 'g.page', 'goo.gl', 'maps.app.goo.gl'];
export function isGoogleLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return GOOGLE_HOSTS.includes(host) || host.endsWith('.google.com');
}
const googleLink = v.pipe(
  optionalText('Google link', 1000),
  v.check((s) => s == null || (HTTP_URL.test(s) && isGoogleLink(s)), GOOGLE_LINK_MESSAGE),
);

/**
 * A contract a back-office manager sets must be a file uploaded through POST /hotels/upload-contract (docs/SECURITY.md,
 * "Links the back office sets"); the server checks it, as the rule depends on the caller's role.
 */
export const CONTRACT_UPLOAD_MESSAGE = 'Contract must be a file uploaded here (Upload contract)';
const CONTRACT_UPLOAD = /^\/uploads\/private\/hotels\/[0-9a-f-]{36}\.(png|jpg|webp|gif|pdf)$/;
export const isUploadedContract = (link: string) => CONTRACT_UPLOAD.test(link);

/**
 * Revenue in rupees: a number (or numeric text) ≥ 0; absent, null or blank → 0 (docs/PRODUCT.md "API fields" default
 * 0).
 */
const REVENUE_MESSAGE = 'Subscription revenue must be a number of 0 or more';
const revenue = v.optional(
  v.pipe(
    v.nullable(v.union([v.number(REVENUE_MESSAGE), v.string(REVENUE_MESSAGE)], REVENUE_MESSAGE)),
    v.transform((value) => (value == null || (typeof value === 'string' && value.trim() === '') ? 0 : Number(value))),
    v.check((n) => Number.isFinite(n) && n >= 0, REVENUE_MESSAGE),
    v.check((n) => n < 1e10, 'Subscription revenue is too large'),
    v.transform((n) => Math.round(n * 100) / 100),
  ),
  0,
);

const MERCHANT_TYPES_MESSAGE = 'selected_merchant_types must be a list of merchant type ids';

/**
 * POST /hotels and PUT /hotels/{id}: the docs/PRODUCT.md "API fields" hotel fields (no username or password).
 * Computed fields the client may echo back (id, is_active, renewal_count, subscription_end, ...) are ignored.
 */
export const HotelInputSchema = v.object({
  name: required('Hotel name', 200),
  location_id: intIdValue(HOTEL_REQUIRED_MESSAGE),
  address: required('Address', 500, true),
  contact_number: required('Contact number', 30),
  contact_person: required('Contact person', 200),
  subscription_duration_id: intIdValue(HOTEL_REQUIRED_MESSAGE),
  subscription_revenue: revenue,
  logo_url: optionalLink('Logo', true),
  google_link: googleLink,
  google_place_id: optionalText('Google Place ID', 300),
  contract_url: optionalLink('Contract', true),
  payment_screenshot_url: optionalLink('Payment screenshot', true),
  qr_code_url: optionalLink('QR code', true),
  offer_selection_type: v.optional(
    v.picklist(OFFER_SELECTION_TYPES, 'offer_selection_type must be all or manual'),
    'all',
  ),
  selected_merchant_types: v.optional(
    v.pipe(
      v.nullable(
        v.array(
          v.pipe(
            v.number(MERCHANT_TYPES_MESSAGE),
            v.integer(MERCHANT_TYPES_MESSAGE),
            v.minValue(1, MERCHANT_TYPES_MESSAGE),
            v.maxValue(PG_INT_MAX, MERCHANT_TYPES_MESSAGE),
          ),
          MERCHANT_TYPES_MESSAGE,
        ),
      ),
      v.transform((ids) => [...new Set(ids ?? [])]),
      v.maxLength(100, 'Too many merchant types selected'),
    ),
    [],
  ),
  /**
   * Phone verification (docs/PRODUCT.md "Guest trust"): the super admin's switch; absent keeps the hotel's (off for a
   * new hotel). Another role's change is refused, as is switching it on without a provider that can send codes.
   */
  phone_verification: v.optional(v.boolean('phone_verification must be true or false')),
  /**
   * The hotel's billing details (docs/PRODUCT.md "Tax invoices"), checked as PUT /hotels/{id}/billing checks them and
   * saved in the same transaction (a new hotel's first invoice prints them). A key left out keeps the saved value.
   */
  gstin: v.optional(HotelBillingSchema.entries.gstin),
  state_code: v.optional(HotelBillingSchema.entries.state_code),
  billing_email: v.optional(HotelBillingSchema.entries.billing_email),
});
export type HotelInput = v.InferOutput<typeof HotelInputSchema>;

export const PHONE_VERIFICATION_SUPERADMIN = 'Only a super admin can switch phone verification';
export const PHONE_VERIFICATION_NEEDS_PROVIDER = 'Phone verification needs a message provider (MESSAGE_PROVIDER)';

/** POST /hotels/{id}/renew (docs/PRODUCT.md "API fields" renewal request). */
export const RenewalInputSchema = v.object({
  subscription_duration_id: intIdValue(RENEWAL_DURATION_MESSAGE),
  subscription_revenue: revenue,
  contract_url: optionalLink('Contract', true),
  payment_screenshot_url: optionalLink('Payment screenshot', true),
});
export type RenewalInput = v.InferOutput<typeof RenewalInputSchema>;

/** POST /users/hotel?username=&password=&hotel_id= (docs/PRODUCT.md "Calls": query parameters). */
export const HotelLoginFields = v.object({
  username: loginUsername(),
  password: newPassword(),
  hotel_id: v.pipe(v.string('hotel_id is required'), v.uuid('hotel_id must be a valid id')),
});
export const HotelLoginQuerySchema = v.pipe(HotelLoginFields, passwordNotUsername());
export type HotelLoginQuery = v.InferOutput<typeof HotelLoginQuerySchema>;

/** GET /hotels?location_id= */
export const HotelListQuerySchema = v.object({
  location_id: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.trim()),
      v.check(
        (s) => s === '' || (/^[1-9]\d{0,9}$/.test(s) && isIntId(Number(s))),
        'location_id must be a positive whole number',
      ),
      v.transform((s) => (s === '' ? undefined : Number(s))),
    ),
  ),
});
