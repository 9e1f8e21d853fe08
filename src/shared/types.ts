import type { AdminRole, UserType } from './constants';

/** JSON shapes of the API, as the presenters send them (SPEC §3). */
export interface LoginResponse {
  access_token: string;
  user_type: UserType;
  user_id: string;
}

export interface CurrentUser {
  id: string;
  username: string;
  user_type: UserType;
  role: AdminRole | null;
  full_name: string | null;
  email: string | null;
  hotel_id: string | null;
  merchant_id: string | null;
}

export interface Location {
  id: number;
  name: string;
}

export interface ApiErrorBody {
  detail: string;
}

export interface MerchantType {
  id: number;
  name: string;
  thumbnail_url: string | null;
}

/** The single contact-info record shown on Contact Us (SPEC §3); GET /contact-us answers null when none is saved. */
export interface ContactInfo {
  name: string;
  mobile_number: string;
  service_helpline: string | null;
  mail_support: string | null;
  technical_support: string | null;
}

/** A back-office login (user_type superadmin) as /admin-users lists it; never the password hash. */
export interface AdminUser {
  id: string;
  username: string;
  email: string | null;
  role: AdminRole;
  full_name: string | null;
  created_at: string;
}

/** GET /merchants row: SPEC §3 Merchant plus the names the list shows and its non-archived offer count. */
export interface Merchant {
  id: string;
  name: string;
  merchant_type_id: number;
  location_id: number;
  contact_number: string;
  store_contact_number: string | null;
  address: string;
  location_link: string | null;
  created_at: string;
  merchant_type_name: string;
  location_name: string;
  offer_count: number;
}

/** SPEC §3 Offer, plus the merchant's type and location (the lists and the guest flow filter by them). */
export interface Offer {
  id: string;
  merchant_id: string;
  offer_name: string;
  offer_type: 'cash_discount' | 'fixed_discount' | 'percentage';
  offer_value: number;
  terms_conditions: string;
  /** 'HH:MM' */
  opening_hours: string | null;
  closing_hours: string | null;
  description: string;
  /** 'YYYY-MM-DD' */
  validity_from: string;
  validity_to: string;
  is_active: boolean;
  /** validity_to is before today in the business time zone. */
  is_expired: boolean;
  status: 'Expired' | 'Inactive' | 'Active';
  created_at: string;
  merchant_name: string;
  images: string[];
  merchant: { name: string; merchant_type: string };
  merchant_type_id: number;
  location_id: number;
  location_name: string;
}

/** PATCH /offers/{id}/toggle-active */
export interface OfferToggleResult {
  message: string;
  is_active: boolean;
}
