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
