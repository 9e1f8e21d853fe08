import * as v from 'valibot';
import {
  HOTEL_LOGIN_MESSAGE,
  HotelInputSchema,
  HotelLoginQuerySchema,
  type HotelInput,
} from '../../../../shared/schemas/hotels';
import type { Hotel } from '../../../../shared/api-types';
import type { FormState } from '../../../components/ui/use-form';
import type { NewLogin } from '../../passwords';

export const TABS = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'offers', label: 'Offers' },
  { id: 'credentials', label: 'Credentials' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

/** What the Add/Edit Hotel form holds: the API's hotel input (POST/PUT /hotels), as the inputs hold it. */
export type HotelForm = Required<v.InferInput<typeof HotelInputSchema>>;

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
};

export function hotelToForm(hotel: Hotel): HotelForm {
  return {
    name: hotel.name,
    location_id: hotel.location_id,
    address: hotel.address,
    contact_number: hotel.contact_number,
    contact_person: hotel.contact_person,
    logo_url: hotel.logo_url,
    google_place_id: hotel.google_place_id ?? '',
    google_link: hotel.google_link ?? '',
    subscription_duration_id: hotel.subscription_duration_id ?? '',
    subscription_revenue: String(hotel.subscription_revenue ?? 0),
    contract_url: hotel.contract_url,
    payment_screenshot_url: hotel.payment_screenshot_url,
    // Kept as it is: the form has no field for it, and PUT replaces the whole record.
    qr_code_url: hotel.qr_code_url,
    offer_selection_type: hotel.offer_selection_type,
    selected_merchant_types: hotel.selected_merchant_types,
  };
}

/** The tab that shows each field, so a refused field's tab is opened. */
const TAB_OF: Record<keyof HotelForm, TabId> = {
  name: 'basic',
  location_id: 'basic',
  address: 'basic',
  contact_number: 'basic',
  contact_person: 'basic',
  google_place_id: 'basic',
  google_link: 'basic',
  logo_url: 'basic',
  qr_code_url: 'basic',
  subscription_duration_id: 'subscription',
  subscription_revenue: 'subscription',
  contract_url: 'subscription',
  payment_screenshot_url: 'subscription',
  offer_selection_type: 'offers',
  selected_merchant_types: 'offers',
};

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
  if (parsed.success) return { ok: true, value: parsed.output };
  const [issue] = parsed.issues;
  const field = issue.path?.[0]?.key as keyof HotelForm | undefined;
  return { ok: false, message: issue.message, tab: field ? TAB_OF[field] : 'basic' };
}

const LoginSchema = v.pick(HotelLoginQuerySchema, ['username', 'password']);

/** The new hotel's login: both given (the spec's message), then the API's rules (password rules included). */
export function checkLogin(login: NewLogin): Checked<v.InferOutput<typeof LoginSchema>> {
  if (!login.username.trim() || !login.password) return { ok: false, message: HOTEL_LOGIN_MESSAGE, tab: 'credentials' };
  const parsed = v.safeParse(LoginSchema, login);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, message: parsed.issues[0].message, tab: 'credentials' };
}
