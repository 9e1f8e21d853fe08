import * as v from 'valibot';
import { ADMIN_ROLES, DEFAULT_ADMIN_ROLE } from '../constants';
import { newPassword, passwordNotUsername, passwordRules } from './passwords';
import { currentPassword } from './reauth';
import { safeText } from './text';

/**
 * Settings - User Management (docs/PRODUCT.md "Screens", docs/PRODUCT.md "Forms and messages"): merchant types, contact
 * info and admin users. Shared by the server validator and the web forms; messages are the product's exact words
 * where it has them.
 */

/** Trimmed text; missing, null or blank becomes null. */
const optionalText = (field: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${field} must be text`)), null),
    v.transform((value) => value ?? ''),
    safeText(field),
    v.trim(),
    v.maxLength(max, `${field} must be at most ${max} characters`),
    v.transform((value) => (value === '' ? null : value)),
  );

/**
 * Required text: missing, null or blank all answer `message` (docs/PRODUCT.md "Forms and messages" uses one message per
 * form).
 */
const requiredField = (message: string, field: string, max: number) =>
  v.pipe(
    v.string(message),
    safeText(field),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(max, `${field} must be at most ${max} characters`),
  );

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---- Merchant types -------------------------------------------------------------------------------------------

export const MERCHANT_TYPE_NAME_REQUIRED = 'Please enter merchant type name';

/**
 * A thumbnail is a path the upload endpoint answered (`/uploads/merchant_types/<file>`) or an http(s) address.
 * Blank or null clears it.
 */
const thumbnailUrl = v.pipe(
  v.nullable(v.string('Thumbnail must be text')),
  v.transform((value) => value ?? ''),
  safeText('Thumbnail'),
  v.trim(),
  v.check(
    (value) =>
      value === '' ||
      /^\/uploads\/merchant_types\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(value) ||
      /^https?:\/\/\S+$/.test(value),
    'Thumbnail must be an uploaded image',
  ),
  v.maxLength(500, 'Thumbnail must be at most 500 characters'),
  v.transform((value) => (value === '' ? null : value)),
);

/** POST and PUT /merchant-types. On PUT, an absent thumbnail_url keeps the current one. */
export const MerchantTypeInputSchema = v.object({
  name: requiredField(MERCHANT_TYPE_NAME_REQUIRED, 'Merchant type name', 100),
  thumbnail_url: v.optional(thumbnailUrl),
});
export type MerchantTypeInput = v.InferOutput<typeof MerchantTypeInputSchema>;

// ---- Contact info ---------------------------------------------------------------------------------------------

export const CONTACT_REQUIRED = 'Name and Mobile Number are required';

/** POST /contact-us: replaces the single contact-info record. */
export const ContactInfoInputSchema = v.object({
  name: requiredField(CONTACT_REQUIRED, 'Name', 100),
  mobile_number: requiredField(CONTACT_REQUIRED, 'Mobile Number', 30),
  service_helpline: optionalText('Service Helpline', 50),
  mail_support: v.pipe(
    optionalText('Mail Support', 200),
    v.check((value) => value === null || EMAIL.test(value), 'Mail Support must be a valid email address'),
  ),
  technical_support: optionalText('Technical Support', 200),
});
export type ContactInfoInput = v.InferOutput<typeof ContactInfoInputSchema>;

// ---- Admin users ----------------------------------------------------------------------------------------------

export const USER_FIELDS_REQUIRED = 'Please fill in all required fields';
export { PASSWORD_MIN_LENGTH } from './passwords';

const username = v.pipe(
  requiredField(USER_FIELDS_REQUIRED, 'Username', 100),
  v.regex(/^\S+$/, 'Username cannot contain spaces'),
);
const email = v.pipe(
  requiredField(USER_FIELDS_REQUIRED, 'Email', 200),
  v.regex(EMAIL, 'Please enter a valid email address'),
);
const role = v.picklist(ADMIN_ROLES, 'Role must be superadmin, admin or manager');
const password = newPassword(USER_FIELDS_REQUIRED); // docs/SECURITY.md, "Passwords"

/** POST /admin-users: username, email and password required; role defaults to admin (docs/PRODUCT.md "Constants"). */
export const AdminUserCreateSchema = v.pipe(
  v.object({
    username,
    email,
    password,
    role: v.optional(role, DEFAULT_ADMIN_ROLE),
    full_name: optionalText('Full Name', 100),
  }),
  passwordNotUsername(),
);
export type AdminUserCreateInput = v.InferOutput<typeof AdminUserCreateSchema>;

/**
 * PUT /admin-users/{id}: a blank or absent password keeps the current one; an absent role keeps the current one. A
 * super admin changing its own e-mail (where its Forgot password codes go) or its own password here sends its current
 * password too (docs/SECURITY.md "Re-authentication").
 */
export const AdminUserUpdateSchema = v.pipe(
  v.object({
    username,
    email,
    password: v.pipe(
      v.optional(v.nullable(v.string('Password must be text')), null),
      v.transform((value) => value ?? ''),
      v.union([v.literal(''), passwordRules()], (issue) => issue.issues?.[0]?.message ?? 'Password must be text'),
      v.transform((value) => (value === '' ? null : value)),
    ),
    role: v.optional(role),
    full_name: optionalText('Full Name', 100),
    current_password: v.optional(currentPassword()),
  }),
  passwordNotUsername(),
);
export type AdminUserUpdateInput = v.InferOutput<typeof AdminUserUpdateSchema>;
