import * as v from 'valibot';
import {
  HOTEL_LOGIN_MESSAGE,
  HotelInputSchema,
  HotelLoginFields,
  type HotelInput,
} from '../../../../shared/schemas/hotels';
import { passwordNotUsername } from '../../../../shared/schemas/passwords';
import type { Hotel, HotelBilling } from '../../../../shared/api-types';
import { GSTIN_STATE_MESSAGE } from '../../../../shared/schemas/invoices';
import type { FieldSpec } from '../../../components/ui/FormFields';
import type { FormState } from '../../../components/ui/use-form';
import type { NewLogin } from '../../passwords';

/** What the Add/Edit Hotel form holds: the API's hotel input (POST/PUT /hotels), as the inputs hold it. */
export type HotelForm = Required<v.InferInput<typeof HotelInputSchema>>;

export const WIDE = 'hotel-form-wide';

/** Basic Info's text fields after Location, in order (BasicInfoTab draws them): each is placed on that tab. */
export const BASIC_INFO_FIELDS = [
  {
    kind: 'textarea',
    field: 'address',
    label: 'Address',
    required: true,
    rows: 2,
    placeholder: 'Enter address',
    maxLength: 500,
    wrap: WIDE,
  },
  {
    field: 'contact_number',
    label: 'Contact Number',
    required: true,
    type: 'tel',
    placeholder: 'Enter contact number',
    maxLength: 30,
  },
  {
    field: 'contact_person',
    label: 'Contact Person',
    required: true,
    placeholder: 'Enter contact person name',
    maxLength: 200,
  },
  {
    field: 'google_place_id',
    label: 'Google Place ID',
    required: true,
    placeholder: 'e.g. ChIJN1t_tDeuEmsRUsoyG83frY4',
    maxLength: 300,
  },
  {
    field: 'google_link',
    label: 'Google Link',
    type: 'url',
    placeholder: 'https://maps.google.com/...',
    maxLength: 1000,
  },
] satisfies FieldSpec<HotelForm>[];

/** The hotel's billing details (docs/PRODUCT.md "Tax invoices"): Basic Info draws them under their own heading. */
export const BILLING_KEYS = ['gstin', 'state_code', 'billing_email'] as const satisfies (keyof HotelForm)[];

/**
 * The form's tabs and the fields each shows. Every field of HotelForm is on a tab (TAB_OF below fails the typecheck,
 * naming the field, when one is on none), so a new field is placed, and drawn, where it belongs.
 */
export const TABS = [
  {
    id: 'basic',
    label: 'Basic Info',
    // qr_code_url: no input shows it; the form keeps the hotel's (PUT replaces the whole record).
    fields: [
      'name',
      'location_id',
      ...BASIC_INFO_FIELDS.map((spec) => spec.field),
      'logo_url',
      'qr_code_url',
      ...BILLING_KEYS,
    ],
  },
  {
    id: 'subscription',
    label: 'Subscription',
    fields: [
      'subscription_duration_id',
      'subscription_revenue',
      'contract_url',
      'payment_screenshot_url',
      'phone_verification',
    ],
  },
  { id: 'offers', label: 'Offers', fields: ['offer_selection_type', 'selected_merchant_types'] },
  { id: 'credentials', label: 'Credentials', fields: [] },
] as const satisfies readonly { id: string; label: string; fields: readonly (keyof HotelForm)[] }[];
export type TabId = (typeof TABS)[number]['id'];

/**
 * The tab that shows each field, so a refused field's tab is opened.
 * A form field on no tab fails the typecheck here.
 */
const TAB_OF: Record<keyof HotelForm, TabId> = Object.fromEntries(
  TABS.flatMap((tab) => tab.fields.map((field) => [field, tab.id])),
) as Record<(typeof TABS)[number]['fields'][number], TabId>;

/** What every tab gets: the form, and whether its fields are locked (the hotel is saved, its login not). */
export interface TabProps {
  form: FormState<HotelForm>;
  locked: boolean;
  /** Prefix of the tab's element ids. */
  idPrefix: string;
}

export const EMPTY_HOTEL: HotelForm = {
  name: '',
  location_id: '',
  address: '',
  contact_number: '',
  contact_person: '',
  logo_url: null,
  google_place_id: '',
  google_link: '',
  subscription_duration_id: '',
  subscription_revenue: '',
  contract_url: null,
  payment_screenshot_url: null,
  qr_code_url: null,
  offer_selection_type: 'all',
  selected_merchant_types: [],
  phone_verification: false,
  gstin: '',
  state_code: '',
  billing_email: '',
};

type BillingField = (typeof BILLING_KEYS)[number];
/** The form's fields that the hotel's answer holds (the billing details come from GET /hotels/{id}/billing). */
const FIELDS = (Object.keys(EMPTY_HOTEL) as (keyof HotelForm)[]).filter(
  (field): field is Exclude<keyof HotelForm, BillingField> => !(BILLING_KEYS as readonly string[]).includes(field),
);

/**
 * A saved hotel and its billing details as the form holds them: each field as the answer has it (the typecheck refuses
 * a form field the answer lacks or holds as another type), but the ones below, which the inputs hold as text.
 */
export function hotelToForm(hotel: Hotel, billing: HotelBilling): HotelForm {
  const answered = Object.fromEntries(FIELDS.map((field) => [field, hotel[field]])) as Pick<
    Hotel,
    Exclude<keyof HotelForm, BillingField>
  >;
  return {
    ...answered,
    gstin: billing.gstin ?? '',
    state_code: billing.state_code ?? '',
    billing_email: billing.billing_email ?? '',
    google_place_id: hotel.google_place_id ?? '',
    google_link: hotel.google_link ?? '',
    subscription_duration_id: hotel.subscription_duration_id ?? '',
    // Null to a manager, who sees no amounts: the field is left out and the server keeps the amount.
    subscription_revenue: hotel.subscription_revenue === null ? null : String(hotel.subscription_revenue),
  };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; tab: TabId };

/**
 * The hotel checked by the API's own schema (the messages are the spec's, docs/PRODUCT.md "Forms and messages"):
 * the payload to send, or the first refusal and the tab of its field. Merchant types count only for a manual
 * selection.
 */
export function checkHotel(form: HotelForm): Checked<HotelInput> {
  const manual = form.offer_selection_type === 'manual';
  const parsed = v.safeParse(HotelInputSchema, {
    ...form,
    selected_merchant_types: manual ? form.selected_merchant_types : [],
  });
  if (parsed.success) {
    // The server's check of PUT /hotels/{id}/billing, here too so its tab opens: a GSTIN belongs to its state.
    const { gstin, state_code } = parsed.output;
    if (gstin && state_code && gstin.slice(0, 2) !== state_code)
      return { ok: false, message: GSTIN_STATE_MESSAGE, tab: TAB_OF.gstin };
    return { ok: true, value: parsed.output };
  }
  const [issue] = parsed.issues;
  const field = issue.path?.[0]?.key as keyof HotelForm | undefined;
  return { ok: false, message: issue.message, tab: field ? TAB_OF[field] : 'basic' };
}

const LoginSchema = v.pipe(v.pick(HotelLoginFields, ['username', 'password']), passwordNotUsername());

/** The new hotel's login: both given (the spec's message), then the API's rules (password rules included). */
export function checkLogin(login: NewLogin): Checked<v.InferOutput<typeof LoginSchema>> {
  if (!login.username.trim() || !login.password) return { ok: false, message: HOTEL_LOGIN_MESSAGE, tab: 'credentials' };
  const parsed = v.safeParse(LoginSchema, login);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, message: parsed.issues[0].message, tab: 'credentials' };
}
