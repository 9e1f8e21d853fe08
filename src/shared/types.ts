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
