import * as v from 'valibot';
import { intIdText, intIdValue, loginUsername, optionalText, requiredText, uuidText } from './common';
import { isMapsLink, MAPS_LINK_MESSAGE } from '../maps';
import { MAX_PER_GUEST_DAYS, nullableWhole, perGuestDaysField, PER_GUEST_DAYS_MESSAGE } from './offers';
import { newPassword, passwordNotUsername } from './passwords';

/** docs/PRODUCT.md "Forms and messages": the one message for every missing required field of the merchant form. */
export const MERCHANT_REQUIRED = 'Please fill all required fields';
/** docs/PRODUCT.md "Forms and messages": creating a merchant also needs its login. */
export const MERCHANT_LOGIN_REQUIRED = 'Please provide username and password for merchant login';

const required = (label: string, max: number, multiline = false) =>
  requiredText(MERCHANT_REQUIRED, max, { label, multiline });

/** A reference-data id from a form select ("3") or JSON (3), within the integer column. */
const requiredId = intIdValue(MERCHANT_REQUIRED);

const PHONE = /^\+?[0-9][0-9 ()-]{4,18}[0-9]$/;
const phone = (label: string) => v.check<string, string>((s) => PHONE.test(s), `${label} must be a valid phone number`);

/**
 * POST /merchants and PUT /merchants/{id} (docs/PRODUCT.md "API fields" Merchant). Required: name, merchant type,
 * location, contact number, address. Store contact number is marked required in the form but, as in docs/PRODUCT.md
 * "Forms and messages", not enforced.
 */
export const MerchantInputSchema = v.object({
  name: required('Merchant name', 200),
  merchant_type_id: requiredId,
  location_id: requiredId,
  contact_number: v.pipe(required('Contact number', 20), phone('Contact number')),
  store_contact_number: v.pipe(
    optionalText('Store contact number', 20),
    v.check((s) => s === null || PHONE.test(s), 'Store contact number must be a valid phone number'),
  ),
  address: required('Address', 500, true),
  // Only a maps address from now on (shared/maps.ts); stored ones that are not stay, and the guest never gets them.
  location_link: v.pipe(
    optionalText('Location link', 2000),
    v.check((s) => s === null || isMapsLink(s), MAPS_LINK_MESSAGE),
  ),
  /** One voucher of any of its offers per mobile number every N days (docs/PRODUCT.md "Offer rules"); null: none. */
  per_guest_days: perGuestDaysField,
});
export type MerchantInput = v.InferOutput<typeof MerchantInputSchema>;
export type MerchantFormValues = v.InferInput<typeof MerchantInputSchema>;

/**
 * PUT /merchant/settings: the merchant's own settings. per_guest_days is sent every time (null clears it), so an
 * empty body never clears the rule by accident.
 */
export const MerchantSettingsSchema = v.object({
  per_guest_days: nullableWhole(PER_GUEST_DAYS_MESSAGE, 1, MAX_PER_GUEST_DAYS),
});
export type MerchantSettingsInput = v.InferOutput<typeof MerchantSettingsSchema>;

/** GET /merchants and GET /offers: the optional location filter. */
export const LocationFilterQuery = v.object({
  location_id: v.optional(intIdText('location_id must be a positive whole number')),
});

/**
 * GET /offers: a guest may name the hotel too, so a `manual` hotel's merchant-type choice applies (docs/PRODUCT.md
 * "Scans").
 */
export const OffersQuery = v.object({
  ...LocationFilterQuery.entries,
  hotel_id: v.optional(v.pipe(v.string(), v.uuid('hotel_id must be a valid id'))),
  /** All Offers' "Cap reached" filter (docs/PRODUCT.md "Offer rules"): true, the offers with a full cap; false, the rest. */
  cap_reached: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'cap_reached must be true or false'),
      v.transform((flag) => flag === 'true'),
    ),
  ),
  /** All Offers' order (docs/DATA.md "Per-offer results"): highest redemption rate (all time) first. */
  sort: v.optional(v.picklist(['redemption_rate'], 'sort must be redemption_rate')),
});

/** POST /users/merchant?username=&password=&merchant_id= (docs/PRODUCT.md "Calls": query parameters). */
export const MerchantLoginFields = v.object({
  username: v.pipe(loginUsername(), v.regex(/^\S+$/, 'Username must not contain spaces')),
  password: newPassword(),
  merchant_id: v.pipe(v.string('merchant_id is required'), v.uuid('merchant_id must be a valid id')),
});
export const MerchantLoginQuery = v.pipe(MerchantLoginFields, passwordNotUsername());
export type MerchantLoginInput = v.InferOutput<typeof MerchantLoginQuery>;

/** DELETE /merchants/{id}/sessions/{sessionId}: a session of one of the merchant's logins (docs/SECURITY.md "Sessions"). */
export const MerchantSessionParam = v.object({ id: uuidText('id'), sessionId: uuidText('sessionId') });
