import * as v from 'valibot';
import { isCalendarDate, isIsoMonth } from '../dates';
import { multilineText, safeOptionalText, safeText } from './text';

/**
 * A required text field: control characters refused (text.ts), then trimmed and non-empty, with `message` for
 * missing and blank. `label` names the field in the other messages (default: `message` without "is/are required");
 * a textarea (`multiline`) also takes tabs and line breaks.
 */
export const requiredText = (message: string, max = 200, options: { label?: string; multiline?: boolean } = {}) => {
  const label = options.label ?? message.replace(/ (is|are) required$/, '');
  return v.pipe(
    v.string(message),
    options.multiline ? multilineText(label) : safeText(label),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );
};

/** The username of a hotel's or merchant's new login (POST /users/hotel, /users/merchant). */
export const loginUsername = () => requiredText('Username is required', 100);

/** Optional text: absent, null or blank → null, else trimmed; too long → "<label> must be at most N characters". */
export const optionalText = (label: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), null),
    v.transform((s) => (s == null || s.trim() === '' ? null : s.trim())),
    safeOptionalText(label),
    v.check((s) => s === null || s.length <= max, `${label} must be at most ${max} characters`),
  );

/** The largest value of a PostgreSQL `integer` column: integer ids (locations, types, durations) stay within it. */
export const PG_INT_MAX = 2_147_483_647;

/** A positive whole number that fits an integer column (so 1e300, 2^63, 1.5 and -1 are refused, never a 500). */
export const isIntId = (n: number): boolean => Number.isSafeInteger(n) && n >= 1 && n <= PG_INT_MAX;

/** An integer id written as text (a path segment, a query parameter): digits only, so 0x10, 1e3 and 1.0 are refused. */
export const intIdText = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,9}$/, message), v.transform(Number), v.check(isIntId, message));

/**
 * An integer id in a JSON body: a number, or the digits of a form <select> value ("3"). Anything else, an unset
 * select included, answers `message` (the form's "required" message: one per form, docs/PRODUCT.md
 * "Forms and messages").
 */
export const intIdValue = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((value) =>
      typeof value === 'string' ? (/^\s*\d{1,10}\s*$/.test(value) ? Number(value) : Number.NaN) : value,
    ),
    v.check(isIntId, message),
  );

/** Integer id in a path segment such as /locations/12. */
export const IntIdParam = v.object({
  id: intIdText('id must be a positive whole number'),
});

/** A UUID as text (a path segment, a query parameter), with a message that names the field. */
export const uuidText = (field: string) => v.pipe(v.string(), v.uuid(`${field} must be a valid id`));

/** UUID id in a path segment. */
export const UuidIdParam = v.object({ id: uuidText('id') });

/** A 'YYYY-MM-DD' calendar date, with a message that names the field. */
export const calendarDate = (field: string) =>
  v.pipe(v.string(), v.check(isCalendarDate, `${field} must be a date as YYYY-MM-DD`));

/** A 'YYYY-MM' month, with a message that names the field. */
export const isoMonth = (field: string) =>
  v.pipe(v.string(), v.check(isIsoMonth, `${field} must be a month as YYYY-MM`));

/**
 * An optional query parameter: trimmed, and sent empty (`location_id=`) it counts as absent, as an unset filter
 * does; anything else is checked with `schema`.
 */
export const optionalParam = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s: string) => (s === '' ? undefined : s)),
      v.optional(schema),
    ),
  );

/** A list's free-text search (one line, at most 100 characters). */
export const searchText = () =>
  v.pipe(v.string(), safeText('search'), v.maxLength(100, 'search must be at most 100 characters'));

/** A paged list's `limit`: a whole number from 1 to `max`. */
export const pageLimit = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'limit must be a whole number'),
    v.transform(Number),
    v.minValue(1, `limit must be 1 to ${max}`),
    v.maxValue(max, `limit must be 1 to ${max}`),
  );

/** A keyset-paged list's `cursor` (the previous page's X-Next-Cursor), read by `decode`; unreadable text: `invalid`. */
export const pageCursor = <T>(decode: (text: string) => T | undefined, invalid: string) =>
  v.pipe(
    v.string(),
    v.check((text) => decode(text) !== undefined, invalid),
    v.transform((text) => decode(text)!),
  );
