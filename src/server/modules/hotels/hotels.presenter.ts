import type { IsoDate } from '../../../shared/dates';
import type { Presented } from '../../platform/lib/presented';
import { isHotelActive, type HotelRow } from './hotels.service';

/**
 * Two shapes of one hotel: the guest's (public fields only: no contact details, money, contracts or payment
 * proofs) and the back office's full docs/PRODUCT.md "API fields" record. `today` is the business date, for is_active.
 */
export function presentPublicHotel(row: HotelRow, today: IsoDate) {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoUrl,
    location_id: row.locationId,
    location_name: row.locationName,
    google_place_id: row.googlePlaceId,
    google_link: row.googleLink,
    offer_selection_type: row.offerSelectionType,
    selected_merchant_types: row.selectedMerchantTypes,
    /** False once the subscription has ended (docs/PRODUCT.md "Subscriptions and revenue"), even before anyone edits it. */
    is_active: isHotelActive(row, today),
  };
}

/** Dates are 'YYYY-MM-DD', times ISO. */
export function presentHotel(row: HotelRow, today: IsoDate) {
  return {
    ...presentPublicHotel(row, today),
    address: row.address,
    contact_number: row.contactNumber,
    contact_person: row.contactPerson,
    subscription_duration_id: row.subscriptionDurationId,
    subscription_revenue: Number(row.subscriptionRevenue),
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
export function presentCredentials(username: string) {
  return { username, password: HASHED_PASSWORD_TEXT };
}

export type PublicHotelView = Presented<typeof presentPublicHotel>;
export type HotelView = Presented<typeof presentHotel>;
export type HotelCredentialsView = Presented<typeof presentCredentials>;
