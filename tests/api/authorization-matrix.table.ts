import { randomUUID } from 'node:crypto';
import { signGuestLink } from '../../src/server/modules/reminders/guest-links';
import { issueVerificationToken } from '../../src/server/modules/verification/verification-token';
import { TEST_JWT_SECRET } from '../support/harness';
import { sessionIdOf } from '../support/sessions';

/**
 * The authorization matrix: for every route the server registers, who may call it and what each caller gets.
 * tests/api/authorization-matrix.test.ts walks `app.routes` and fails on any route without an entry here, so a
 * new route is reviewed before it ships (docs/PRODUCT.md "Roles", docs/DEVELOPING.md).
 *
 * To add a route: add one entry keyed exactly as the failure message prints it ('METHOD /api/path/:param'):
 *  - `expect`: the status for each caller. Start from a preset (`backOffice(200)`, `mayDelete(200)`,
 *    `settingsOnly(201)`, `merchantOnly(200)`, `signedIn(200)`, `everyone(200)`) and override single callers with
 *    a spread: `{ ...backOffice(200), merchantA: 200 }`. 401 = no or bad token, 403 = wrong role, 404 = not yours.
 *  - `request(fx, caller)`: a VALID request for an allowed caller (so its status proves access, not validation),
 *    built from the fixtures. A route that consumes its target (DELETE, logout) makes a fresh one per call with
 *    the `fx.new…()` helpers. merchantB is sent merchant A's ids: a merchant-owned record of another merchant
 *    must answer 404 (not 403, which would confirm it exists). Left out, the call is to the key's own path with
 *    no body (for routes without parameters).
 * Middleware entries (`ALL` with a path ending in `*`) are not endpoints and are skipped.
 */

export const CALLERS = [
  'anonymous',
  'superadmin',
  'admin',
  'manager',
  'hotel',
  'merchantA',
  'merchantB',
  // Merchant A's staff logins (docs/SECURITY.md "Roles"): all the owner can but staff, and the counter only.
  'supervisorA',
  'cashierA',
] as const;
export type MatrixCaller = (typeof CALLERS)[number];
export type Expectation = Record<MatrixCaller, number>;

/** Rows made once before the walk. merchantA owns `offerAId` and `couponAId`; merchantB owns nothing of A's. */
export interface Fixtures {
  locationId: number;
  merchantTypeId: number;
  durationId: number;
  /** A subscribed hotel in `locationId` with a Google Place ID, with `offerAId` on its guest list. */
  hotelId: string;
  merchantAId: string;
  offerAId: string;
  couponAId: string;
  /** Merchant A's statement of this month (its coupon's). */
  statementAId: string;
  /** The guest scan `couponAId` was issued to. */
  scanAId: string;
  /** The code of a coupon of `offerAId` redeemed just now (bill amounts), and a fresh one per call (undo), redeemed by
   * the login `redeemedBy` when given. */
  redeemedCodeA: string;
  newRedeemedCodeA(redeemedBy?: string): Promise<string>;
  /** The login of the cashierA caller (a cashier undoes only its own redemptions). */
  cashierAId: string;
  /** A new cashier login of merchant A (no caller's): its id. */
  newStaffA(): Promise<string>;
  /** A back-office user no caller is (targets of PUT /admin-users/{id}). */
  adminUserId: string;
  /** API paths of a stored public image and of a private document (/api/files/...). */
  publicFilePath: string;
  privateFilePath: string;
  /** API path of the offer-card thumbnail of a stored offer image (/api/files/thumbnails/merchants/...). */
  thumbnailPath: string;
  /** A login anyone may sign in with (POST /auth/login). */
  login: { username: string; password: string };
  /** A 10-digit mobile not used before (guest submissions), and a check-out date the guest form accepts. */
  mobile(): string;
  checkoutDate: string;
  /** A PNG upload body. */
  png(): FormData;
  newLocation(): Promise<number>;
  newMerchantType(): Promise<number>;
  newHotel(): Promise<string>;
  newMerchant(): Promise<string>;
  /** An offer of a new merchant. */
  newOffer(): Promise<string>;
  /** A hotel / merchant with its login (no caller's): its id. */
  newHotelWithLogin(): Promise<string>;
  newMerchantWithLogin(): Promise<string>;
  /** A merchant with its login signed in once: the merchant's id and that device session's. */
  newMerchantSession(): Promise<{ merchantId: string; sessionId: string }>;
  newAdminUser(): Promise<string>;
  /** A placement of a new hotel (no caller's): the hotel's id and the placement's. */
  newPlacement(): Promise<{ hotelId: string; placementId: string }>;
  /** A guest scan of a new number that asked for reminders (docs/PRODUCT.md "Reminders"): its id. */
  newRemindedScan(): Promise<string>;
  /** A fresh login of the caller's kind (same role), for calls that end or change the caller's own session. */
  freshLogin(caller: MatrixCaller): Promise<{ token?: string; password: string }>;
  /**
   * A fresh login of the caller's kind with two-step sign-in started (`on`: turned on too) and a code its app shows
   * next (docs/SECURITY.md "Second factor"); a caller that may not set it up gets a login and a code that are not.
   */
  freshSecondFactor(caller: MatrixCaller, on: boolean): Promise<{ token?: string; password: string; code: string }>;
  /** A new hotel login with two-step sign-in on, after its password: the second step's token and a right code. */
  newSecondStep(): Promise<{ mfa_token: string; code: string }>;
}

export interface MatrixRequest {
  path: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Overrides the caller's token (a fresh login); null sends none. */
  token?: string | null;
}

export interface MatrixEntry {
  expect: Expectation;
  /** Left out: the key's own path, no body. */
  request?: (fx: Fixtures, caller: MatrixCaller) => MatrixRequest | Promise<MatrixRequest>;
}

/** A call by a fresh login of the caller's kind with its current password (docs/SECURITY.md "Re-authentication"). */
const withOwnPassword =
  (path: string) =>
  async (fx: Fixtures, caller: MatrixCaller): Promise<MatrixRequest> => {
    const login = await fx.freshLogin(caller);
    return { path, token: login.token ?? null, json: { current_password: login.password } };
  };

// ---- Presets -----------------------------------------------------------------------------------------------------

const only = (allowed: MatrixCaller[], ok: number): Expectation =>
  Object.fromEntries(CALLERS.map((c) => [c, allowed.includes(c) ? ok : c === 'anonymous' ? 401 : 403])) as Expectation;

export const everyone = (ok: number) => only([...CALLERS], ok);
export const signedIn = (ok: number) =>
  only(['superadmin', 'admin', 'manager', 'hotel', 'merchantA', 'merchantB', 'supervisorA', 'cashierA'], ok);
export const backOffice = (ok: number) => only(['superadmin', 'admin', 'manager'], ok);
export const mayDelete = (ok: number) => only(['superadmin', 'admin'], ok);
export const mayViewReports = (ok: number) => only(['superadmin', 'admin'], ok);
export const settingsOnly = (ok: number) => only(['superadmin'], ok);
/** The merchant area but the counter: owners and supervisors; a cashier gets 403 (docs/SECURITY.md "Roles"). */
export const merchantOnly = (ok: number) => only(['merchantA', 'merchantB', 'supervisorA'], ok);
/** One's own two-step sign-in (docs/SECURITY.md "Second factor"): every login but the merchants' staff. */
export const secondFactorOwners = (ok: number) =>
  only(['superadmin', 'admin', 'manager', 'hotel', 'merchantA', 'merchantB'], ok);
/** The counter (docs/COUNTER.md): every merchant login, a cashier too. */
export const merchantCounter = (ok: number) => only(['merchantA', 'merchantB', 'supervisorA', 'cashierA'], ok);

// ---- Valid bodies ------------------------------------------------------------------------------------------------

/** A message's signed link to a stay (modules/reminders/guest-links.ts), good for a week. */
const guestLink = (purpose: 'vouchers' | 'opt_out', scanId: string) =>
  signGuestLink(TEST_JWT_SECRET, purpose, scanId, new Date(Date.now() + 7 * 86_400_000));
/** A browser's push subscription keys, of the shape browsers give (a P-256 point, a 16-byte secret). */
const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

/** A verification token as POST /verification/verify gives it: `recover` at a hotel, else `my_data`. */
const proof = (mobile: string, hotelId?: string) =>
  issueVerificationToken(
    { mobile, purpose: hotelId ? 'recover' : 'my_data', hotelId: hotelId ?? null },
    TEST_JWT_SECRET,
  );
const myData =
  (path: string, json?: unknown) =>
  async (fx: Fixtures): Promise<MatrixRequest> => ({
    path,
    json,
    headers: { 'X-Verification-Token': await proof(fx.mobile()) },
  });

let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(++seq).toString(36)}`;
const uniqueUser = (prefix: string) => unique(prefix).replace(/\s+/g, '_').toLowerCase();

const hotelBody = (fx: Fixtures) => ({
  name: unique('Matrix Hotel'),
  location_id: fx.locationId,
  address: '1 Beach Road',
  contact_number: '9876543210',
  contact_person: 'Front Desk',
  subscription_duration_id: fx.durationId,
});

const merchantBody = (fx: Fixtures) => ({
  name: unique('Matrix Merchant'),
  merchant_type_id: fx.merchantTypeId,
  location_id: fx.locationId,
  contact_number: '9123456780',
  address: '2 Market Street',
});

const offerBody = () => ({
  offer_name: unique('Matrix Offer'),
  offer_type: 'percentage',
  offer_value: 10,
  validity_from: '2026-01-01',
  validity_to: '2099-12-31',
  opening_hours: '10:00',
  closing_hours: '22:00',
  description: 'A matrix offer',
  terms_conditions: 'One per guest',
});

const upload =
  (path: string) =>
  (fx: Fixtures): MatrixRequest => ({ path, body: fx.png() });

/** A new name for a catalogue of names (locations, merchant types): POSTed to `list`, or PUT on a row `newId` makes. */
const named =
  (prefix: string, list: string, newId?: (fx: Fixtures) => Promise<number>) =>
  async (fx: Fixtures): Promise<MatrixRequest> => ({
    path: newId ? `${list}/${await newId(fx)}` : list,
    json: { name: unique(prefix) },
  });

// ---- The table ---------------------------------------------------------------------------------------------------

export const MATRIX: Record<string, MatrixEntry> = {
  // Public: load balancers, the guest flow, sign-in.
  'GET /api/health': { expect: everyone(200) },
  'GET /api/config': { expect: everyone(200) },
  // The API description (docs/DEVELOPING.md "API conventions"): public.
  'GET /api/openapi.json': { expect: everyone(200) },
  'GET /api/files/:folder/:name': {
    expect: everyone(200),
    request: (fx) => ({ path: fx.publicFilePath }),
  },
  'GET /api/files/private/:folder/:name': {
    expect: backOffice(200),
    request: (fx) => ({ path: fx.privateFilePath }),
  },
  'GET /api/files/thumbnails/:folder/:name': {
    expect: everyone(200),
    request: (fx) => ({ path: fx.thumbnailPath }),
  },
  'POST /api/auth/login': {
    expect: everyone(200),
    request: (fx) => ({ path: '/api/auth/login', json: fx.login, token: null }),
  },
  'GET /api/auth/me': { expect: signedIn(200) },
  'POST /api/auth/logout': {
    expect: signedIn(200),
    request: async (fx, caller) => ({ path: '/api/auth/logout', token: (await fx.freshLogin(caller)).token ?? null }),
  },
  'POST /api/auth/logout-everywhere': {
    expect: signedIn(200),
    request: withOwnPassword('/api/auth/logout-everywhere'),
  },
  'GET /api/auth/sessions': { expect: signedIn(200) },
  // Each caller ends a session of its own fresh login (another login's session is 404: tests/api/sessions.test.ts).
  'DELETE /api/auth/sessions/:id': {
    expect: signedIn(200),
    request: async (fx, caller) => {
      const token = (await fx.freshLogin(caller)).token;
      return { path: `/api/auth/sessions/${token ? sessionIdOf(token) : randomUUID()}`, token: token ?? null };
    },
  },
  'PUT /api/auth/password': {
    expect: signedIn(200),
    request: async (fx, caller) => {
      const login = await fx.freshLogin(caller);
      return {
        path: '/api/auth/password',
        token: login.token ?? null,
        json: { current_password: login.password, new_password: `Matrix-${unique('pw')}` },
      };
    },
  },
  // Two-step sign-in (docs/SECURITY.md "Second factor"): the back office, hotels and merchant owners; not staff.
  'POST /api/auth/login/mfa': {
    expect: everyone(200),
    request: async (fx) => ({ path: '/api/auth/login/mfa', json: await fx.newSecondStep(), token: null }),
  },
  'GET /api/auth/second-factor': { expect: secondFactorOwners(200) },
  'POST /api/auth/second-factor/setup': {
    expect: secondFactorOwners(200),
    request: withOwnPassword('/api/auth/second-factor/setup'),
  },
  'POST /api/auth/second-factor/confirm': {
    expect: secondFactorOwners(200),
    request: async (fx, caller) => {
      const { token, code } = await fx.freshSecondFactor(caller, false);
      return { path: '/api/auth/second-factor/confirm', token: token ?? null, json: { code } };
    },
  },
  'POST /api/auth/second-factor/turn-off': {
    expect: secondFactorOwners(200),
    request: async (fx, caller) => {
      const { token, password, code } = await fx.freshSecondFactor(caller, true);
      return {
        path: '/api/auth/second-factor/turn-off',
        token: token ?? null,
        json: { current_password: password, code },
      };
    },
  },
  'GET /api/customer-scans/check/:hotelId/:mobile': {
    expect: everyone(200),
    request: (fx) => ({ path: `/api/customer-scans/check/${fx.hotelId}/${fx.mobile()}` }),
  },
  'POST /api/customer-scans': {
    expect: everyone(201),
    request: (fx) => ({
      path: '/api/customer-scans',
      json: {
        hotel_id: fx.hotelId,
        customer_name: 'Matrix Guest',
        mobile_number: fx.mobile(),
        checkout_date: fx.checkoutDate,
        consent: true,
        selected_offers: [fx.offerAId],
      },
    }),
  },
  // A guest's own data (docs/PRIVACY.md "My data"): public, authorised by a verification token alone. A new number's
  // token: recovery finds no stay (404, past the token check: nothing refuses the caller), My data answers its nothing.
  'POST /api/customer-scans/recover': {
    expect: everyone(404),
    request: async (fx) => {
      const mobile = fx.mobile();
      return {
        path: '/api/customer-scans/recover',
        json: { hotel_id: fx.hotelId, mobile_number: mobile, verification_token: await proof(mobile, fx.hotelId) },
      };
    },
  },
  'GET /api/my-data': { expect: everyone(200), request: myData('/api/my-data') },
  'GET /api/my-data/export': { expect: everyone(200), request: myData('/api/my-data/export') },
  'PUT /api/my-data/name': { expect: everyone(200), request: myData('/api/my-data/name', { customer_name: 'Matrix' }) },
  'POST /api/my-data/marketing-withdraw': { expect: everyone(200), request: myData('/api/my-data/marketing-withdraw') },
  'POST /api/my-data/reminders-stop': { expect: everyone(200), request: myData('/api/my-data/reminders-stop') },
  'POST /api/my-data/erase': { expect: everyone(200), request: myData('/api/my-data/erase') },
  // Web Push (docs/PRODUCT.md "Reminders"): public, the stay proven by its vouchers link's token.
  'GET /api/push/key': { expect: everyone(200) },
  'POST /api/push/subscriptions': {
    expect: everyone(201),
    request: async (fx) => ({
      path: '/api/push/subscriptions',
      json: {
        token: guestLink('vouchers', await fx.newRemindedScan()),
        subscription: { endpoint: 'http://127.0.0.1:9/push/matrix', keys: PUSH_KEYS },
      },
    }),
  },
  'DELETE /api/push/subscriptions': {
    expect: everyone(200),
    request: (fx) => ({
      path: '/api/push/subscriptions',
      json: { token: guestLink('vouchers', fx.scanAId), endpoint: 'http://127.0.0.1:9/push/matrix' },
    }),
  },
  // The pages a guest's message links to: public, the signed link is the proof (a fresh stay for the opt-out).
  'GET /v/:token': { expect: everyone(200), request: (fx) => ({ path: `/v/${guestLink('vouchers', fx.scanAId)}` }) },
  'GET /o/:token': { expect: everyone(200), request: (fx) => ({ path: `/o/${guestLink('opt_out', fx.scanAId)}` }) },
  'POST /o/:token': {
    expect: everyone(200),
    request: async (fx) => ({ path: `/o/${guestLink('opt_out', await fx.newRemindedScan())}` }),
  },
  // Phone verification (docs/PRODUCT.md "Guest trust"): public. A code is asked for a new number each call; verifying
  // one never asked answers 422 (its handler reached: nothing refuses the caller).
  'POST /api/verification/request': {
    expect: everyone(202),
    request: (fx) => ({
      path: '/api/verification/request',
      json: { mobile_number: fx.mobile(), purpose: 'claim', hotel_id: fx.hotelId },
    }),
  },
  // Forgot password (docs/SECURITY.md "Forgot password"): public, and the same for everyone. A new username each call
  // (the per-account limit); confirming with no code asked answers 422 (its handler reached).
  'POST /api/auth/password-reset/request': {
    expect: everyone(202),
    request: () => ({ path: '/api/auth/password-reset/request', json: { username: `reset-${randomUUID()}` } }),
  },
  'POST /api/auth/password-reset/confirm': {
    expect: everyone(422),
    request: () => ({
      path: '/api/auth/password-reset/confirm',
      json: { username: `reset-${randomUUID()}`, code: '123456', new_password: 'A-new-matrix-password-7' },
    }),
  },
  'POST /api/verification/verify': {
    expect: everyone(422),
    request: (fx) => ({
      path: '/api/verification/verify',
      json: { mobile_number: fx.mobile(), purpose: 'my_data', code: '123456' },
    }),
  },
  'GET /api/coupons/:id/download': {
    expect: everyone(200),
    request: (fx) => ({ path: `/api/coupons/${fx.couponAId}/download` }),
  },
  // The voucher's Google Wallet save link (the matrix's server has GOOGLE_WALLET_* set): public, as the PDF.
  'GET /api/coupons/:id/wallet': {
    expect: everyone(200),
    request: (fx) => ({ path: `/api/coupons/${fx.couponAId}/wallet` }),
  },
  // The guest page's funnel events (docs/PRIVACY.md "Funnel"): public; a new tab each call, so each is counted.
  'POST /api/guest/events': {
    expect: everyone(204),
    request: (fx) => ({
      path: '/api/guest/events',
      json: { hotel_id: fx.hotelId, kind: 'page_open', tab: randomUUID().replaceAll('-', '') },
    }),
  },
  // The guest's saved vouchers refreshed by the scan's id (any id answers 200: nothing for one it does not know).
  'GET /api/coupons': {
    expect: everyone(200),
    request: (fx) => ({ path: `/api/coupons?scan_id=${fx.scanAId}` }),
  },
  'GET /api/merchant-types': { expect: everyone(200) },
  // The guest's hotel header: everyone (public fields unless back office).
  'GET /api/hotels/:id': { expect: everyone(200), request: (fx) => ({ path: `/api/hotels/${fx.hotelId}` }) },
  // The guest list by hotel: everyone; the back office sees all offers.
  'GET /api/offers': { expect: everyone(200), request: (fx) => ({ path: `/api/offers?hotel_id=${fx.hotelId}` }) },
  // Every offer's results as CSV: the back office only.
  'GET /api/offers/export': { expect: backOffice(200) },
  // View Details of one offer of that list: everyone.
  'GET /api/offers/:id/details': {
    expect: everyone(200),
    request: (fx) => ({ path: `/api/offers/${fx.offerAId}/details?hotel_id=${fx.hotelId}` }),
  },

  // Any signed-in login.
  'GET /api/contact-us': { expect: signedIn(200) },

  // Back office: superadmin, admin, manager.
  'GET /api/locations': { expect: backOffice(200) },
  'POST /api/locations': { expect: backOffice(201), request: named('Matrix Town', '/api/locations') },
  'PUT /api/locations/:id': {
    expect: backOffice(200),
    request: named('Matrix Town', '/api/locations', (fx) => fx.newLocation()),
  },
  'GET /api/subscription-durations': { expect: backOffice(200) },
  'POST /api/hotels/upload-logo': { expect: backOffice(201), request: upload('/api/hotels/upload-logo') },
  'POST /api/hotels/upload-contract': { expect: backOffice(201), request: upload('/api/hotels/upload-contract') },
  'POST /api/hotels/upload-qrcode': { expect: backOffice(201), request: upload('/api/hotels/upload-qrcode') },
  'GET /api/hotels': { expect: backOffice(200) },
  // CSV exports (docs/DEVELOPING.md "CSV exports and charts"): who may see the list may export it, recorded in the
  // audit trail.
  'GET /api/hotels/export': { expect: backOffice(200) },
  'POST /api/hotels': { expect: backOffice(201), request: (fx) => ({ path: '/api/hotels', json: hotelBody(fx) }) },
  'PUT /api/hotels/:id': {
    expect: backOffice(200),
    request: async (fx) => ({ path: `/api/hotels/${await fx.newHotel()}`, json: hotelBody(fx) }),
  },
  'GET /api/hotels/:id/credentials': {
    expect: backOffice(200),
    request: async (fx) => ({ path: `/api/hotels/${await fx.newHotelWithLogin()}/credentials` }),
  },
  'POST /api/hotels/:id/renew': {
    expect: backOffice(200),
    request: async (fx) => ({
      path: `/api/hotels/${await fx.newHotel()}/renew`,
      json: { subscription_duration_id: fx.durationId },
    }),
  },
  'GET /api/hotels/:id/renewal-history': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/renewal-history` }),
  },
  // Statements (docs/PRODUCT.md "Statements"): the back office any, merchant A its own; merchant B and the hotel
  // caller (whose hotel is not on it) are "not found".
  'GET /api/statements': { expect: { ...signedIn(200), cashierA: 403 } },
  'GET /api/statements/:file': {
    expect: { ...backOffice(200), merchantA: 200, supervisorA: 200, merchantB: 404, hotel: 404 },
    request: (fx) => ({ path: `/api/statements/${fx.statementAId}.pdf` }),
  },
  // The hotel caller's own hotel is not fx.hotelId: another hotel's room cards are "not found" to it.
  'GET /api/hotels/:id/room-cards.pdf': {
    expect: { ...backOffice(200), hotel: 404 },
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/room-cards.pdf?layout=a4x4` }),
  },
  // Placements (docs/PRODUCT.md "Guest trust"): the back office for any hotel, a hotel for its own; the hotel caller's
  // own hotel is not these, so they are "not found" to it. Made on new hotels: a first placement switches a new
  // hotel's old link off, and fx.hotelId's guests come through its old link.
  // The guest funnel (docs/PRODUCT.md "Funnel"): the back office any hotel, a hotel its own (fx.hotelId is not).
  'GET /api/hotels/:id/funnel': {
    expect: { ...backOffice(200), hotel: 404 },
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/funnel` }),
  },
  'GET /api/hotels/:id/placements': {
    expect: { ...backOffice(200), hotel: 404 },
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/placements` }),
  },
  'POST /api/hotels/:id/placements': {
    expect: { ...backOffice(201), hotel: 404 },
    request: async (fx) => ({
      path: `/api/hotels/${await fx.newHotel()}/placements`,
      json: { kind: 'single', label: 'Lobby' },
    }),
  },
  'PUT /api/hotels/:id/placements/:placementId': {
    expect: { ...backOffice(200), hotel: 404 },
    request: async (fx) => {
      const { hotelId, placementId } = await fx.newPlacement();
      return { path: `/api/hotels/${hotelId}/placements/${placementId}`, json: { label: 'Restaurant' } };
    },
  },
  'POST /api/hotels/:id/placements/:placementId/rotate': {
    expect: { ...backOffice(200), hotel: 404 },
    request: async (fx) => {
      const { hotelId, placementId } = await fx.newPlacement();
      return { path: `/api/hotels/${hotelId}/placements/${placementId}/rotate` };
    },
  },
  'GET /api/hotels/:id/claim-settings': {
    expect: { ...backOffice(200), hotel: 404 },
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/claim-settings` }),
  },
  'PUT /api/hotels/:id/claim-settings': {
    expect: { ...backOffice(200), hotel: 404 },
    request: async (fx) => ({
      path: `/api/hotels/${await fx.newHotel()}/claim-settings`,
      json: { hotel_link_enabled: false, placement_daily_limit: 10, hotel_link_daily_limit: 10 },
    }),
  },
  // The hotel area: the caller's own hotel only.
  'GET /api/hotel/dashboard': { expect: only(['hotel'], 200) },
  'GET /api/hotel/placement-ranking': { expect: only(['hotel'], 200) },
  'GET /api/hotel/customers': {
    expect: only(['hotel'], 200),
    request: () => ({ path: '/api/hotel/customers?limit=10' }),
  },
  'GET /api/hotel/customers/export': { expect: only(['hotel'], 200) },
  'POST /api/users/hotel': {
    expect: backOffice(201),
    request: async (fx) => ({
      path: `/api/users/hotel?username=${uniqueUser('mhotel')}&password=Matrix-pass-2024&hotel_id=${await fx.newHotel()}`,
    }),
  },
  'GET /api/merchants': { expect: backOffice(200) },
  'POST /api/merchants': {
    expect: backOffice(201),
    request: (fx) => ({ path: '/api/merchants', json: merchantBody(fx) }),
  },
  'PUT /api/merchants/:id': {
    expect: backOffice(200),
    request: async (fx) => ({ path: `/api/merchants/${await fx.newMerchant()}`, json: merchantBody(fx) }),
  },
  'POST /api/users/merchant': {
    expect: backOffice(201),
    request: async (fx) => ({
      path: `/api/users/merchant?username=${uniqueUser('mmerchant')}&password=Matrix-pass-2024&merchant_id=${await fx.newMerchant()}`,
    }),
  },
  // Offer images: the back office and merchants (their own offers).
  'POST /api/merchants/upload-image': {
    expect: { ...backOffice(201), merchantA: 201, merchantB: 201, supervisorA: 201 },
    request: upload('/api/merchants/upload-image'),
  },
  'GET /api/offers/:id': { expect: backOffice(200), request: (fx) => ({ path: `/api/offers/${fx.offerAId}` }) },
  'POST /api/offers': {
    expect: backOffice(201),
    request: async (fx) => ({ path: '/api/offers', json: { ...offerBody(), merchant_id: await fx.newMerchant() } }),
  },
  'PUT /api/offers/:id': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/offers/${fx.offerAId}`, json: offerBody() }),
  },
  // A throwaway offer, so A's offer stays on the guest list.
  'PATCH /api/offers/:id/toggle-active': {
    expect: backOffice(200),
    request: async (fx) => ({ path: `/api/offers/${await fx.newOffer()}/toggle-active` }),
  },
  'GET /api/customer-scans': { expect: backOffice(200) },
  'GET /api/customer-scans/export': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/customer-scans/export?hotel_id=${fx.hotelId}` }),
  },
  'GET /api/dashboard/superadmin/charts': { expect: backOffice(200) },
  'GET /api/dashboard/superadmin/card-alerts': { expect: backOffice(200) },
  'GET /api/dashboard/superadmin/renewals-due': { expect: backOffice(200) },
  'GET /api/dashboard/superadmin': { expect: backOffice(200) },
  'GET /api/reviews/hotel-details': { expect: backOffice(200) },
  'GET /api/reviews/hotel-details/export': { expect: backOffice(200) },
  'GET /api/reviews/hotel-details/:hotelId/ratings': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/reviews/hotel-details/${fx.hotelId}/ratings` }),
  },
  // Answered by a local stand-in for Google Places.
  'POST /api/reviews/fetch-google-data/:hotelId': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/reviews/fetch-google-data/${fx.hotelId}` }),
  },

  // Deleting and password resets: superadmin and admin.
  'DELETE /api/locations/:id': {
    expect: mayDelete(200),
    request: async (fx) => ({ path: `/api/locations/${await fx.newLocation()}` }),
  },
  'DELETE /api/hotels/:id': {
    expect: mayDelete(200),
    request: async (fx) => ({ path: `/api/hotels/${await fx.newHotel()}` }),
  },
  'DELETE /api/merchants/:id': {
    expect: mayDelete(200),
    request: async (fx) => ({ path: `/api/merchants/${await fx.newMerchant()}` }),
  },
  'POST /api/hotels/:id/reset-password': {
    expect: mayDelete(200),
    request: async (fx) => ({
      path: `/api/hotels/${await fx.newHotelWithLogin()}/reset-password`,
      json: { password: 'Matrix-reset-2024' },
    }),
  },
  // A login signed out of every device (docs/SECURITY.md "Sessions"): whoever may reset its password.
  'POST /api/hotels/:id/sign-out': {
    expect: mayDelete(200),
    request: async (fx) => ({ path: `/api/hotels/${await fx.newHotelWithLogin()}/sign-out` }),
  },
  'POST /api/merchants/:id/sign-out': {
    expect: mayDelete(200),
    request: async (fx) => ({ path: `/api/merchants/${await fx.newMerchantWithLogin()}/sign-out` }),
  },
  'GET /api/merchants/:id/sessions': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/merchants/${fx.merchantAId}/sessions` }),
  },
  'DELETE /api/merchants/:id/sessions/:sessionId': {
    expect: mayDelete(200),
    request: async (fx) => {
      const { merchantId, sessionId } = await fx.newMerchantSession();
      return { path: `/api/merchants/${merchantId}/sessions/${sessionId}` };
    },
  },
  'POST /api/merchants/:id/reset-password': {
    expect: mayDelete(200),
    request: async (fx) => ({
      path: `/api/merchants/${await fx.newMerchantWithLogin()}/reset-password`,
      json: { password: 'Matrix-reset-2024' },
    }),
  },

  // Reports: superadmin and admin.
  'GET /api/reports/monthly-revenue': { expect: mayViewReports(200) },
  'GET /api/reports/monthly-revenue/export': { expect: mayViewReports(200) },
  // The back office's guest funnel (docs/PRODUCT.md "Funnel"): those who see reports.
  'GET /api/funnel': {
    expect: mayViewReports(200),
    request: (fx) => ({ path: `/api/funnel?location_id=${fx.locationId}` }),
  },
  'GET /api/funnel/falling-hotels': { expect: mayViewReports(200) },
  'GET /api/funnel/export': {
    expect: mayViewReports(200),
    request: (fx) => ({ path: `/api/funnel/export?location_id=${fx.locationId}` }),
  },
  // A hotel's funnel by day: the back office any hotel, a hotel its own (fx.hotelId is not).
  'GET /api/hotels/:id/funnel/export': {
    expect: { ...backOffice(200), hotel: 404 },
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/funnel/export` }),
  },

  // Settings: superadmin only.
  'POST /api/merchant-types/upload-thumbnail': {
    expect: settingsOnly(201),
    request: upload('/api/merchant-types/upload-thumbnail'),
  },
  'POST /api/merchant-types': { expect: settingsOnly(201), request: named('Matrix Type', '/api/merchant-types') },
  'PUT /api/merchant-types/:id': {
    expect: settingsOnly(200),
    request: named('Matrix Type', '/api/merchant-types', (fx) => fx.newMerchantType()),
  },
  'DELETE /api/merchant-types/:id': {
    expect: settingsOnly(200),
    request: async (fx) => ({ path: `/api/merchant-types/${await fx.newMerchantType()}` }),
  },
  'POST /api/contact-us': {
    expect: settingsOnly(200),
    request: () => ({ path: '/api/contact-us', json: { name: 'Matrix Support', mobile_number: '9876543210' } }),
  },
  'GET /api/settings/messaging': { expect: settingsOnly(200) },
  'PUT /api/settings/messaging': {
    expect: settingsOnly(200),
    request: () => ({ path: '/api/settings/messaging', json: { codes_per_hotel_day: 200, codes_per_day: 2000 } }),
  },
  'GET /api/settings/messaging/delivery': { expect: settingsOnly(200) },
  // Billing (docs/PRODUCT.md "Tax invoices"): the settings and cancelling a period are the super admin's; the lists
  // carry amounts (not for managers); a hotel's billing details carry none (the back office); a hotel reads its own.
  'GET /api/settings/billing': { expect: settingsOnly(200) },
  'PUT /api/settings/billing': {
    expect: settingsOnly(200),
    request: () => ({
      path: '/api/settings/billing',
      json: {
        legal_name: 'Matrix Operator',
        address: '1 MG Road, Bengaluru',
        gstin: '29AAGCB7383J1Z4',
        state_code: '29',
        sac_code: '998361',
        tax_rate: 18,
        invoice_prefix: 'MX',
        signatory_name: 'Matrix Signatory',
      },
    }),
  },
  'POST /api/settings/billing/upload-signature': {
    expect: settingsOnly(201),
    request: upload('/api/settings/billing/upload-signature'),
  },
  'GET /api/invoices': { expect: mayViewReports(200) },
  'GET /api/invoices/export.csv': { expect: mayViewReports(200) },
  // No invoice in the fixtures: an unknown id is "not found" to those allowed.
  'GET /api/invoices/:id/pdf': {
    expect: mayViewReports(404),
    request: () => ({ path: `/api/invoices/${randomUUID()}/pdf` }),
  },
  'POST /api/subscription-periods/:id/cancel': {
    expect: settingsOnly(404),
    request: () => ({ path: `/api/subscription-periods/${randomUUID()}/cancel`, json: { reason: 'Matrix' } }),
  },
  // Payments (amounts): the roles that see revenue. Unknown periods are "not found" to them.
  'GET /api/payments/hotels/:id': {
    expect: mayViewReports(200),
    request: (fx) => ({ path: `/api/payments/hotels/${fx.hotelId}` }),
  },
  'POST /api/payments/periods/:id': {
    expect: mayViewReports(404),
    request: () => ({
      path: `/api/payments/periods/${randomUUID()}`,
      json: { amount: 100, method: 'upi', paid_on: '2026-11-01' },
    }),
  },
  // No gateway is set up in the matrix's app: those allowed are told so (409).
  'POST /api/payments/periods/:id/link': {
    expect: mayViewReports(409),
    request: () => ({ path: `/api/payments/periods/${randomUUID()}/link` }),
  },
  // The gateway's webhook signs instead of signing in: without a gateway there is none (404) for anyone.
  'POST /api/payment-webhooks/:gateway': {
    expect: everyone(404),
    request: () => ({ path: '/api/payment-webhooks/razorpay', json: {} }),
  },
  'GET /api/hotels/:id/billing': {
    expect: backOffice(200),
    request: (fx) => ({ path: `/api/hotels/${fx.hotelId}/billing` }),
  },
  'PUT /api/hotels/:id/billing': {
    expect: backOffice(200),
    request: (fx) => ({
      path: `/api/hotels/${fx.hotelId}/billing`,
      json: { gstin: null, state_code: '29', billing_email: null },
    }),
  },
  'GET /api/hotel/billing': { expect: only(['hotel'], 200) },
  'GET /api/hotel/payments': { expect: only(['hotel'], 200) },
  'PUT /api/hotel/billing': {
    expect: only(['hotel'], 200),
    request: () => ({ path: '/api/hotel/billing', json: { gstin: null, state_code: '33', billing_email: null } }),
  },
  'GET /api/hotel/invoices': { expect: only(['hotel'], 200) },
  'GET /api/hotel/invoices/:id/pdf': {
    expect: only(['hotel'], 404),
    request: () => ({ path: `/api/hotel/invoices/${randomUUID()}/pdf` }),
  },
  'GET /api/admin-users': { expect: settingsOnly(200) },
  'POST /api/admin-users': {
    expect: settingsOnly(201),
    request: () => {
      const username = uniqueUser('madmin');
      return {
        path: '/api/admin-users',
        json: { username, email: `${username}@example.test`, password: 'Matrix-pass-2024', role: 'manager' },
      };
    },
  },
  'PUT /api/admin-users/:id': {
    expect: settingsOnly(200),
    request: async (fx) => {
      const username = uniqueUser('madmin');
      return {
        path: `/api/admin-users/${await fx.newAdminUser()}`,
        json: { username, email: `${username}@example.test`, role: 'admin' },
      };
    },
  },
  'DELETE /api/admin-users/:id': {
    expect: settingsOnly(200),
    request: async (fx) => ({ path: `/api/admin-users/${await fx.newAdminUser()}` }),
  },
  'DELETE /api/admin-users/:id/second-factor': {
    expect: settingsOnly(200),
    request: (fx) => ({ path: `/api/admin-users/${fx.adminUserId}/second-factor` }),
  },
  'POST /api/admin-users/:id/sign-out': {
    expect: settingsOnly(200),
    request: (fx) => ({ path: `/api/admin-users/${fx.adminUserId}/sign-out` }),
  },
  'GET /api/audit-events': { expect: settingsOnly(200) },

  // The merchant area: merchant logins only, each on its own merchant; the counter's routes a cashier too, the rest
  // the owner and supervisors (docs/SECURITY.md "Roles").
  'GET /api/merchant/dashboard': { expect: merchantCounter(200) },
  // An unknown code is a 200 "invalid" result for the counter's red panel.
  'POST /api/merchant/redeem-voucher': {
    expect: merchantCounter(200),
    request: () => ({ path: '/api/merchant/redeem-voucher', json: { voucher_code: 'ZZZZ2345' } }),
  },
  'GET /api/merchant/my-offers': { expect: merchantOnly(200) },
  'POST /api/merchant/my-offers': {
    expect: merchantOnly(201),
    request: () => ({ path: '/api/merchant/my-offers', json: offerBody() }),
  },
  // A's offer: B gets 404, as if it did not exist.
  'PUT /api/merchant/my-offers/:id': {
    expect: { ...merchantOnly(200), merchantB: 404 },
    request: (fx) => ({ path: `/api/merchant/my-offers/${fx.offerAId}`, json: { ...offerBody(), is_active: true } }),
  },
  // The merchant's pause (docs/PRODUCT.md "Offer rules"): A's offer; B gets 404, as if it did not exist.
  'PUT /api/merchant/my-offers/:id/pause': {
    expect: { ...merchantOnly(200), merchantB: 404 },
    request: (fx) => ({ path: `/api/merchant/my-offers/${fx.offerAId}/pause`, json: { paused: false } }),
  },
  // The merchant's own settings (docs/PRODUCT.md "Offer rules"): its frequency across all its offers.
  'GET /api/merchant/settings': { expect: merchantOnly(200) },
  'PUT /api/merchant/settings': {
    expect: merchantOnly(200),
    request: () => ({ path: '/api/merchant/settings', json: { per_guest_days: 30 } }),
  },
  'GET /api/merchant/my-customers': { expect: merchantOnly(200) },
  'GET /api/merchant/my-customers/export': { expect: merchantOnly(200) },
  // Its own offers' results as CSV.
  'GET /api/merchant/my-offers/export': { expect: merchantOnly(200) },
  // The counter (docs/COUNTER.md): A's redemptions; B gets 404 for A's code, as if it did not exist.
  // A cashier undoes its own redemptions only: it is sent one of its own (another's is 403: merchant-staff.test.ts).
  'GET /api/merchant/redemptions': { expect: merchantCounter(200) },
  'POST /api/merchant/redemptions/:code/undo': {
    expect: { ...merchantCounter(200), merchantB: 404 },
    request: async (fx, caller) => ({
      path: `/api/merchant/redemptions/${await fx.newRedeemedCodeA(caller === 'cashierA' ? fx.cashierAId : undefined)}/undo`,
      json: { reason: 'Wrong voucher' },
    }),
  },
  // Without a network (docs/COUNTER.md "Without a network"): a code of nobody's is answered "unknown", not refused.
  'GET /api/merchant/offline-codes': { expect: merchantCounter(200) },
  'POST /api/merchant/offline-redemptions': {
    expect: merchantCounter(200),
    request: () => ({
      path: '/api/merchant/offline-redemptions',
      json: {
        synced_at: new Date().toISOString(),
        items: [{ nonce: randomUUID(), code: 'ZZZZ2345', device_time: new Date().toISOString() }],
      },
    }),
  },
  'GET /api/merchant/offline-redemptions': { expect: merchantCounter(200) },
  'PUT /api/merchant/redemptions/:code/bill': {
    expect: { ...merchantCounter(200), merchantB: 404 },
    request: (fx) => ({ path: `/api/merchant/redemptions/${fx.redeemedCodeA}/bill`, json: { bill_amount: 450 } }),
  },
  // The owner's staff logins (docs/PRODUCT.md "Staff"): merchant A's owner only; merchant B's owner gets 404 for A's
  // staff login, as if it did not exist. Each call that changes a login gets a fresh one of the caller's merchant.
  'GET /api/merchant/staff': { expect: only(['merchantA', 'merchantB'], 200) },
  'POST /api/merchant/staff': {
    expect: only(['merchantA', 'merchantB'], 201),
    request: () => ({
      path: '/api/merchant/staff',
      json: {
        username: uniqueUser('mstaff'),
        full_name: 'Matrix Cashier',
        password: 'Matrix-pass-2024',
        role: 'cashier',
      },
    }),
  },
  'PUT /api/merchant/staff/:id/password': {
    expect: { ...only(['merchantA', 'merchantB'], 200), merchantB: 404 },
    request: async (fx) => ({
      path: `/api/merchant/staff/${await fx.newStaffA()}/password`,
      json: { password: 'Matrix-reset-2024' },
    }),
  },
  'PUT /api/merchant/staff/:id/mobile': {
    expect: { ...only(['merchantA', 'merchantB'], 200), merchantB: 404 },
    request: async (fx) => ({
      path: `/api/merchant/staff/${await fx.newStaffA()}/mobile`,
      json: { mobile: '9876500001' },
    }),
  },
  'DELETE /api/merchant/staff/:id': {
    expect: { ...only(['merchantA', 'merchantB'], 200), merchantB: 404 },
    request: async (fx) => ({ path: `/api/merchant/staff/${await fx.newStaffA()}` }),
  },
  // A guest's data erased on request (docs/PRIVACY.md): the super admin only.
  'POST /api/customer-scans/erase': {
    expect: settingsOnly(200),
    request: (fx) => ({ path: '/api/customer-scans/erase', json: { mobile_number: fx.mobile() } }),
  },
  // Any redemption, at any time: the super admin only.
  'POST /api/coupons/:code/undo': {
    expect: settingsOnly(200),
    request: async (fx) => ({
      path: `/api/coupons/${await fx.newRedeemedCodeA()}/undo`,
      json: { reason: 'Guest complaint' },
    }),
  },
};
