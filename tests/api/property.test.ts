import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coupons,
  customerScans,
  passwordResetCodes,
  placements,
  subscriptionPeriods,
  verificationCodes,
} from '../support/tables';
import { signGuestLink } from '../../src/server/modules/reminders/guest-links';
import { codeHashOf } from '../../src/server/modules/verification/verification.service';
import { issueVerificationToken } from '../../src/server/modules/verification/verification-token';
import { TEST_JWT_SECRET } from '../support/harness';
import { codeAt, enrolSecondFactor, nextCode, secondStepToken, startSecondFactor } from '../support/second-factor';
import { insertOne } from '../support/insert-one';
import { rowsOf } from '../../src/server/db/rows';
import { addDays } from '../../src/shared/dates';
import { sessionIdOf, uniqueName, useTestContext } from '../support';
import { durationByMonths, HOTEL_REQUIRED_FIELDS, insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertCouponFor, insertOffer } from '../support/offer-factories';

/**
 * Property-based tests (docs/SECURITY.md): invalid requests of every kind to every endpoint: a field of the wrong type,
 * missing, huge, with odd Unicode or a NUL byte (always with one bad field, so the request really is invalid),
 * extra fields, bodies that are not JSON objects, bad path parameters and query parameters, bad multipart to
 * uploads. Each must answer 4xx with JSON {"detail": string}, never 5xx, and change no row of any table (nor any
 * stored file). Runs are kept small so the file stays well under a minute.
 */

type Who = 'anonymous' | 'superadmin' | 'merchant' | 'hotel';

/** Who sends a bad request: the super admin or no one, and a merchant too where merchants may call the route. */
const callers = (merchantToo: boolean) =>
  fc.constantFrom<Who>('superadmin', 'anonymous', ...(merchantToo ? (['merchant'] as const) : []));

const t = useTestContext();
let tokens: Record<Who, string | undefined>;
let fx: {
  locationId: number;
  merchantTypeId: number;
  durationId: number;
  hotelId: string;
  /** A placement of `hotelId` (docs/PRODUCT.md "Guest trust"). */
  placementId: string;
  /** A hotel without a login, for POST /users/hotel. */
  bareHotelId: string;
  /** A renewal of the bare hotel, its latest period (POST /subscription-periods/{id}/cancel). */
  renewalId: string;
  merchantId: string;
  bareMerchantId: string;
  /** An offer of the merchant that signs in as `merchant`. */
  ownOfferId: string;
  /** A coupon of that offer, not redeemed: its PDF. */
  couponId: string;
  /** Codes of that offer's coupons, redeemed just now: one for each counter write (docs/COUNTER.md). */
  undoCode: string;
  adminUndoCode: string;
  billCode: string;
  adminUserId: string;
  /** A hotel and a merchant with a login no caller uses (password resets). */
  loginHotelId: string;
  loginMerchantId: string;
  /** A cashier login of the merchant that signs in as `merchant` (its Staff page: password reset, removal). */
  staffId: string;
  /** The superadmin caller's credentials. */
  username: string;
  password: string;
  today: string;
  /** Verification tokens of PROOF_MOBILE: `recover` at the hotel (where it has a stay) and `my_data`. */
  recoverToken: string;
  myDataToken: string;
  /** The signed links of PROOF_MOBILE's stay, which asked for reminders (docs/PRODUCT.md "Reminders"). */
  vouchersToken: string;
  optOutToken: string;
};
const PROOF_MOBILE = '9812345670';
/** The login whose planted reset code the valid confirmation spends. */
const RESET_LOGIN = 'prop-reset-login';
let before: Map<string, string>;
/** Two-step sign-in's valid bodies: a hotel login's second step, the super admin's set-up (started). */
const secondFactor = { hotelSecret: '', mfaToken: '', superadminSecret: '' };
/** Another device of the super admin: DELETE /auth/sessions/{id}'s valid request ends it. */
let spareSession = '';

// ---- What every endpoint takes when valid ------------------------------------------------------------------------

interface BodySpec {
  /** Only where `validParam` does not fit: the others are called at the key's pattern (see `pathOf`). */
  path?: () => string;
  who: Who[];
  /** A valid body of schema fields only (a field the schema ignores could not make the request invalid). */
  base: () => Record<string, unknown>;
  /** Fields whose absence alone makes the body invalid. */
  required: string[];
}

const hotelBody = () => ({
  name: uniqueName('Prop Hotel'),
  location_id: fx.locationId,
  address: '1 Beach Road',
  contact_number: '9876543210',
  contact_person: 'Front Desk',
  subscription_duration_id: fx.durationId,
  google_place_id: 'place-1',
  offer_selection_type: 'manual',
  selected_merchant_types: [fx.merchantTypeId],
});
const merchantBody = () => ({
  name: uniqueName('Prop Merchant'),
  merchant_type_id: fx.merchantTypeId,
  location_id: fx.locationId,
  contact_number: '9123456780',
  store_contact_number: '9123456781',
  address: '2 Market Street',
  location_link: 'https://maps.google.com/?q=Prop',
});
const MERCHANT_REQUIRED = ['name', 'merchant_type_id', 'location_id', 'contact_number', 'address'];
const offerBody = () => ({
  offer_name: uniqueName('Prop Offer'),
  offer_type: 'percentage',
  offer_value: 10,
  validity_from: fx.today,
  validity_to: addDays(fx.today, 30),
  opening_hours: '10:00',
  closing_hours: '22:00',
  description: 'A property offer',
  terms_conditions: 'One per guest',
  is_active: true,
  images: [],
});
const OFFER_REQUIRED = [
  'offer_name',
  'offer_value',
  'validity_from',
  'validity_to',
  'opening_hours',
  'closing_hours',
  'description',
  'terms_conditions',
];
const adminUser = () => {
  const username = uniqueName('prop').replace(/\s+/g, '_');
  return { username, email: `${username}@example.test`, role: 'manager', full_name: 'Prop User' };
};

/** POST /api/<resource> (tried anonymously too) and PUT /api/<resource>/:id, which take the same body. */
const createAndUpdate = (resource: string, base: BodySpec['base'], required: string[]): Record<string, BodySpec> => ({
  [`POST /api/${resource}`]: { who: ['superadmin', 'anonymous'], base, required },
  [`PUT /api/${resource}/:id`]: { who: ['superadmin'], base, required },
});

/** A login's password reset by the super admin, at a path of a hotel or merchant with a login no caller uses. */
const resetPassword = (path: () => string): BodySpec => ({
  path,
  who: ['superadmin'],
  base: () => ({ password: 'Prop-reset-2024' }),
  required: ['password'],
});

const BODY_SPECS: Record<string, BodySpec> = {
  'POST /api/auth/login': {
    who: ['anonymous'],
    base: () => ({ username: fx.username, password: fx.password, user_type: 'superadmin' }),
    required: ['username', 'password'],
  },
  // Forgot password (docs/SECURITY.md "Forgot password"): a login nobody has (nothing is sent), and one with a code.
  'POST /api/auth/password-reset/request': {
    who: ['anonymous'],
    base: () => ({ username: 'prop-reset-nobody' }),
    required: ['username'],
  },
  'POST /api/auth/password-reset/confirm': {
    who: ['anonymous'],
    base: () => ({ username: RESET_LOGIN, code: '123456', new_password: 'A-new-prop-password-9' }),
    required: ['username', 'code', 'new_password'],
  },
  // Two-step sign-in (docs/SECURITY.md "Second factor"): a code and a recovery code are each optional, one required.
  'POST /api/auth/login/mfa': {
    who: ['anonymous'],
    base: () => ({ mfa_token: secondFactor.mfaToken, code: nextCode(secondFactor.hotelSecret) }),
    required: ['mfa_token', 'code'],
  },
  // The super admin's set-up (started before the run) turned on by a code of the step before, then off by the next.
  'POST /api/auth/second-factor/confirm': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ code: codeAt(secondFactor.superadminSecret, Date.now() - 30_000) }),
    required: ['code'],
  },
  'POST /api/auth/second-factor/turn-off': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ current_password: fx.password, code: nextCode(secondFactor.superadminSecret) }),
    required: ['current_password', 'code'],
  },
  // Re-authentication (docs/SECURITY.md "Re-authentication"): the current password before these.
  'POST /api/auth/second-factor/setup': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ current_password: fx.password }),
    required: ['current_password'],
  },
  'POST /api/auth/logout-everywhere': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ current_password: fx.password }),
    required: ['current_password'],
  },
  'DELETE /api/auth/sessions/:id': {
    path: () => `/api/auth/sessions/${spareSession}`,
    who: ['superadmin', 'anonymous'],
    base: () => ({ current_password: fx.password }),
    required: [],
  },
  'PUT /api/auth/password': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ current_password: fx.password, new_password: 'A-new-prop-password-9' }),
    required: ['current_password', 'new_password'],
  },
  ...createAndUpdate('locations', () => ({ name: uniqueName('Town') }), ['name']),
  'POST /api/merchant-types': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ name: uniqueName('Type'), thumbnail_url: 'https://img.example.com/t.png' }),
    required: ['name'],
  },
  'PUT /api/merchant-types/:id': {
    who: ['superadmin'],
    base: () => ({ name: uniqueName('Type') }),
    required: ['name'],
  },
  ...createAndUpdate('hotels', hotelBody, HOTEL_REQUIRED_FIELDS),
  'POST /api/hotels/:id/renew': {
    who: ['superadmin'],
    base: () => ({ subscription_duration_id: fx.durationId, subscription_revenue: 500 }),
    required: ['subscription_duration_id'],
  },
  'POST /api/hotels/:id/placements': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ kind: 'single', label: uniqueName('Placement') }),
    required: ['kind', 'label'],
  },
  'PUT /api/hotels/:id/placements/:placementId': {
    who: ['superadmin'],
    base: () => ({ label: uniqueName('Placement'), is_active: true }),
    required: [],
  },
  'PUT /api/hotels/:id/claim-settings': {
    who: ['superadmin'],
    base: () => ({ hotel_link_enabled: true, placement_daily_limit: 30, hotel_link_daily_limit: 30 }),
    required: ['hotel_link_enabled', 'placement_daily_limit', 'hotel_link_daily_limit'],
  },
  'POST /api/hotels/:id/reset-password': resetPassword(() => `/api/hotels/${fx.loginHotelId}/reset-password`),
  'POST /api/contact-us': {
    who: ['superadmin', 'anonymous'],
    base: () => ({
      name: 'Support',
      mobile_number: '9876543210',
      service_helpline: '1800',
      mail_support: 'help@example.test',
      technical_support: 'Tech',
    }),
    required: ['name', 'mobile_number'],
  },
  'POST /api/admin-users': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ ...adminUser(), password: 'Prop-pass-2024' }),
    required: ['username', 'email', 'password'],
  },
  'PUT /api/admin-users/:id': { who: ['superadmin'], base: adminUser, required: ['username', 'email'] },
  ...createAndUpdate('merchants', merchantBody, MERCHANT_REQUIRED),
  'POST /api/merchants/:id/reset-password': resetPassword(() => `/api/merchants/${fx.loginMerchantId}/reset-password`),
  'POST /api/offers': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ ...offerBody(), merchant_id: fx.merchantId }),
    required: [...OFFER_REQUIRED, 'merchant_id'],
  },
  'PUT /api/offers/:id': { who: ['superadmin'], base: offerBody, required: OFFER_REQUIRED },
  'POST /api/merchant/redeem-voucher': {
    who: ['merchant', 'anonymous'],
    base: () => ({ voucher_code: 'ABCD2345' }),
    required: ['voucher_code'],
  },
  'POST /api/merchant/my-offers': { who: ['merchant', 'superadmin'], base: offerBody, required: OFFER_REQUIRED },
  'PUT /api/merchant/my-offers/:id': { who: ['merchant'], base: offerBody, required: OFFER_REQUIRED },
  // false: the own offer stays on the guest list the submissions' base picks.
  'PUT /api/merchant/my-offers/:id/pause': {
    who: ['merchant', 'anonymous'],
    base: () => ({ paused: false }),
    required: ['paused'],
  },
  'PUT /api/merchant/settings': {
    who: ['merchant', 'anonymous'],
    base: () => ({ per_guest_days: 30 }),
    required: ['per_guest_days'],
  },
  'POST /api/merchant/redemptions/:code/undo': {
    path: () => `/api/merchant/redemptions/${fx.undoCode}/undo`,
    who: ['merchant', 'anonymous'],
    base: () => ({ reason: 'Scanned the wrong voucher' }),
    required: ['reason'],
  },
  'PUT /api/merchant/redemptions/:code/bill': {
    path: () => `/api/merchant/redemptions/${fx.billCode}/bill`,
    who: ['merchant'],
    base: () => ({ bill_amount: 1250.5 }),
    required: ['bill_amount'],
  },
  'POST /api/merchant/offline-redemptions': {
    who: ['merchant'],
    base: () => ({
      synced_at: '2026-11-27T09:00:00.000Z',
      items: [
        { nonce: '00000000-0000-4000-8000-000000000001', code: 'ZZZZ2345', device_time: '2026-11-27T09:30:00.000Z' },
      ],
    }),
    required: ['synced_at', 'items'],
  },
  // The owner's staff logins (docs/PRODUCT.md "Staff").
  'POST /api/merchant/staff': {
    who: ['merchant', 'anonymous'],
    base: () => ({
      username: uniqueName('prop_staff').replace(/\s+/g, '_'),
      full_name: 'Prop Cashier',
      password: 'Prop-staff-2024',
      role: 'cashier',
    }),
    required: ['username', 'full_name', 'password', 'role'],
  },
  'PUT /api/merchant/staff/:id/password': {
    path: () => `/api/merchant/staff/${fx.staffId}/password`,
    who: ['merchant'],
    base: () => ({ password: 'Prop-reset-2024' }),
    required: ['password'],
  },
  'PUT /api/merchant/staff/:id/mobile': {
    path: () => `/api/merchant/staff/${fx.staffId}/mobile`,
    who: ['merchant'],
    base: () => ({ mobile: '9876500002' }),
    required: ['mobile'],
  },
  'POST /api/coupons/:code/undo': {
    path: () => `/api/coupons/${fx.adminUndoCode}/undo`,
    who: ['superadmin', 'anonymous'],
    base: () => ({ reason: 'Guest complaint' }),
    required: ['reason'],
  },
  'POST /api/customer-scans': {
    who: ['anonymous', 'superadmin'],
    base: () => ({
      hotel_id: fx.hotelId,
      customer_name: 'Priya Sharma',
      mobile_number: '9812345678',
      checkout_date: addDays(fx.today, 2),
      consent: true,
      marketing_opt_in: false,
      selected_offers: [fx.ownOfferId],
    }),
    required: ['hotel_id', 'customer_name', 'mobile_number', 'checkout_date', 'consent', 'selected_offers'],
  },
  'POST /api/customer-scans/erase': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ mobile_number: '9812345678' }),
    required: ['mobile_number'],
  },
  // Phone verification (docs/PRODUCT.md "Guest trust"): a hotel-bound purpose, so hotel_id alone is required too.
  'POST /api/verification/request': {
    who: ['anonymous', 'superadmin'],
    base: () => ({ mobile_number: '9812345678', purpose: 'claim', hotel_id: fx.hotelId }),
    required: ['mobile_number', 'purpose', 'hotel_id'],
  },
  'POST /api/verification/verify': {
    who: ['anonymous', 'superadmin'],
    base: () => ({ mobile_number: '9812345600', purpose: 'claim', hotel_id: fx.hotelId, code: '123456' }),
    required: ['mobile_number', 'purpose', 'hotel_id', 'code'],
  },
  // A guest's own data (docs/PRIVACY.md "My data"): the number PROOF_MOBILE proven, with a stay at the hotel.
  'POST /api/customer-scans/recover': {
    who: ['anonymous'],
    base: () => ({ hotel_id: fx.hotelId, mobile_number: PROOF_MOBILE, verification_token: fx.recoverToken }),
    required: ['hotel_id', 'mobile_number', 'verification_token'],
  },
  // Web Push (docs/PRODUCT.md "Reminders"): the stay proven by its vouchers link's token; an endpoint of this machine
  // (http is taken outside production only).
  'POST /api/push/subscriptions': {
    who: ['anonymous'],
    base: () => ({
      token: fx.vouchersToken,
      subscription: {
        endpoint: 'http://127.0.0.1:9/push/property',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
    required: ['token', 'subscription'],
  },
  'DELETE /api/push/subscriptions': {
    who: ['anonymous'],
    base: () => ({ token: fx.vouchersToken, endpoint: 'http://127.0.0.1:9/push/property' }),
    required: ['token', 'endpoint'],
  },
  'POST /api/guest/events': {
    who: ['anonymous'],
    base: () => ({ hotel_id: fx.hotelId, kind: 'details_entered', tab: 'property-tab-0123456789' }),
    required: ['hotel_id', 'kind', 'tab'],
  },
  'PUT /api/my-data/name': {
    who: ['anonymous'],
    base: () => ({ customer_name: 'Prop Guest', verification_token: fx.myDataToken }),
    required: ['customer_name'],
  },
  'PUT /api/settings/billing': {
    who: ['superadmin', 'anonymous'],
    base: () => ({
      legal_name: 'Property Operator',
      address: '1 MG Road, Bengaluru',
      gstin: '29AAGCB7383J1Z4',
      state_code: '29',
      sac_code: '998361',
      tax_rate: 18,
      invoice_prefix: 'PR',
      signatory_name: 'Property Signatory',
      signature_url: null,
    }),
    required: [
      'legal_name',
      'address',
      'gstin',
      'state_code',
      'sac_code',
      'tax_rate',
      'invoice_prefix',
      'signatory_name',
    ],
  },
  'PUT /api/hotels/:id/billing': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ gstin: '29AAGCB7383J1Z4', state_code: '29', billing_email: 'accounts@hotel.test' }),
    required: ['gstin', 'state_code', 'billing_email'],
  },
  'PUT /api/hotel/billing': {
    who: ['hotel', 'anonymous'],
    base: () => ({ gstin: null, state_code: '33', billing_email: 'desk@hotel.test' }),
    required: ['gstin', 'state_code', 'billing_email'],
  },
  // Before the cancel below: the valid payment is recorded while the period still owes its 100.
  'POST /api/payments/periods/:id': {
    path: () => `/api/payments/periods/${fx.renewalId}`,
    who: ['superadmin', 'anonymous'],
    base: () => ({ amount: 40, tds_amount: 10, method: 'upi', paid_on: '2027-01-02', reference: 'UTR 1' }),
    required: ['amount', 'method', 'paid_on'],
  },
  'POST /api/subscription-periods/:id/cancel': {
    path: () => `/api/subscription-periods/${fx.renewalId}/cancel`,
    who: ['superadmin', 'anonymous'],
    base: () => ({ reason: 'Paid twice' }),
    required: ['reason'],
  },
  'PUT /api/settings/messaging': {
    who: ['superadmin', 'anonymous'],
    base: () => ({
      codes_per_hotel_day: 200,
      codes_per_day: 2000,
      spend_limits: { whatsapp: 500, sms: 500 },
      prices_paise: { whatsapp: 13, sms: 25 },
      disabled_kinds: [],
    }),
    required: ['codes_per_hotel_day', 'codes_per_day'],
  },
};

interface QuerySpec {
  /** Only where `validParam` does not fit: the others are called at the key's pattern (see `pathOf`). */
  path?: () => string;
  who: Who[];
  /** A valid query; none for a list. */
  base?: () => Record<string, string>;
  params: string[];
}

/** A login for a hotel or merchant that has none (POST /api/users/hotel, /users/merchant). */
const newLogin = (kind: 'hotel' | 'merchant', id: () => string): QuerySpec => ({
  who: ['superadmin', 'anonymous'],
  base: () => ({
    username: uniqueName(`prop${kind}`).replace(/\s+/g, '_'),
    password: 'Prop-pass-2024',
    [`${kind}_id`]: id(),
  }),
  params: ['username', 'password', `${kind}_id`],
});

const QUERY_SPECS: Record<string, QuerySpec> = {
  'GET /api/hotels': { who: ['superadmin'], params: ['location_id'] },
  'GET /api/hotels/:id/funnel': { who: ['superadmin'], params: ['from', 'to'] },
  'GET /api/merchants': { who: ['superadmin'], params: ['location_id'] },
  'GET /api/offers': {
    who: ['superadmin', 'anonymous'],
    base: () => ({ location_id: String(fx.locationId) }),
    params: ['location_id', 'hotel_id', 'cap_reached', 'sort'],
  },
  'GET /api/offers/export': { who: ['superadmin'], params: ['location_id'] },
  'GET /api/customer-scans': {
    who: ['superadmin'],
    params: [
      'search',
      'date_from',
      'date_to',
      'location_id',
      'hotel_id',
      'merchant_id',
      'placement_id',
      'limit',
      'offset',
      'cursor',
    ],
  },
  'GET /api/reviews/hotel-details': { who: ['superadmin'], params: ['month', 'location_id', 'search'] },
  'GET /api/reports/monthly-revenue': { who: ['superadmin'], params: ['from', 'to'] },
  'GET /api/funnel': { who: ['superadmin'], params: ['from', 'to', 'location_id'] },
  'GET /api/funnel/falling-hotels': { who: ['superadmin'], params: ['location_id'] },
  'GET /api/funnel/export': { who: ['superadmin'], params: ['from', 'to', 'location_id'] },
  'GET /api/hotels/:id/funnel/export': { who: ['superadmin'], params: ['from', 'to'] },
  'GET /api/merchant/my-customers': { who: ['merchant'], params: ['from', 'to', 'limit', 'offset'] },
  'GET /api/merchant/redemptions': { who: ['merchant'], params: ['date'] },
  'GET /api/merchant/offline-codes': { who: ['merchant'], params: ['cursor'] },
  'GET /api/merchant/offline-redemptions': { who: ['merchant'], params: ['cursor'] },
  'GET /api/coupons': {
    who: ['anonymous', 'superadmin'],
    base: () => ({ scan_id: '00000000-0000-4000-8000-000000000000' }),
    params: ['scan_id'],
  },
  'GET /api/offers/:id/details': {
    who: ['anonymous', 'superadmin'],
    base: () => ({ hotel_id: fx.hotelId }),
    params: ['hotel_id'],
  },
  'GET /api/hotel/customers': { who: ['hotel'], params: ['from', 'to', 'limit', 'cursor'] },
  'GET /api/hotel/placement-ranking': { who: ['hotel'], params: ['from', 'to'] },
  'GET /api/customer-scans/check/:hotelId/:mobile': { who: ['anonymous'], params: ['p'] },
  'GET /api/hotels/:id/room-cards.pdf': {
    who: ['superadmin'],
    base: () => ({ layout: 'a6', lang: 'ta' }),
    params: ['layout', 'lang'],
  },
  'GET /api/coupons/:id/download': {
    path: () => `/api/coupons/${fx.couponId}/download`,
    who: ['anonymous'],
    base: () => ({ lang: 'ml' }),
    params: ['lang'],
  },
  // CSV exports (docs/DEVELOPING.md "CSV exports and charts"): the filters of the list each one follows.
  'GET /api/customer-scans/export': {
    who: ['superadmin'],
    base: () => ({ hotel_id: fx.hotelId }),
    params: ['search', 'date_from', 'date_to', 'location_id', 'hotel_id', 'merchant_id', 'placement_id'],
  },
  'GET /api/reports/monthly-revenue/export': { who: ['superadmin'], params: ['from', 'to'] },
  'GET /api/reviews/hotel-details/export': { who: ['superadmin'], params: ['month', 'location_id', 'search'] },
  'GET /api/hotels/export': { who: ['superadmin'], params: ['location_id'] },
  'GET /api/merchant/my-customers/export': { who: ['merchant'], params: ['from', 'to'] },
  'GET /api/hotel/customers/export': { who: ['hotel'], params: ['from', 'to'] },
  'GET /api/audit-events': {
    who: ['superadmin'],
    params: ['user', 'action', 'entity', 'entity_id', 'date_from', 'date_to', 'limit', 'cursor'],
  },
  'GET /api/settings/messaging/delivery': { who: ['superadmin'], params: ['days'] },
  'GET /api/invoices': { who: ['superadmin'], params: ['financial_year', 'hotel_id', 'kind', 'limit', 'cursor'] },
  'GET /api/invoices/export.csv': { who: ['superadmin'], params: ['financial_year', 'hotel_id', 'kind'] },
  'GET /api/hotel/invoices': { who: ['hotel'], params: ['financial_year', 'hotel_id', 'kind', 'limit', 'cursor'] },
  'GET /api/statements': {
    who: ['superadmin', 'merchant'],
    params: ['party_kind', 'party_id', 'month', 'search', 'limit', 'cursor'],
  },
  'POST /api/users/hotel': newLogin('hotel', () => fx.bareHotelId),
  'POST /api/users/merchant': newLogin('merchant', () => fx.bareMerchantId),
};

const isUpload = (key: string) => /\/upload-[a-z]+$/.test(key);

/** Routes whose only input is the path (and the token): fuzzed through their path parameters, if any. */
const PATH_ONLY = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/config',
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/auth/sessions',
  'GET /api/auth/second-factor',
  'DELETE /api/admin-users/:id/second-factor',
  'GET /api/merchants/:id/sessions',
  'DELETE /api/merchants/:id/sessions/:sessionId',
  'POST /api/hotels/:id/sign-out',
  'POST /api/merchants/:id/sign-out',
  'POST /api/admin-users/:id/sign-out',
  'GET /api/locations',
  'DELETE /api/locations/:id',
  'GET /api/merchant-types',
  'DELETE /api/merchant-types/:id',
  'GET /api/subscription-durations',
  'GET /api/hotels/:id',
  'DELETE /api/hotels/:id',
  'GET /api/hotels/:id/credentials',
  'GET /api/hotels/:id/renewal-history',
  'GET /api/contact-us',
  'GET /api/settings/messaging',
  'GET /api/settings/billing',
  'GET /api/invoices/:id/pdf',
  'GET /api/hotels/:id/billing',
  'GET /api/payments/hotels/:id',
  'POST /api/payments/periods/:id/link',
  'POST /api/payment-webhooks/:gateway',
  'GET /api/hotel/billing',
  'GET /api/hotel/payments',
  'GET /api/hotel/invoices/:id/pdf',
  'GET /api/my-data',
  'GET /api/my-data/export',
  'POST /api/my-data/marketing-withdraw',
  'POST /api/my-data/reminders-stop',
  'POST /api/my-data/erase',
  'GET /api/admin-users',
  'DELETE /api/admin-users/:id',
  'DELETE /api/merchants/:id',
  'GET /api/merchant/dashboard',
  'GET /api/hotel/dashboard',
  'GET /api/merchant/my-offers',
  'GET /api/merchant/my-offers/export',
  'GET /api/merchant/settings',
  'GET /api/merchant/staff',
  'DELETE /api/merchant/staff/:id',
  'GET /api/offers/:id',
  'PATCH /api/offers/:id/toggle-active',
  'GET /api/hotels/:id/placements',
  'POST /api/hotels/:id/placements/:placementId/rotate',
  'GET /api/hotels/:id/claim-settings',
  'GET /api/dashboard/superadmin',
  'GET /api/dashboard/superadmin/charts',
  'GET /api/dashboard/superadmin/card-alerts',
  'GET /api/dashboard/superadmin/renewals-due',
  'GET /api/reviews/hotel-details/:hotelId/ratings',
  'POST /api/reviews/fetch-google-data/:hotelId',
  'GET /api/coupons/:id/wallet',
  'GET /api/files/:folder/:name',
  'GET /api/files/private/:folder/:name',
  'GET /api/files/thumbnails/:folder/:name',
  'GET /api/push/key',
  'GET /api/statements/:file',
  // The pages a guest's message links to (docs/PRODUCT.md "Reminders"): their one input is the signed token.
  'GET /v/:token',
  'GET /o/:token',
  'POST /o/:token',
]);

// ---- Bad values --------------------------------------------------------------------------------------------------

/** Characters no field takes anywhere in it (inside the text: trim removes \v and \f at either end). */
const forbiddenChar = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ufffe',
  '\uffff',
  '\ufdd0',
  '\u{1fffe}',
  '\u{10ffff}',
);
/** As forbiddenChar, plus lone surrogates (which a URL cannot carry). */
const forbiddenInJson = fc.oneof(forbiddenChar, fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'));
/** Any Unicode text, odd scripts and combining marks included. */
const oddText = fc.string({ unit: 'binary', maxLength: 20 });
const withForbidden = (char: fc.Arbitrary<string>) =>
  fc.tuple(oddText, char, oddText).map(([a, c, b]) => `x${a}${c}${b}x`);
/** Longer than any field's limit (the longest text is 4,000 characters), in odd Unicode. */
const hugeText = fc
  .tuple(fc.integer({ min: 4_100, max: 60_000 }), oddText)
  .map(([n, odd]) => `x${'é🌴ज'.repeat(Math.ceil(n / 3))}${odd}`);

/** A value no field of any schema accepts. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  withForbidden(forbiddenInJson),
  hugeText,
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.array(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), {
    minLength: 1,
    maxLength: 3,
  }),
);
const extraFields = fc.dictionary(
  fc.string({ maxLength: 10 }).map((k) => `extra_${k}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** A path segment that is neither an integer id, nor a UUID, nor a stored file's name. */
const badSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '0x10',
    '1e300',
    '2147483648',
    '9223372036854775808',
    '00000000-0000-0000-0000-00000000000g',
    'null',
    'undefined',
    '%00',
    '..',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `x${s}`),
  withForbidden(forbiddenChar),
  hugeText.map((s) => s.slice(0, 3000)),
);
const badQueryValue = fc.oneof(
  withForbidden(forbiddenChar),
  hugeText.map((s) => s.slice(0, 5000)),
);

// ---- Helpers -----------------------------------------------------------------------------------------------------

/** Lone surrogates cannot go in a URL: they become U+FFFD (still not a valid id). */
const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, '\ufffd');
const encode = (s: string) => encodeURIComponent(wellFormed(s));

function expectRefused(res: { status: number; body: any; text: string; headers: Headers }, what: string) {
  expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers.get('Content-Type') ?? '', what).toContain('application/json');
  expect(typeof res.body?.detail, `${what}: ${res.text.slice(0, 300)}`).toBe('string');
  expect(res.body.detail.length, what).toBeGreaterThan(0);
}

/** A page's refusal (docs/PRODUCT.md "Reminders": an altered link is 404): a 4xx HTML page. */
function expectPageRefused(res: { status: number; text: string; headers: Headers }, what: string) {
  expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers.get('Content-Type') ?? '', what).toContain('text/html');
}

const methodOf = (key: string) => key.slice(0, key.indexOf(' '));
/** The spec's own path, else the key's pattern with a valid value for each parameter. */
function pathOf(key: string, spec: { path?: () => string }): string {
  if (spec.path) return spec.path();
  const pattern = key.slice(key.indexOf(' ') + 1);
  return pattern.replace(/:[A-Za-z]+/g, (param) => validParam(pattern, param));
}

/** Every row of every table (as text, hashed per table) and every stored file name. */
async function snapshot(): Promise<Map<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const result = new Map<string, string>();
  for (const { name } of tables) {
    // Counters of the abuse limits move with any request; they are not data.
    if (name === 'rate_limits') continue;
    const [row] = rowsOf<{ hash: string; count: number }>(
      await t.db.execute(
        sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash, count(*)::int as count from ${sql.identifier(name)} x`,
      ),
    );
    if (!row) throw new Error(`No checksum for ${name}`);
    result.set(name, `${row.count} rows, ${row.hash}`);
  }
  const files = await readdir(join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => [] as string[]);
  result.set('uploads (files)', files.sort().join(','));
  return result;
}

function registeredRoutes(): string[] {
  return [
    ...new Set(
      t.app.routes.filter((r) => !(r.method === 'ALL' && r.path.endsWith('*'))).map((r) => `${r.method} ${r.path}`),
    ),
  ];
}

/** Whether `path`, once a URL parser has collapsed its '.' and '..' segments, is another registered route's. */
function reachesAnotherRoute(method: string, path: string): boolean {
  const collapsed = new URL(path, 'http://localhost').pathname;
  if (collapsed === path) return false;
  return registeredRoutes().some((key) => {
    const [routeMethod, pattern] = key.split(' ') as [string, string];
    const shape = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return (routeMethod === method || routeMethod === 'ALL') && shape.test(collapsed);
  });
}

const RUNS = { body: 12, shape: 6, path: 6, query: 8, upload: 10 };

/** One test a route of `specs`: the property made from its spec, run `numRuns` times. */
function propertyPerRoute<S, T>(
  specs: Record<string, S>,
  numRuns: number,
  property: (key: string, spec: S) => fc.IAsyncPropertyWithHooks<T>,
) {
  for (const [key, spec] of Object.entries(specs)) it(key, () => fc.assert(property(key, spec), { numRuns }));
}

beforeAll(async () => {
  const today = businessToday();
  const location = await t.createLocation();
  const type = await t.createMerchantType();
  const merchantLogin = await t.createMerchantLogin({ merchant: { locationId: location.id, merchantTypeId: type.id } });
  const { hotel } = await insertSubscribedHotel(t.db, {
    from: addDays(today, -30),
    hotel: { locationId: location.id },
  });
  const superadmin = await t.createAdminUser('superadmin');
  const ownOffer = await insertOffer(t.db, { merchantId: merchantLogin.merchantId! });
  const redeemedCode = async () => {
    const { coupon } = await insertCouponFor(t.db, ownOffer, { hotelId: hotel.id });
    await t.db.update(coupons).set({ isRedeemed: true, redeemedAt: new Date() }).where(eq(coupons.id, coupon.id));
    return coupon.code;
  };
  const hotelLogin = await t.createHotelLogin({ hotel: { locationId: location.id } });
  fx = {
    locationId: location.id,
    merchantTypeId: type.id,
    durationId: (await durationByMonths(t.db, 12)).id,
    hotelId: hotel.id,
    placementId: (await insertOne(t.db, placements, { hotelId: hotel.id, label: 'Lobby', kind: 'single' })).id,
    bareHotelId: (await t.createHotel({ locationId: location.id })).id,
    renewalId: '',
    merchantId: merchantLogin.merchantId!,
    bareMerchantId: (await t.createMerchant({ locationId: location.id, merchantTypeId: type.id })).id,
    ownOfferId: ownOffer.id,
    couponId: (await insertCouponFor(t.db, ownOffer, { hotelId: hotel.id })).coupon.id,
    undoCode: await redeemedCode(),
    adminUndoCode: await redeemedCode(),
    billCode: await redeemedCode(),
    adminUserId: (await t.createAdminUser('manager')).id,
    loginHotelId: (await t.createHotelLogin({ hotel: { locationId: location.id } })).hotelId!,
    loginMerchantId: (await t.createMerchantLogin({ merchant: { locationId: location.id, merchantTypeId: type.id } }))
      .merchantId!,
    staffId: (await t.createStaffLogin(merchantLogin.merchantId!, 'cashier')).id,
    username: superadmin.username,
    password: superadmin.password,
    today,
    recoverToken: await issueVerificationToken(
      { mobile: PROOF_MOBILE, purpose: 'recover', hotelId: hotel.id },
      TEST_JWT_SECRET,
    ),
    myDataToken: await issueVerificationToken(
      { mobile: PROOF_MOBILE, purpose: 'my_data', hotelId: null },
      TEST_JWT_SECRET,
    ),
    // Signed below, once the stay they name is made.
    vouchersToken: '',
    optOutToken: '',
  };
  const stay = await insertOne(t.db, customerScans, {
    hotelId: hotel.id,
    customerName: 'Prop Guest',
    mobileNumber: PROOF_MOBILE,
    checkoutDate: addDays(today, 2),
    remindersOptIn: true,
  });
  const linkUntil = new Date(Date.now() + 7 * 86_400_000);
  fx.vouchersToken = signGuestLink(TEST_JWT_SECRET, 'vouchers', stay.id, linkUntil);
  fx.optOutToken = signGuestLink(TEST_JWT_SECRET, 'opt_out', stay.id, linkUntil);
  // The code POST /verification/verify's valid body enters (docs/PRODUCT.md "Guest trust"), planted as the server
  // stores one.
  const codeId = '6f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
  await insertOne(t.db, verificationCodes, {
    id: codeId,
    mobileNumber: '9812345600',
    purpose: 'claim',
    hotelId: hotel.id,
    codeHash: codeHashOf(TEST_JWT_SECRET, codeId, '123456'),
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  // The code POST /auth/password-reset/confirm's valid body enters (docs/SECURITY.md "Forgot password").
  const resetLogin = await t.createHotelLogin({ username: RESET_LOGIN });
  const resetId = '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a';
  await insertOne(t.db, passwordResetCodes, {
    id: resetId,
    userId: resetLogin.id,
    codeHash: codeHashOf(TEST_JWT_SECRET, resetId, '123456'),
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  const period = { hotelId: fx.bareHotelId, subscriptionDurationId: fx.durationId, amount: 100 };
  await insertOne(t.db, subscriptionPeriods, { ...period, fromDate: '2026-01-01', toDate: '2026-12-31' });
  fx.renewalId = (
    await insertOne(t.db, subscriptionPeriods, {
      ...period,
      fromDate: '2027-01-01',
      toDate: '2027-12-31',
      isRenewal: true,
    })
  ).id;
  tokens = {
    anonymous: undefined,
    superadmin: await t.tokenFor(superadmin.username, superadmin.password),
    merchant: await t.tokenFor(merchantLogin.username, merchantLogin.password),
    hotel: await t.tokenFor(hotelLogin.username, hotelLogin.password),
  };
  const mfaLogin = await t.createHotelLogin();
  secondFactor.hotelSecret = (
    await enrolSecondFactor(t, await t.tokenFor(mfaLogin.username, mfaLogin.password), mfaLogin.password)
  ).secret;
  secondFactor.mfaToken = await secondStepToken(t, mfaLogin);
  spareSession = sessionIdOf(await t.tokenFor(superadmin.username, superadmin.password));
  secondFactor.superadminSecret = await startSecondFactor(t, tokens.superadmin!, superadmin.password);
  before = await snapshot();
}, 60_000);

describe('invalid requests to every endpoint: always 4xx with a detail, never 5xx, nothing written', () => {
  it('knows every registered route (a new one needs a spec here)', () => {
    const unknown = registeredRoutes().filter(
      (key) => !BODY_SPECS[key] && !QUERY_SPECS[key] && !isUpload(key) && !PATH_ONLY.has(key),
    );
    expect(unknown, `Routes with no input spec in tests/api/property.test.ts: ${unknown.join(', ')}`).toEqual([]);
  });

  describe('JSON bodies with one bad field (wrong type, missing, huge, NUL and odd Unicode) and extra fields', () => {
    propertyPerRoute(BODY_SPECS, RUNS.body, (key, spec) => {
      const method = methodOf(key);
      return fc.asyncProperty(
        fc.constantFrom(...spec.who),
        fc.constantFrom(...new Set([...Object.keys(spec.base()), ...spec.required])),
        fc.boolean(),
        badValue,
        extraFields,
        async (who, field, drop, value, extras) => {
          const body: Record<string, unknown> = { ...spec.base(), ...extras };
          if (drop && spec.required.includes(field)) delete body[field];
          else body[field] = value;
          const res = await t.request(method, pathOf(key, spec), { token: tokens[who], json: body });
          expectRefused(res, `${key} as ${who}, ${field}=${JSON.stringify(drop ? '(missing)' : value).slice(0, 80)}`);
        },
      );
    });
  });

  describe('bodies that are not a JSON object: malformed, arrays, scalars, other content types', () => {
    const notAnObject = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => {
        try {
          const parsed = JSON.parse(s);
          return parsed === null || typeof parsed !== 'object' || Array.isArray(parsed);
        } catch {
          return true;
        }
      }),
      fc
        .jsonValue({ maxDepth: 3 })
        .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
        .map((v) => JSON.stringify(v)),
      fc.constantFrom('', '{', '{"a":', '[', '\u0000', '{"name":"x"', 'NaN', 'undefined', '{}}'),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    );
    propertyPerRoute(BODY_SPECS, RUNS.shape, (key, spec) => {
      const method = methodOf(key);
      return fc.asyncProperty(
        fc.constantFrom(...spec.who),
        fc.boolean(),
        notAnObject,
        contentType,
        async (who, sendValid, text, type) => {
          // A valid body under another content type is read as no body: the required fields are missing.
          const json = type.startsWith('application/json');
          const body = sendValid && !json ? JSON.stringify(spec.base()) : text;
          const res = await t.request(method, pathOf(key, spec), {
            token: tokens[who],
            body,
            headers: { 'Content-Type': type },
          });
          expectRefused(res, `${key} as ${who}, ${type}: ${JSON.stringify(body).slice(0, 80)}`);
        },
      );
    });
  });

  describe('bad path parameters (ids out of range, not ids, NUL, odd Unicode)', () => {
    it.each(registeredRoutesWithParams())('%s', async (key) => {
      const method = methodOf(key);
      const pattern = key.slice(key.indexOf(' ') + 1);
      const params = pattern.match(/:[A-Za-z]+/g)!;
      const spec = BODY_SPECS[key];
      const query = QUERY_SPECS[key] ? `?${new URLSearchParams(QUERY_SPECS[key].base?.())}` : '';
      await fc.assert(
        fc.asyncProperty(
          callers(pattern.startsWith('/api/merchant/')),
          fc.integer({ min: 0, max: params.length - 1 }),
          badSegment,
          async (who, which, value) => {
            // One bad parameter; the others (and the body) are valid, so only it can make the request fail.
            // 2147483648 is no id, but it is ten digits: a mobile number.
            const bad = params[which] === ':mobile' && /^\d{10}$/.test(value) ? `${value}x` : value;
            // '/o/..' is '/' to a URL parser (a browser's too): a page's path has no such segment to refuse.
            if (!pattern.startsWith('/api/') && (bad === '.' || bad === '..')) return;
            const path = params.reduce(
              (p, param, i) => p.replace(param, i === which ? encode(bad) : validParam(pattern, param)),
              pattern,
            );
            // '/api/hotels/../funnel' is '/api/funnel' to a URL parser: another endpoint, which may well answer.
            if ((bad === '.' || bad === '..') && reachesAnotherRoute(method, path)) return;
            const res = await t.request(method, path + query, {
              token: tokens[who],
              json: spec ? spec.base() : method === 'GET' ? undefined : {},
            });
            // A page outside /api (a message's link) refuses with a page: HTML, in the guest's browser.
            if (pattern.startsWith('/api/')) expectRefused(res, `${method} ${path.slice(0, 200)} as ${who}`);
            else expectPageRefused(res, `${method} ${path.slice(0, 200)} as ${who}`);
          },
        ),
        { numRuns: RUNS.path },
      );
    });
  });

  describe('bad query parameters (NUL and control characters, huge, repeated)', () => {
    propertyPerRoute(QUERY_SPECS, RUNS.query, (key, spec) => {
      return fc.asyncProperty(
        fc.constantFrom(...spec.who),
        fc.constantFrom(...spec.params),
        badQueryValue,
        fc.boolean(),
        async (who, param, value, repeat) => {
          const query = new URLSearchParams(spec.base?.());
          if (repeat) {
            // The same parameter twice is a list, which no parameter takes.
            query.set(param, '1');
            query.append(param, '2');
          } else query.set(param, wellFormed(value));
          const res = await t.request(methodOf(key), `${pathOf(key, spec)}?${query}`, { token: tokens[who] });
          expectRefused(res, `${key} ?${String(query).slice(0, 120)} as ${who}`);
        },
      );
    });
  });

  describe('bad multipart to upload endpoints', () => {
    // Starts with 'x', so never the first bytes of an image or a PDF.
    const notAFile = fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Uint8Array.from([0x78, ...bytes]));
    const badUpload = fc.oneof(
      // Random bytes as a multipart body, with and without a boundary.
      fc
        .tuple(
          notAFile,
          fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'multipart/form-data; boundary='),
        )
        .map(([bytes, type]) => ({ body: bytes as BodyInit, type })),
      // A well-formed form whose file is not an image (nor a PDF), empty, in another field, or text.
      fc
        .tuple(
          notAFile,
          fc.constantFrom('file', 'image', 'files[]', ''),
          fc.constantFrom('a.png', 'a.pdf', 'a.html', '../../a.png', 'a\u0000.png'),
        )
        .map(([bytes, field, name]) => {
          const form = new FormData();
          form.append(field, new File([bytes], name, { type: 'image/png' }));
          return { body: form as BodyInit, type: undefined };
        }),
      fc.constant(null).map(() => {
        const form = new FormData();
        form.append('file', new File([], 'empty.png', { type: 'image/png' }));
        return { body: form as BodyInit, type: undefined };
      }),
      oddText.map((text) => {
        const form = new FormData();
        form.append('file', text);
        return { body: form as BodyInit, type: undefined };
      }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => ({
        body: JSON.stringify({ file: v }) as BodyInit,
        type: 'application/json',
      })),
    );
    const uploads = () => registeredRoutes().filter(isUpload);
    it('there are upload endpoints to try', () => expect(uploads().length).toBeGreaterThanOrEqual(5));
    for (const key of [
      'POST /api/hotels/upload-logo',
      'POST /api/hotels/upload-contract',
      'POST /api/hotels/upload-qrcode',
      'POST /api/merchants/upload-image',
      'POST /api/merchant-types/upload-thumbnail',
      'POST /api/settings/billing/upload-signature',
    ]) {
      it(key, async () => {
        if (!uploads().includes(key)) throw new Error(`${key} is gone: update this list`);
        const path = key.slice('POST '.length);
        await fc.assert(
          fc.asyncProperty(callers(key.includes('/merchants/')), badUpload, async (who, upload) => {
            const res = await t.request('POST', path, {
              token: tokens[who],
              body: upload.body,
              headers: upload.type ? { 'Content-Type': upload.type } : {},
            });
            expectRefused(res, `${key} as ${who}`);
          }),
          { numRuns: RUNS.upload },
        );
      });
    }
    it('every upload endpoint is in the list above', () => {
      expect(uploads().sort()).toEqual(
        [
          'POST /api/hotels/upload-contract',
          'POST /api/hotels/upload-logo',
          'POST /api/hotels/upload-qrcode',
          'POST /api/merchant-types/upload-thumbnail',
          'POST /api/merchants/upload-image',
          'POST /api/settings/billing/upload-signature',
        ].sort(),
      );
    });
  });

  it('changed no row of any table and stored no file', async () => {
    const after = await snapshot();
    const changed = [...after.keys()].filter((name) => after.get(name) !== before.get(name));
    expect(
      changed,
      `Changed by invalid requests: ${changed.map((n) => `${n} (${before.get(n)} → ${after.get(n)})`).join('; ')}`,
    ).toEqual([]);
    expect(after.size).toBeGreaterThan(10);
  });

  // Proof that the requests above were invalid because of the one bad part: the same requests, valid, succeed.
  it('the valid bodies and queries the properties start from are accepted', async () => {
    const registered = new Set(registeredRoutes());
    for (const [key, spec] of Object.entries(BODY_SPECS)) {
      // A password change and Sign out everywhere end the caller's session: they are the last requests of this file.
      if (ENDS_SESSIONS.includes(key) || !registered.has(key)) continue;
      const who = spec.who.includes('merchant')
        ? 'merchant'
        : spec.who.includes('hotel')
          ? 'hotel'
          : spec.who.includes('superadmin')
            ? 'superadmin'
            : 'anonymous';
      const res = await t.request(methodOf(key), pathOf(key, spec), { token: tokens[who], json: spec.base() });
      expect(res.status, `${key} as ${who}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
    }
    for (const [key, spec] of Object.entries(QUERY_SPECS)) {
      if (!registered.has(key)) continue;
      const who = spec.who.includes('merchant') ? 'merchant' : spec.who.includes('hotel') ? 'hotel' : 'superadmin';
      const res = await t.request(methodOf(key), `${pathOf(key, spec)}?${new URLSearchParams(spec.base?.())}`, {
        token: tokens[who],
      });
      expect(res.status, `${key}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
    }
    const change = BODY_SPECS['PUT /api/auth/password']!.base();
    const password = await t.request('PUT', '/api/auth/password', { token: tokens.superadmin, json: change });
    expect(password.status, password.text).toBeLessThan(300);
    const everywhere = await t.request('POST', '/api/auth/logout-everywhere', {
      token: password.body.access_token as string,
      json: { current_password: change.new_password },
    });
    expect(everywhere.status, everywhere.text).toBeLessThan(300);
  });
});

const ENDS_SESSIONS = ['PUT /api/auth/password', 'POST /api/auth/logout-everywhere'];

/** A valid value for one path parameter, so a request with one bad parameter differs from a valid one only there. */
function validParam(pattern: string, param: string): string {
  if (param === ':mobile') return '9812345678';
  if (param === ':token') return pattern.startsWith('/o/') ? fx.optOutToken : fx.vouchersToken;
  if (param === ':folder') return 'hotels';
  if (param === ':placementId') return fx.placementId;
  if (param === ':file') return '00000000-0000-4000-8000-000000000000.pdf';
  if (param === ':name') return '00000000-0000-4000-8000-000000000000.png';
  if (pattern.startsWith('/api/locations/')) return String(fx.locationId);
  if (pattern.startsWith('/api/merchant-types/')) return String(fx.merchantTypeId);
  if (pattern.startsWith('/api/admin-users/')) return fx.adminUserId;
  if (pattern.startsWith('/api/merchants/')) return fx.merchantId;
  if (pattern.startsWith('/api/offers/') || pattern.startsWith('/api/merchant/my-offers/')) return fx.ownOfferId;
  if (pattern.startsWith('/api/merchant/staff/')) return fx.staffId;
  return fx.hotelId;
}

function registeredRoutesWithParams(): string[] {
  // Built before the app exists (it.each runs at collection time): the same routes, from the specs above.
  return [...new Set([...Object.keys(BODY_SPECS), ...Object.keys(QUERY_SPECS), ...PATH_ONLY])].filter((key) =>
    key.includes('/:'),
  );
}
