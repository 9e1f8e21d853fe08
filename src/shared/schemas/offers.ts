import * as v from 'valibot';
import { MAX_OFFER_IMAGES } from '../constants';
import { isCalendarDate, todayIn } from '../dates';
import { requiredText } from './common';

export const OFFER_TYPES = ['cash_discount', 'fixed_discount', 'percentage'] as const;

/** The offer form's messages (docs/PRODUCT.md "Forms and messages"). */
export const VALIDITY_DATES_REQUIRED = 'Please select validity dates';
export const MAX_IMAGES_MESSAGE = 'Maximum 3 images allowed';
export const VALIDITY_ORDER_MESSAGE = 'Valid To date must be on or after Valid From date';
export const PERCENT_MESSAGE = 'Percentage offer value cannot be more than 100';
export const MAX_OFFER_VALUE = 10_000_000;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Validity dates arrive as 'YYYY-MM-DD' (admin create) or as ISO timestamps (docs/PRODUCT.md "Calls": edit sends ISO
 * timestamps). A timestamp is stored as its calendar day in the business time zone, so a browser's local midnight
 * ('2026-11-21T18:30:00.000Z' in India) and UTC midnight ('2026-11-22T00:00:00.000Z') are both 22 Nov.
 */
export function toOfferDate(value: string, timeZone: string): string | null {
  const s = value.trim();
  if (PLAIN_DATE.test(s)) return isCalendarDate(s) ? s : null;
  if (!ISO_TIMESTAMP.test(s)) return null;
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return null;
  return todayIn(timeZone, new Date(ms));
}

/** 'HH:MM' or 'HH:MM:SS' (what a time input or the database gives) → 'HH:MM'. */
const time = (message: string, label: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be a time such as 09:30`),
    v.transform((s) => s.slice(0, 5)),
  );

const date = (timeZone: string) =>
  v.pipe(
    v.string(VALIDITY_DATES_REQUIRED),
    v.trim(),
    v.nonEmpty(VALIDITY_DATES_REQUIRED),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = toOfferDate(dataset.value, timeZone);
      if (result === null) {
        addIssue({ message: 'Validity dates must be dates such as 2026-11-22' });
        return NEVER;
      }
      return result;
    }),
  );

const offerValue = v.pipe(
  v.union([v.number(), v.string()], 'Offer value is required'),
  v.transform((x) => (typeof x === 'string' ? x.trim() : x)),
  v.check((x) => x !== '', 'Offer value is required'),
  v.transform(Number),
  v.check((n) => Number.isFinite(n), 'Offer value must be a number'),
  v.minValue(0, 'Offer value cannot be negative'),
  v.maxValue(MAX_OFFER_VALUE, 'Offer value is too large'),
);

/** Offer images: up to 3 paths answered by POST /merchants/upload-image. */
const images = v.pipe(
  v.optional(
    v.nullable(v.array(v.string('Each image must be an uploaded image'), 'images must be a list of image paths')),
    [],
  ),
  v.transform((list) => list ?? []),
  v.maxLength(MAX_OFFER_IMAGES, MAX_IMAGES_MESSAGE),
  v.check(
    (list) => list.every((url) => /^\/uploads\/merchants\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(url)),
    'Each image must be uploaded through /merchants/upload-image',
  ),
);

const offerFields = (timeZone: string) => ({
  offer_name: requiredText('Offer name is required', 200),
  offer_type: v.optional(
    v.picklist(OFFER_TYPES, 'Offer type must be cash_discount, fixed_discount or percentage'),
    'percentage',
  ),
  offer_value: offerValue,
  validity_from: date(timeZone),
  validity_to: date(timeZone),
  opening_hours: time('Opening hours are required', 'Opening hours'),
  closing_hours: time('Closing hours are required', 'Closing hours'),
  description: requiredText('Description is required', 2000, { multiline: true }),
  terms_conditions: requiredText('Terms and conditions are required', 4000, { multiline: true }),
  is_active: v.optional(v.boolean('is_active must be true or false'), true),
  images,
});

/** The fields the cross-field checks read; both offer schemas answer them. */
type CheckedFields = { validity_from: string; validity_to: string; offer_type: OfferType; offer_value: number };

/**
 * `object` with the offer's cross-field checks, each shown on its field: Valid To not before Valid From, and a
 * percentage offer at most 100. The checks only read CheckedFields and pass the value on unchanged, so the result has
 * `object`'s own input and output; valibot cannot type a partialCheck over a generic object, hence the one cast.
 */
function withOfferChecks<TObject extends v.GenericSchema<unknown, CheckedFields>>(object: TObject) {
  const checked = v.pipe(
    object as v.GenericSchema<unknown, CheckedFields>,
    v.forward(
      v.partialCheck(
        [['validity_from'], ['validity_to']],
        (o) => o.validity_to >= o.validity_from,
        VALIDITY_ORDER_MESSAGE,
      ),
      ['validity_to'],
    ),
    v.forward(
      v.partialCheck(
        [['offer_type'], ['offer_value']],
        (o) => o.offer_type !== 'percentage' || o.offer_value <= 100,
        PERCENT_MESSAGE,
      ),
      ['offer_value'],
    ),
  );
  type Check = v.GenericValidation<v.InferOutput<TObject>>;
  return checked as unknown as v.SchemaWithPipe<readonly [TObject, Check, Check]>;
}

/**
 * POST /offers: the offer fields plus merchant_id (docs/PRODUCT.md "Calls"). `timeZone` is the business zone used to
 * turn an ISO timestamp into a date; the web form sends plain dates, so its default does not matter there.
 */
export function offerCreateSchema(timeZone = 'Asia/Kolkata') {
  return withOfferChecks(
    v.object({
      merchant_id: v.pipe(v.string('Merchant is required'), v.uuid('merchant_id must be a valid id')),
      ...offerFields(timeZone),
    }),
  );
}

/** PUT /offers/{id} and the merchant's own offers: the full offer; merchant_id and other extra keys are ignored. */
export function offerUpdateSchema(timeZone = 'Asia/Kolkata') {
  return withOfferChecks(v.object(offerFields(timeZone)));
}

export type OfferCreateInput = v.InferOutput<ReturnType<typeof offerCreateSchema>>;
export type OfferUpdateInput = v.InferOutput<ReturnType<typeof offerUpdateSchema>>;
export type OfferType = (typeof OFFER_TYPES)[number];

/** docs/PRODUCT.md "States": Expired if is_expired, else Inactive if not active, else Active. */
export type OfferStatus = 'Expired' | 'Inactive' | 'Active';
export function offerStatus(offer: { is_expired: boolean; is_active: boolean }): OfferStatus {
  if (offer.is_expired) return 'Expired';
  return offer.is_active ? 'Active' : 'Inactive';
}
