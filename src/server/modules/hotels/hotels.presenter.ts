import * as v from 'valibot';
import type { IsoDate } from '../../../shared/dates';
import { GUEST_LANGUAGES } from '../../../shared/guest-languages';
import { OFFER_SELECTION_TYPES } from '../../../shared/schemas/hotels';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { isHotelActive, type HotelRow } from './hotels.service';

/**
 * Two shapes of one hotel: the guest's (public fields only: no contact details, money, contracts or payment
 * proofs) and the back office's full docs/PRODUCT.md "API fields" record. `today` is the business date, for is_active.
 */
export const PublicHotelView = named(
  'PublicHotel',
  v.strictObject({
    id: uuid,
    name: v.string(),
    logo_url: v.nullable(v.string()),
    location_id: int,
    location_name: v.string(),
    /** The location's guest page language: the page opens in it when the phone speaks none of ours. */
    default_language: v.picklist(GUEST_LANGUAGES),
    google_place_id: v.nullable(v.string()),
    google_link: v.nullable(v.string()),
    offer_selection_type: v.picklist(OFFER_SELECTION_TYPES),
    selected_merchant_types: v.array(int),
    /** False once the subscription has ended (docs/PRODUCT.md "Subscriptions and revenue"), even before anyone edits it. */
    is_active: v.boolean(),
    /** A claim needs the number proven by a code (docs/PRODUCT.md "Guest trust"): the guest page asks for one. */
    phone_verification: v.boolean(),
  }),
);
export type PublicHotelView = v.InferOutput<typeof PublicHotelView>;

/** Dates are 'YYYY-MM-DD', times ISO. */
export const HotelView = named(
  'Hotel',
  v.strictObject({
    ...PublicHotelView.entries,
    address: v.string(),
    contact_number: v.string(),
    contact_person: v.string(),
    subscription_duration_id: v.nullable(int),
    /** Null to a back-office manager, who sees no amounts (docs/SECURITY.md "Roles"). */
    subscription_revenue: v.nullable(v.number()),
    contract_url: v.nullable(v.string()),
    payment_screenshot_url: v.nullable(v.string()),
    qr_code_url: v.nullable(v.string()),
    created_at: isoDateTime,
    first_created_date: isoDateTime,
    renewal_count: int,
    subscription_end: v.nullable(isoDate),
  }),
);
export type HotelView = v.InferOutput<typeof HotelView>;

export function presentPublicHotel(row: HotelRow, today: IsoDate): PublicHotelView {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoUrl,
    location_id: row.locationId,
    location_name: row.locationName,
    default_language: row.locationDefaultLanguage,
    google_place_id: row.googlePlaceId,
    google_link: row.googleLink,
    offer_selection_type: row.offerSelectionType,
    selected_merchant_types: row.selectedMerchantTypes,
    is_active: isHotelActive(row, today),
    phone_verification: row.phoneVerification,
  };
}

/** `amounts`: false for a caller who may not see money (a manager: docs/SECURITY.md "Roles"). */
export function presentHotel(row: HotelRow, today: IsoDate, { amounts }: { amounts: boolean }): HotelView {
  return {
    ...presentPublicHotel(row, today),
    address: row.address,
    contact_number: row.contactNumber,
    contact_person: row.contactPerson,
    subscription_duration_id: row.subscriptionDurationId,
    subscription_revenue: amounts ? Number(row.subscriptionRevenue) : null,
    contract_url: row.contractUrl,
    payment_screenshot_url: row.paymentScreenshotUrl,
    qr_code_url: row.qrCodeUrl,
    created_at: row.createdAt.toISOString(),
    first_created_date: row.firstCreatedDate.toISOString(),
    renewal_count: row.renewalCount,
    subscription_end: row.subscriptionEnd,
  };
}

export const HASHED_PASSWORD_TEXT = 'Cannot display hashed password';

/** GET /hotels/{id}/credentials: the login's name; the password is stored hashed and cannot be shown. */
export const HotelCredentialsView = named(
  'HotelCredentials',
  v.strictObject({ username: v.string(), password: v.string() }),
);
export type HotelCredentialsView = v.InferOutput<typeof HotelCredentialsView>;

export function presentCredentials(username: string): HotelCredentialsView {
  return { username, password: HASHED_PASSWORD_TEXT };
}
