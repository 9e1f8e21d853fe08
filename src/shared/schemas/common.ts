import * as v from 'valibot';
import { isCalendarDate } from '../dates';

/** A required text field: trimmed, then non-empty, with the given message for both missing and blank. */
export const requiredText = (message: string, max = 200) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `${message.replace(/ is required$/, '')} must be at most ${max} characters`));

/** Integer id in a path segment such as /locations/12. */
export const IntIdParam = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'id must be a positive whole number'), v.transform(Number)),
});

/** UUID id in a path segment. */
export const UuidIdParam = v.object({
  id: v.pipe(v.string(), v.uuid('id must be a valid id')),
});

/** A 'YYYY-MM-DD' calendar date, with a message that names the field. */
export const calendarDate = (field: string) => v.pipe(v.string(), v.check(isCalendarDate, `${field} must be a date as YYYY-MM-DD`));
