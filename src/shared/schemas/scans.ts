import * as v from 'valibot';
import { MAX_VOUCHERS_PER_SCAN, PHONE_LENGTH } from '../constants';
import { addDays, isCalendarDate } from '../dates';
import { GUEST_LANGUAGES } from '../guest-languages';
import { PlacementToken } from './claim-refusals';
import { safeText } from './text';

/** The guest flow's messages (docs/PRODUCT.md "Forms and messages"). */
export const NAME_REQUIRED = 'Please enter your name';
export const PHONE_INVALID = 'Please enter a valid 10-digit mobile number';
export const CHECKOUT_REQUIRED = 'Please select your check-out date';
export const CHECKOUT_PAST = 'Check-out date cannot be earlier than today';
/** A stay ends within a year: a far date would block that mobile number at the hotel for good. */
export const CHECKOUT_MAX_DAYS = 365;
export const CHECKOUT_TOO_FAR = 'Check-out date must be within a year';
export const SELECT_AT_LEAST_ONE = 'Please select at least one voucher';
export const SELECT_AT_MOST_THREE = 'You can select maximum 3 vouchers';
export const ALREADY_COLLECTED = 'You have already collected vouchers for this stay';
/** The details step's required box (docs/PRIVACY.md): without it nothing is sent, and the server refuses (422). */
export const CONSENT_REQUIRED = 'Please tick the consent box to agree to the privacy notice';

export const phone = v.pipe(
  v.string(PHONE_INVALID),
  v.trim(),
  v.regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), PHONE_INVALID),
);

/**
 * The guest's details (the first step). `today()` gives the business-zone date ('YYYY-MM-DD') at validation time:
 * the server passes its own, the browser its local date.
 */
export const guestDetailsSchema = (today: () => string) =>
  v.object({
    customer_name: v.pipe(
      v.string(NAME_REQUIRED),
      safeText('Name'),
      v.trim(),
      v.nonEmpty(NAME_REQUIRED),
      v.maxLength(100, 'Name must be at most 100 characters'),
    ),
    mobile_number: phone,
    checkout_date: v.pipe(
      v.string(CHECKOUT_REQUIRED),
      v.nonEmpty(CHECKOUT_REQUIRED),
      v.check(isCalendarDate, CHECKOUT_REQUIRED), // valibot's isoDate lets '2099-02-30' through
      v.check((date) => date >= today(), CHECKOUT_PAST),
      v.check((date) => date <= addDays(today(), CHECKOUT_MAX_DAYS), CHECKOUT_TOO_FAR),
    ),
    /** The guest agreed to the privacy notice (PRIVACY_NOTICE_VERSION), stored with the scan. */
    consent: v.literal(true, CONSENT_REQUIRED),
    /** The optional box: offers later. */
    marketing_opt_in: v.optional(v.boolean('marketing_opt_in must be true or false'), false),
    /** The optional reminders box (docs/PRODUCT.md "Reminders"): without it nothing is sent after the page closes. */
    reminders_opt_in: v.optional(v.boolean('reminders_opt_in must be true or false'), false),
    /** The page's language: the messages and the vouchers view speak it. */
    language: v.optional(v.picklist(GUEST_LANGUAGES, `language must be one of ${GUEST_LANGUAGES.join(', ')}`), 'en'),
  });

/** POST /customer-scans (docs/PRODUCT.md "API fields" scan submission). */
export const scanSubmissionSchema = (today: () => string) =>
  v.object({
    hotel_id: v.pipe(v.string('hotel_id is required'), v.uuid('hotel_id must be a valid id')),
    ...guestDetailsSchema(today).entries,
    selected_offers: v.pipe(
      v.array(v.pipe(v.string(), v.uuid('selected_offers must be offer ids')), SELECT_AT_LEAST_ONE),
      v.minLength(1, SELECT_AT_LEAST_ONE),
      v.maxLength(MAX_VOUCHERS_PER_SCAN, SELECT_AT_MOST_THREE),
      v.check((ids) => new Set(ids).size === ids.length, 'Each voucher can be selected only once'),
    ),
    /** The card's token (`?p=` of its QR link); absent through the hotel's old link (docs/PRODUCT.md "Guest trust"). */
    placement_token: v.optional(PlacementToken),
    /** What POST /verification/verify answered for this claim; required when the hotel has phone verification on. */
    verification_token: v.optional(
      v.pipe(v.string('verification_token must be text'), v.maxLength(2000, 'verification_token is too long')),
    ),
  });
export type ScanSubmission = v.InferOutput<ReturnType<typeof scanSubmissionSchema>>;

/** GET /customer-scans/check/{hotelId}/{mobile}?p=<token>: the card's token, checked with the scan. */
export const ScanCheckQuery = v.object({ p: v.optional(PlacementToken) });

export const ScanCheckParams = v.object({
  hotelId: v.pipe(v.string(), v.uuid('hotel id must be a valid id')),
  mobile: phone,
});

/** POST /customer-scans/erase (the super admin, docs/PRIVACY.md): the guest's whole mobile number. */
export const EraseGuestSchema = v.object({ mobile_number: phone });

/** A client-made key (a UUID is typical) so a retried submission never issues twice. */
export const IdempotencyKey = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8-100 letters, digits, - or _'),
  ),
);
