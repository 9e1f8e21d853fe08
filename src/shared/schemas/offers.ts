import * as v from 'valibot';
import { MAX_OFFER_IMAGES } from '../constants';
import { isCalendarDate, todayIn } from '../dates';
import { blackoutDayCount, rupeesText, type BlackoutRange } from '../offer-rules';
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

// ---- The offer's rules (docs/PRODUCT.md "Offer rules"): all optional, null = no rule; an omitted one is null (PUT
// replaces the whole offer). Numbers may come as JSON numbers or as a form's text ("" = none).

export const MAX_CAP = 1_000_000;
export const MAX_PARTY = 1_000;
export const MAX_PER_GUEST_DAYS = 365;
export const MAX_BLACKOUT_DAYS = 366;
/** The largest minimum bill, in rupees (10,00,000, as the counter's bill amount). */
export const MAX_MIN_BILL = 1_000_000;

export const TOTAL_CAP_MESSAGE = 'Total cap must be a whole number from 1 to 10,00,000';
export const DAILY_CAP_MESSAGE = 'Daily cap must be a whole number from 1 to 10,00,000';
export const DAILY_ABOVE_TOTAL_MESSAGE = 'Daily cap cannot be more than the total cap';
export const WEEKDAYS_MESSAGE = 'Redeem weekdays must be weekday numbers from 1 (Monday) to 7 (Sunday)';
export const WEEKDAYS_EMPTY_MESSAGE = 'Redeem weekdays must name at least one day (leave it empty for every day)';
export const WEEKDAYS_REPEATED_MESSAGE = 'Redeem weekdays must not name a day twice';
export const BLACKOUT_MESSAGE = 'Blackout dates must be ranges with from and to dates such as 2026-11-14';
export const BLACKOUT_ORDER_MESSAGE = 'A blackout range cannot end before it starts';
export const BLACKOUT_OUTSIDE_MESSAGE = 'Blackout dates must lie within the validity dates';
export const BLACKOUT_TOO_MANY_MESSAGE = `Blackout dates can cover at most ${MAX_BLACKOUT_DAYS} days in all`;
export const MIN_BILL_MESSAGE = 'Minimum bill must be an amount in rupees from 0 to 10,00,000, with at most 2 decimals';
export const MAX_PARTY_MESSAGE = 'Max party must be a whole number from 1 to 1,000';
export const PER_GUEST_DAYS_MESSAGE = `Per guest days must be a whole number from 1 to ${MAX_PER_GUEST_DAYS}`;
/** min_bill of a cash or fixed discount must be above the discount: "Minimum bill must be more than the discount (₹150)". */
export const minBillNotAboveValueMessage = (value: number) =>
  `Minimum bill must be more than the discount (${rupeesText(value)})`;

/** A number as JSON or a form's text has it; null or blank text → null, text that is no number → NaN. */
const toNumberOrNull = (x: number | string | null | undefined): number | null => {
  if (x === null || x === undefined) return null;
  if (typeof x === 'number') return x;
  const text = x.trim();
  return text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};
const numberOrText = (message: string) => v.union([v.number(message), v.string(message)], message);

/** A JSON number or a form's text; absent, null or blank → null. */
const optionalNumber = (message: string) =>
  v.pipe(
    v.optional(v.nullable(numberOrText(message)), null),
    v.transform((x) => toNumberOrNull(x)),
  );

const wholeIn = (min: number, max: number) => (n: number | null) =>
  n === null || (Number.isInteger(n) && n >= min && n <= max);

/** An optional whole number from `min` to `max`. */
export const optionalWhole = (message: string, min: number, max: number) =>
  v.pipe(optionalNumber(message), v.check(wholeIn(min, max), message));

/** As optionalWhole, but the field must be sent (null for none). */
export const nullableWhole = (message: string, min: number, max: number) =>
  v.pipe(
    v.nullable(numberOrText(message)),
    v.transform((x) => toNumberOrNull(x)),
    v.check(wholeIn(min, max), message),
  );

/** At most two decimal places (paise), allowing for binary fractions such as 0.1 + 0.2. */
const isPaise = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const minBill = v.pipe(
  optionalNumber(MIN_BILL_MESSAGE),
  v.check((n) => n === null || (Number.isFinite(n) && n >= 0 && n <= MAX_MIN_BILL && isPaise(n)), MIN_BILL_MESSAGE),
  v.transform((n) => (n === null ? null : Math.round(n * 100) / 100)),
);

/** ISO weekday numbers: not empty, no day twice; answered sorted. */
const redeemWeekdays = v.pipe(
  v.optional(v.nullable(v.array(v.number(WEEKDAYS_MESSAGE), WEEKDAYS_MESSAGE)), null),
  v.check((days) => days === null || days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7), WEEKDAYS_MESSAGE),
  v.check((days) => days === null || days.length > 0, WEEKDAYS_EMPTY_MESSAGE),
  v.check((days) => days === null || new Set(days).size === days.length, WEEKDAYS_REPEATED_MESSAGE),
  v.transform((days) => (days === null ? null : [...days].sort((a, b) => a - b))),
);

const blackoutDate = v.pipe(v.string(BLACKOUT_MESSAGE), v.trim(), v.check(isCalendarDate, BLACKOUT_MESSAGE));

/** `{from, to}` ranges of days: each in order, at most 366 days in all; answered sorted, an empty list as null. */
const blackoutDates = v.pipe(
  v.optional(
    v.nullable(v.array(v.object({ from: blackoutDate, to: blackoutDate }, BLACKOUT_MESSAGE), BLACKOUT_MESSAGE)),
    null,
  ),
  v.check((ranges) => ranges === null || ranges.length <= MAX_BLACKOUT_DAYS, BLACKOUT_TOO_MANY_MESSAGE),
  v.check((ranges) => ranges === null || ranges.every((r) => r.from <= r.to), BLACKOUT_ORDER_MESSAGE),
  v.check((ranges) => ranges === null || blackoutDayCount(ranges) <= MAX_BLACKOUT_DAYS, BLACKOUT_TOO_MANY_MESSAGE),
  v.transform((ranges): BlackoutRange[] | null =>
    ranges === null || ranges.length === 0
      ? null
      : ranges
          .map((r) => ({ from: r.from, to: r.to }))
          .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0)),
  ),
);

/** The seven rule fields an offer's input takes (is_paused has its own call: the merchant's pause). */
export const offerRuleFields = {
  total_cap: optionalWhole(TOTAL_CAP_MESSAGE, 1, MAX_CAP),
  daily_cap: optionalWhole(DAILY_CAP_MESSAGE, 1, MAX_CAP),
  redeem_weekdays: redeemWeekdays,
  blackout_dates: blackoutDates,
  min_bill: minBill,
  max_party: optionalWhole(MAX_PARTY_MESSAGE, 1, MAX_PARTY),
  per_guest_days: optionalWhole(PER_GUEST_DAYS_MESSAGE, 1, MAX_PER_GUEST_DAYS),
};

/** The merchant's own frequency (across all its offers): the same rule as an offer's per_guest_days. */
export const perGuestDaysField = offerRuleFields.per_guest_days;

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
  ...offerRuleFields,
});

/** The fields the cross-field checks read; both offer schemas answer them. */
type CheckedFields = {
  validity_from: string;
  validity_to: string;
  offer_type: OfferType;
  offer_value: number;
  total_cap: number | null;
  daily_cap: number | null;
  blackout_dates: BlackoutRange[] | null;
  min_bill: number | null;
};

/**
 * `object` with the offer's cross-field checks, each shown on its field: Valid To not before Valid From, a
 * percentage offer at most 100, a daily cap not above the total, blackout dates within the validity dates and a
 * minimum bill above a cash or fixed discount. The checks only read CheckedFields and pass the value on unchanged,
 * so the result has `object`'s own input and output; valibot cannot type a partialCheck over a generic object,
 * hence the one cast.
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
    v.forward(
      v.partialCheck(
        [['total_cap'], ['daily_cap']],
        (o) => o.total_cap === null || o.daily_cap === null || o.daily_cap <= o.total_cap,
        DAILY_ABOVE_TOTAL_MESSAGE,
      ),
      ['daily_cap'],
    ),
    v.forward(
      v.partialCheck(
        [['validity_from'], ['validity_to'], ['blackout_dates']],
        (o) => (o.blackout_dates ?? []).every((r) => r.from >= o.validity_from && r.to <= o.validity_to),
        BLACKOUT_OUTSIDE_MESSAGE,
      ),
      ['blackout_dates'],
    ),
    v.forward(
      v.partialCheck(
        [['offer_type'], ['offer_value'], ['min_bill']],
        (o) => o.offer_type === 'percentage' || o.min_bill === null || o.min_bill > o.offer_value,
        (issue) => minBillNotAboveValueMessage((issue.input as CheckedFields).offer_value),
      ),
      ['min_bill'],
    ),
  );
  type Check = v.GenericValidation<v.InferOutput<TObject>>;
  return checked as unknown as v.SchemaWithPipe<readonly [TObject, Check, Check, Check, Check, Check]>;
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

/** PUT /merchant/my-offers/{id}/pause: the merchant's pause (is_paused); is_active stays the back office's switch. */
export const PauseOfferSchema = v.object({ paused: v.boolean('paused must be true or false') });
export type PauseOfferInput = v.InferOutput<typeof PauseOfferSchema>;

export type OfferCreateInput = v.InferOutput<ReturnType<typeof offerCreateSchema>>;
export type OfferUpdateInput = v.InferOutput<ReturnType<typeof offerUpdateSchema>>;
export type OfferType = (typeof OFFER_TYPES)[number];

/** docs/PRODUCT.md "States": Expired if is_expired, else Inactive if not active, else Active. */
export type OfferStatus = 'Expired' | 'Inactive' | 'Active';
export function offerStatus(offer: { is_expired: boolean; is_active: boolean }): OfferStatus {
  if (offer.is_expired) return 'Expired';
  return offer.is_active ? 'Active' : 'Inactive';
}
