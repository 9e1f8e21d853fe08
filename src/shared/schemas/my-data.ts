import * as v from 'valibot';
import { guestDetailsSchema, phone } from './scans';
import { VerificationToken } from './verification';

/**
 * A guest's own data (docs/PRODUCT.md "Guest trust", docs/PRIVACY.md "My data"): the inputs of POST
 * /customer-scans/recover (vouchers back on another phone) and of /my-data, and their words. Both are authorised by a
 * verification token only: `recover` for the stay at one hotel, `my_data` for everything of the number.
 */

/** The header /my-data reads the token from (a GET has no body). */
export const VERIFICATION_HEADER = 'X-Verification-Token';

export const NO_STAY_TO_RECOVER = 'No vouchers were found for this number at this hotel';

/**
 * POST /customer-scans/recover: the page's hotel and the number the guest typed, with the token of purpose `recover`
 * that proves them; a token of another hotel or number is refused.
 */
export const RecoverStaySchema = v.object({
  hotel_id: v.pipe(v.string('hotel_id is required'), v.uuid('hotel_id must be a valid id')),
  mobile_number: phone,
  verification_token: VerificationToken,
});
export type RecoverStayInput = v.InferOutput<typeof RecoverStaySchema>;

/**
 * PUT /my-data/name: the name on every scan of the number, checked as the details step checks it. The token comes in
 * the header, or in the body as docs/PRODUCT.md "Guest trust" allows.
 */
export const MyDataNameSchema = v.object({
  customer_name: guestDetailsSchema(() => '').entries.customer_name,
  verification_token: v.optional(VerificationToken),
});
export type MyDataNameInput = v.InferOutput<typeof MyDataNameSchema>;
