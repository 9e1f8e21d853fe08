import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, customerScans, placements, placementTokens } from '../support/tables';
import { insertOne } from '../support/insert-one';
import type { AdminRole } from '../../src/shared/constants';
import { addDays, monthOf } from '../../src/shared/dates';
import { generateStatements } from '../../src/server/modules/statements/statements.service';
import { statements } from '../../src/server/modules/statements/table';
import { createTestContext, sessionIdOf, type TestContext } from '../support';
import { enrolSecondFactor, nextCode, secondStepToken, startSecondFactor } from '../support/second-factor';
import { insertSubscribedHotel, PNG_BYTES, uploadForm } from '../support/hotel-factories';
import { startFakePlaces, type FakePlaces } from '../support/insight-factories';
import { testServiceAccount } from '../support/fake-google-wallet';
import { businessToday, insertCouponFor, insertOffer } from '../support/offer-factories';
import { describeRoutes } from '../../src/server/platform/openapi/routes';
import { CALLERS, MATRIX, type Expectation, type Fixtures, type MatrixCaller } from './authorization-matrix.table';

/**
 * Every route the server registers, called as each kind of caller, against the one table of expectations in
 * authorization-matrix.table.ts (how to add a route is written at its top). A route without an entry fails. Each
 * success is also checked against what the route says it answers (docs/DEVELOPING.md "API conventions"): a JSON
 * answer must parse with the route's response schema for that status, a file must have one of its media types.
 */

let t: TestContext;
let places: FakePlaces;
let fx: Fixtures;
const tokens = {} as Record<MatrixCaller, string | undefined>;

/**
 * Whether a success answer is what its route describes (platform/openapi/describe.ts): the problem, if any. The
 * schemas are strict, so a field a presenter adds without its schema fails here as well as one it drops.
 */
function answerMismatch(
  answers: ReturnType<typeof describeRoutes>[number]['answers'],
  res: { status: number; body: unknown; headers: Headers },
): string | undefined {
  const answer = answers.find((a) => a.status === res.status);
  if (!answer) return `answered ${res.status}, which its route does not describe`;
  const type = res.headers.get('Content-Type') ?? '';
  if (answer.body === 'none') return undefined;
  if (answer.body === 'file') {
    const ok = answer.mediaTypes.some((media) => type.startsWith(media));
    return ok ? undefined : `answered ${type}, not ${answer.mediaTypes.join(' or ')}`;
  }
  if (!type.includes('application/json')) return `answered ${type}, not JSON`;
  const parsed = v.safeParse(answer.schema, res.body);
  if (parsed.success) return undefined;
  const issue = parsed.issues[0];
  return `does not match its response schema at ${v.getDotPath(issue) ?? '(the answer)'}: ${issue.message}`;
}

/** METHOD /path of every endpoint; `ALL .../*` entries are middleware (use) and the API's 404 fallback. */
function registeredRoutes(): string[] {
  const keys = t.app.routes
    .filter((r) => !(r.method === 'ALL' && r.path.endsWith('*')))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
}

beforeAll(async () => {
  places = await startFakePlaces();
  t = await createTestContext({
    // Google Wallet on, so its save link answers (docs/PRODUCT.md "Google Wallet"); Google itself is never called.
    env: { GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACES_BASE_URL: places.baseUrl, ...testServiceAccount().env },
  });
  const db = t.db;
  const location = await t.createLocation();
  const type = await t.createMerchantType();
  const { hotel } = await insertSubscribedHotel(db, {
    from: addDays(businessToday(), -30),
    months: 12,
    hotel: { locationId: location.id, googlePlaceId: 'matrix-place' },
  });
  const merchantValues = { locationId: location.id, merchantTypeId: type.id };
  const merchantA = await t.createMerchantLogin({ merchant: merchantValues });
  const merchantB = await t.createMerchantLogin({ merchant: merchantValues });
  const offerA = await insertOffer(db, { merchantId: merchantA.merchantId! });
  const { coupon } = await insertCouponFor(db, { id: offerA.id, merchantId: offerA.merchantId }, { hotelId: hotel.id });
  const newRedeemedCodeA = async (redeemedBy?: string) => {
    const { coupon: fresh } = await insertCouponFor(db, offerA, { hotelId: hotel.id });
    await db
      .update(coupons)
      .set({ isRedeemed: true, redeemedAt: new Date(), redeemedBy: redeemedBy ?? null })
      .where(eq(coupons.id, fresh.id));
    return fresh.code;
  };
  const hotelLogin = await t.createHotelLogin({ hotel: { locationId: location.id } });
  // A guest of the hotel caller's own hotel, so its lists answer a row to check against their schemas.
  await insertCouponFor(db, offerA, { hotelId: hotelLogin.hotelId! });
  const signIn = await t.createHotelLogin();

  for (const role of ['superadmin', 'admin', 'manager'] as const) {
    const login = await t.createAdminUser(role);
    tokens[role] = await t.tokenFor(login.username, login.password);
  }
  tokens.hotel = await t.tokenFor(hotelLogin.username, hotelLogin.password);
  tokens.merchantA = await t.tokenFor(merchantA.username, merchantA.password);
  tokens.merchantB = await t.tokenFor(merchantB.username, merchantB.password);
  const staff = {
    supervisorA: await t.createStaffLogin(merchantA.merchantId!, 'supervisor'),
    cashierA: await t.createStaffLogin(merchantA.merchantId!, 'cashier'),
  };
  tokens.supervisorA = await t.tokenFor(staff.supervisorA.username, staff.supervisorA.password);
  tokens.cashierA = await t.tokenFor(staff.cashierA.username, staff.cashierA.password);
  tokens.anonymous = undefined;

  const png = () => uploadForm(PNG_BYTES, 'matrix.png', 'image/png');
  const stored = async (path: string) => {
    const res = await t.request('POST', path, { token: tokens.superadmin, body: png() });
    if (res.status !== 201) throw new Error(`Upload to ${path} failed: ${res.status} ${res.text}`);
    return `/api/files/${String(res.body.url).replace(/^\/uploads\//, '')}`;
  };

  let mobiles = 0;
  const adminRoles: Partial<Record<MatrixCaller, AdminRole>> = {
    superadmin: 'superadmin',
    admin: 'admin',
    manager: 'manager',
  };
  // Merchant A's statement of this month (docs/PRODUCT.md "Statements"): its coupon makes one.
  await generateStatements(db, {
    month: monthOf(businessToday()),
    timeZone: t.config.timeZone,
    generatedAt: new Date(),
  });
  const [statementA] = await db
    .select({ id: statements.id })
    .from(statements)
    .where(and(eq(statements.partyKind, 'merchant'), eq(statements.partyId, merchantA.merchantId!)));
  fx = {
    statementAId: statementA!.id,
    locationId: location.id,
    merchantTypeId: type.id,
    durationId: hotel.subscriptionDurationId!,
    hotelId: hotel.id,
    merchantAId: merchantA.merchantId!,
    offerAId: offerA.id,
    couponAId: coupon.id,
    scanAId: coupon.scanId,
    redeemedCodeA: await newRedeemedCodeA(),
    newRedeemedCodeA,
    cashierAId: staff.cashierA.id,
    newStaffA: async () => (await t.createStaffLogin(merchantA.merchantId!, 'cashier')).id,
    adminUserId: (await t.createAdminUser('manager')).id,
    publicFilePath: await stored('/api/hotels/upload-logo'),
    privateFilePath: await stored('/api/hotels/upload-contract'),
    thumbnailPath: (await stored('/api/merchants/upload-image')).replace('/api/files/', '/api/files/thumbnails/'),
    login: { username: signIn.username, password: signIn.password },
    mobile: () => `97${String(10_000_000 + ++mobiles).slice(-8)}`,
    checkoutDate: addDays(businessToday(), 3),
    png,
    newLocation: async () => (await t.createLocation()).id,
    newMerchantType: async () => (await t.createMerchantType()).id,
    newHotel: async () => (await t.createHotel({ locationId: location.id })).id,
    newMerchant: async () => (await t.createMerchant(merchantValues)).id,
    newOffer: async () => (await insertOffer(db)).id,
    newAdminUser: async () => (await t.createAdminUser('manager')).id,
    newRemindedScan: async () =>
      (
        await insertOne(db, customerScans, {
          hotelId: hotel.id,
          customerName: 'Matrix Guest',
          mobileNumber: fx.mobile(),
          checkoutDate: addDays(businessToday(), 2),
          remindersOptIn: true,
        })
      ).id,
    async newPlacement() {
      const hotelId = (await t.createHotel({ locationId: location.id })).id;
      const placement = await insertOne(db, placements, { hotelId, label: 'Lobby', kind: 'single' });
      await insertOne(db, placementTokens, { placementId: placement.id, token: crypto.randomUUID().replace(/-/g, '') });
      return { hotelId, placementId: placement.id };
    },
    newHotelWithLogin: async () => (await t.createHotelLogin()).hotelId!,
    newMerchantWithLogin: async () => (await t.createMerchantLogin()).merchantId!,
    async newMerchantSession() {
      const login = await t.createMerchantLogin();
      return {
        merchantId: login.merchantId!,
        sessionId: sessionIdOf(await t.tokenFor(login.username, login.password)),
      };
    },
    async freshLogin(caller) {
      if (caller === 'anonymous') return { password: 'not-signed-in' };
      const role = adminRoles[caller];
      const login = role
        ? await t.createAdminUser(role)
        : caller === 'hotel'
          ? await t.createHotelLogin()
          : caller === 'supervisorA' || caller === 'cashierA'
            ? await t.createStaffLogin(merchantA.merchantId!, caller === 'cashierA' ? 'cashier' : 'supervisor')
            : await t.createMerchantLogin();
      return { token: await t.tokenFor(login.username, login.password), password: login.password };
    },
    async freshSecondFactor(caller, on) {
      const { token, password } = await fx.freshLogin(caller);
      if (!token || caller === 'supervisorA' || caller === 'cashierA') return { token, password, code: '123456' };
      const secret = on
        ? (await enrolSecondFactor(t, token, password)).secret
        : await startSecondFactor(t, token, password);
      return { token, password, code: nextCode(secret) };
    },
    async newSecondStep() {
      const login = await t.createHotelLogin();
      const { secret } = await enrolSecondFactor(t, await t.tokenFor(login.username, login.password), login.password);
      return { mfa_token: await secondStepToken(t, login), code: nextCode(secret) };
    },
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await places?.close();
});

describe('authorization matrix', () => {
  it('has one entry for every registered route, and none for a route that is gone', () => {
    const routes = registeredRoutes();
    const missing = routes.filter((key) => !MATRIX[key]);
    const stale = Object.keys(MATRIX).filter((key) => !routes.includes(key));
    expect(
      missing,
      `Routes without an entry in tests/api/authorization-matrix.table.ts: ${missing.join(', ')}`,
    ).toEqual([]);
    expect(
      stale,
      `Entries in authorization-matrix.table.ts for routes the server no longer has: ${stale.join(', ')}`,
    ).toEqual([]);
  });

  it('answers every route as the table says, for every caller', async () => {
    const wrong: string[] = [];
    // Every route's answers, the pages outside /api too (a message's links: docs/PRODUCT.md "Reminders").
    const described = new Map(
      describeRoutes(t.app.routes, '').map((route) => [`${route.method} ${route.path}`, route]),
    );
    for (const key of registeredRoutes()) {
      const entry = MATRIX[key];
      if (!entry) continue; // reported by the test above
      const method = key.slice(0, key.indexOf(' '));
      const actual = {} as Expectation;
      for (const caller of CALLERS) {
        const req = entry.request ? await entry.request(fx, caller) : { path: key.slice(key.indexOf(' ') + 1) };
        const token = req.token === null ? undefined : (req.token ?? tokens[caller]);
        const res = await t.request(method, req.path, { token, json: req.json, body: req.body, headers: req.headers });
        actual[caller] = res.status;
        // A refusal is always JSON {"detail": "..."}.
        if (res.status >= 400 && typeof res.body?.detail !== 'string')
          wrong.push(`${key} as ${caller}: ${res.status} without a JSON detail`);
        if (res.status >= 500) wrong.push(`${key} as ${caller}: ${res.status} ${res.text.slice(0, 200)}`);
        const mismatch = res.status < 400 && answerMismatch(described.get(key)?.answers ?? [], res);
        if (mismatch) wrong.push(`${key} as ${caller}: ${mismatch}`);
      }
      const diff = CALLERS.filter((caller) => actual[caller] !== entry.expect[caller]);
      if (diff.length)
        wrong.push(`${key}: ${diff.map((c) => `${c} got ${actual[c]}, expected ${entry.expect[c]}`).join('; ')}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
