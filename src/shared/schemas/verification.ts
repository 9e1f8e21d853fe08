import * as v from 'valibot';
import { VERIFICATION_INVALID, VERIFY_FIRST } from './claim-refusals';
import { phone } from './scans';

/**
 * Phone verification (docs/PRODUCT.md "Guest trust"): the inputs of POST /verification/request and
 * POST /verification/verify, the answers' words, and the code budgets' defaults (PUT /settings/messaging takes the
 * budgets: schemas/messaging.ts).
 */

export const VERIFICATION_PURPOSES = ['claim', 'recover', 'my_data'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** A code is 6 digits, valid 10 minutes, 5 tries; another may be asked 60 s after the last, 5 a number a day. */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
export const CODES_PER_NUMBER_DAY = 5;
/** A verification token (what a verified code gives) is good for 30 minutes. */
export const VERIFICATION_TOKEN_TTL_SECONDS = 30 * 60;
/** The budgets' defaults: codes a business day for one hotel and for the whole programme. */
export const DEFAULT_CODES_PER_HOTEL_DAY = 200;
export const DEFAULT_CODES_PER_DAY = 2000;

export const waitBeforeResend = (seconds: number) => `Please wait ${seconds} seconds before asking for a new code`;
export const TOO_MANY_CODES_TODAY = 'Too many codes for this number today';
export const CODES_UNAVAILABLE = 'Codes cannot be sent right now, please ask reception';
export const wrongCode = (triesLeft: number) =>
  `That code is not right: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`;
export const CODE_EXPIRED = 'This code has expired, ask for a new one';
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes, ask for a new one';
export { VERIFY_FIRST, VERIFICATION_INVALID };

const purpose = v.picklist(VERIFICATION_PURPOSES, 'purpose must be claim, recover or my_data');
const hotelId = v.optional(v.pipe(v.string('hotel_id must be a valid id'), v.uuid('hotel_id must be a valid id')));

/** claim and recover are bound to a hotel (hotel_id required); my_data is not (hotel_id refused). */
const hotelFitsPurpose = (purpose: VerificationPurpose, hotelId: string | undefined) =>
  (purpose === 'my_data') === (hotelId === undefined);
const HOTEL_FOR_PURPOSE = 'hotel_id is required for claim and recover, and not taken for my_data';

/** POST /verification/request. */
export const VerificationRequestSchema = v.pipe(
  v.object({ mobile_number: phone, purpose, hotel_id: hotelId }),
  v.check((input) => hotelFitsPurpose(input.purpose, input.hotel_id), HOTEL_FOR_PURPOSE),
);
export type VerificationRequestInput = v.InferOutput<typeof VerificationRequestSchema>;

export const CODE_INVALID = 'Please enter the 6-digit code';

/** POST /verification/verify. */
export const VerificationVerifySchema = v.pipe(
  v.object({
    mobile_number: phone,
    purpose,
    hotel_id: hotelId,
    code: v.pipe(v.string(CODE_INVALID), v.trim(), v.regex(/^\d{6}$/, CODE_INVALID)),
  }),
  v.check((input) => hotelFitsPurpose(input.purpose, input.hotel_id), HOTEL_FOR_PURPOSE),
);
export type VerificationVerifyInput = v.InferOutput<typeof VerificationVerifySchema>;

/** A verification token as sent back (body field verification_token, or the X-Verification-Token header). */
export const VerificationToken = v.pipe(
  v.string('verification_token must be text'),
  v.trim(),
  v.nonEmpty(VERIFY_FIRST),
  v.maxLength(2000, 'verification_token is too long'),
);
