import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OFFER_IMAGE_NOT_OWN } from '../../src/server/modules/offers/offers.service';
import { createApp } from '../../src/server/platform/app';
import { HSTS } from '../../src/server/platform/middleware/transport-security';
import { todayIn } from '../../src/shared/dates';
import { CONTRACT_UPLOAD_MESSAGE, GOOGLE_LINK_MESSAGE } from '../../src/shared/schemas/hotels';
import { uniqueName, useTestContext } from '../support';
import { durationByMonths, PDF_BYTES, uploadForm } from '../support/hotel-factories';
import { fileBody, insertOffer, offerInput, tinyPng } from '../support/offer-factories';
import { hotels } from '../support/tables';

/**
 * The small items of sign-in at ASVS level 2 (docs/SECURITY.md): password-change failures per login, offer images of
 * the merchant's own, what a back-office manager sees and sets, HSTS and Permissions-Policy. Passwords
 * (ADMIN_PASSWORD, the username rule) are in asvs-passwords.test.ts; the wrong-code limit at the counter in
 * redeem-wrong-codes.test.ts. The app trusts one proxy here, so each request may name its own address in
 * X-Forwarded-For.
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });

let nextAddress = 1;
const freshAddress = () => `10.77.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

describe('a wrong current password counts against that login only', () => {
  const login = (address: string, username: string, password: string) =>
    t.request('POST', '/api/auth/login', { json: { username, password }, headers: { 'X-Forwarded-For': address } });
  const change = (token: string, address: string, current: string) =>
    t.request('PUT', '/api/auth/password', {
      token,
      json: { current_password: current, new_password: 'Brand-new-999x' },
      headers: { 'X-Forwarded-For': address },
    });

  it('10 wrong ones lock that login’s password change, not its sign-in nor its colleagues behind the address', async () => {
    const office = freshAddress();
    const people = await Promise.all(Array.from({ length: 3 }, () => t.createMerchantLogin()));
    for (const person of people) {
      const token = (await login(office, person.username, person.password)).body.access_token;
      for (let i = 0; i < 10; i++) expect((await change(token, office, `not-it-${i}-x`)).status).toBe(400);
      const refused = await change(token, office, person.password);
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toMatch(/^Too many wrong current passwords\. Try again in \d+ minutes?\.$/);
    }
    // 30 failures from the address, none counted against it: a colleague and the locked logins still sign in.
    const colleague = await t.createMerchantLogin();
    expect((await login(office, colleague.username, colleague.password)).status).toBe(200);
    expect((await login(office, people[0]!.username, people[0]!.password)).status).toBe(200);
  });

  it('the right current password clears the count', async () => {
    const person = await t.createMerchantLogin();
    const address = freshAddress();
    const token = (await login(address, person.username, person.password)).body.access_token;
    for (let i = 0; i < 9; i++) expect((await change(token, address, `not-it-${i}-x`)).status).toBe(400);
    const changed = await change(token, address, person.password);
    expect(changed.status).toBe(200);
    const again = changed.body.access_token as string;
    for (let i = 0; i < 10; i++) expect((await change(again, address, `still-not-${i}`)).status).toBe(400);
  });
});

describe("an offer's images are its merchant's own uploads", () => {
  const today = () => todayIn(t.config.timeZone);
  const upload = async (token: string) => {
    const res = await t.request('POST', '/api/merchants/upload-image', { token, body: fileBody(tinyPng()) });
    expect(res.status).toBe(201);
    return res.body.url as string;
  };
  const ownOffer = (token: string, merchantId: string, images: string[]) =>
    t.request('POST', '/api/merchant/my-offers', { token, json: { ...offerInput(merchantId, today()), images } });
  const backOfficeOffer = (token: string, merchantId: string, images: string[]) =>
    t.request('POST', '/api/offers', { token, json: { ...offerInput(merchantId, today()), images } });

  async function merchant() {
    const login = await t.createMerchantLogin();
    return { id: login.merchantId!, token: await t.tokenFor(login.username, login.password) };
  }

  it("merchant B cannot show merchant A's upload, in a new offer or an edit; its own it can", async () => {
    const [a, b] = [await merchant(), await merchant()];
    const aImage = await upload(a.token);
    const bImage = await upload(b.token);
    const refused = await ownOffer(b.token, b.id, [aImage]);
    expect([refused.status, refused.body.detail]).toEqual([422, OFFER_IMAGE_NOT_OWN]);
    const created = await ownOffer(b.token, b.id, [bImage]);
    expect(created.status, created.text).toBe(201);
    const edit = await t.request('PUT', `/api/merchant/my-offers/${created.body.id}`, {
      token: b.token,
      json: { ...offerInput(b.id, today()), images: [bImage, aImage] },
    });
    expect([edit.status, edit.body.detail]).toEqual([422, OFFER_IMAGE_NOT_OWN]);
    expect((await ownOffer(a.token, a.id, [aImage])).status).toBe(201);
  });

  it('a back-office upload goes to the first merchant whose offer uses it; another merchant’s upload never', async () => {
    const superadmin = await t.tokenAs('superadmin');
    const [a, b] = [await merchant(), await merchant()];
    const shared = await upload(superadmin);
    expect((await backOfficeOffer(superadmin, b.id, [shared])).status).toBe(201);
    // Now B's: the back office cannot give it to A, B may use it again, A may not.
    const toA = await backOfficeOffer(superadmin, a.id, [shared]);
    expect([toA.status, toA.body.detail]).toEqual([422, OFFER_IMAGE_NOT_OWN]);
    expect((await ownOffer(b.token, b.id, [shared])).status).toBe(201);
    expect((await ownOffer(a.token, a.id, [shared])).status).toBe(422);
    // A merchant's own upload is not the back office's to move either.
    const aImage = await upload(a.token);
    expect((await backOfficeOffer(superadmin, b.id, [aImage])).status).toBe(422);
    expect((await backOfficeOffer(superadmin, a.id, [aImage])).status).toBe(201);
  });

  it('an image from before owners were recorded stays on its offers, and only its merchant may use it', async () => {
    const [a, b] = [await merchant(), await merchant()];
    const old = `/uploads/merchants/${crypto.randomUUID()}.png`;
    const offer = await insertOffer(t.db, { merchantId: a.id, images: [old] });
    const kept = await t.request('PUT', `/api/merchant/my-offers/${offer.id}`, {
      token: a.token,
      json: { ...offerInput(a.id, today(), offer.offerName), images: [old] },
    });
    expect(kept.status, kept.text).toBe(200);
    expect((await ownOffer(a.token, a.id, [old])).status).toBe(201);
    expect((await ownOffer(b.token, b.id, [old])).status).toBe(422);
  });
});

describe('a back-office manager: no amounts, Google links and uploaded contracts only', () => {
  let locationId: number;
  let twelveMonths: number;
  const hotelBody = (overrides: Record<string, unknown> = {}) => ({
    name: uniqueName('Hotel'),
    location_id: locationId,
    address: '12 Beach Road, Goa',
    contact_number: '9876543210',
    contact_person: 'Anita Desai',
    subscription_duration_id: twelveMonths,
    subscription_revenue: 24000,
    google_link: 'https://maps.google.com/?q=test',
    offer_selection_type: 'all',
    selected_merchant_types: [],
    ...overrides,
  });
  async function setUp() {
    locationId ??= (await t.createLocation()).id;
    twelveMonths ??= (await durationByMonths(t.db, 12)).id;
    const [admin, manager] = await Promise.all([t.tokenAs('admin'), t.tokenAs('manager')]);
    const created = await t.request('POST', '/api/hotels', { token: admin, json: hotelBody() });
    expect(created.status, created.text).toBe(201);
    return { admin, manager, hotelId: created.body.id as string };
  }
  const contract = async (token: string) => {
    const res = await t.request('POST', '/api/hotels/upload-contract', {
      token,
      body: uploadForm(PDF_BYTES, 'contract.pdf', 'application/pdf'),
    });
    expect(res.status).toBe(201);
    return res.body.url as string;
  };

  it('sees no subscription amount in the list, the hotel, its renewal history or the export', async () => {
    const { admin, manager, hotelId } = await setUp();
    const renewed = await t.request('POST', `/api/hotels/${hotelId}/renew`, {
      token: manager,
      json: { subscription_duration_id: twelveMonths, subscription_revenue: 26000 },
    });
    expect([renewed.status, renewed.body.subscription_revenue]).toEqual([200, null]);

    const listed = (token: string) =>
      t.request('GET', '/api/hotels', { token }).then((r) => r.body.find((h: { id: string }) => h.id === hotelId));
    expect((await listed(manager)).subscription_revenue).toBeNull();
    expect((await listed(admin)).subscription_revenue).toBe(26000);
    expect((await t.request('GET', `/api/hotels/${hotelId}`, { token: manager })).body.subscription_revenue).toBeNull();

    const history = (token: string) => t.request('GET', `/api/hotels/${hotelId}/renewal-history`, { token });
    expect((await history(manager)).body.map((r: { amount: unknown }) => r.amount)).toEqual([null]);
    expect((await history(admin)).body.map((r: { amount: unknown }) => r.amount)).toEqual([26000]);

    const header = async (token: string) =>
      (await t.request('GET', '/api/hotels/export', { token })).text.split('\n')[0]!;
    expect(await header(manager)).not.toContain('Subscription Amount');
    expect(await header(admin)).toContain('Subscription Amount');
  });

  it("a manager's edit keeps the amount it cannot see", async () => {
    const { admin, manager, hotelId } = await setUp();
    const edited = await t.request('PUT', `/api/hotels/${hotelId}`, {
      token: manager,
      json: hotelBody({ name: uniqueName('Renamed'), subscription_revenue: null }),
    });
    expect(edited.status, edited.text).toBe(200);
    const [row] = await t.db.select().from(hotels).where(eq(hotels.id, hotelId));
    expect(Number(row!.subscriptionRevenue)).toBe(24000);
    expect((await t.request('GET', `/api/hotels/${hotelId}`, { token: admin })).body.subscription_revenue).toBe(24000);
  });

  it.each([
    'https://maps.google.com/?q=Sea+View',
    'https://www.google.com/maps/place/Sea+View',
    'https://google.com/maps',
    'https://business.google.com/reviews',
    'https://g.page/sea-view/review',
    'https://maps.app.goo.gl/AbCdEf123',
    'https://goo.gl/maps/AbCdEf',
  ])('a Google link on Google’s hosts is taken from every role: %s', async (link) => {
    const { manager } = await setUp();
    const res = await t.request('POST', '/api/hotels', { token: manager, json: hotelBody({ google_link: link }) });
    expect(res.status, res.text).toBe(201);
  });

  it.each([
    'https://evil.example/maps',
    'https://google.com.evil.example/maps',
    'https://evilgoogle.com/maps',
    'http://maps.google.com/?q=x',
    'https://maps.google.com:8443/?q=x',
    'https://user@maps.google.com/',
    'https://evil.example\\@google.com/',
  ])('any other Google link is refused, to the super admin too: %s', async (link) => {
    const superadmin = await t.tokenAs('superadmin');
    await setUp();
    const res = await t.request('POST', '/api/hotels', { token: superadmin, json: hotelBody({ google_link: link }) });
    expect([res.status, res.body.detail]).toEqual([422, GOOGLE_LINK_MESSAGE]);
  });

  it('a manager sets a contract only to a file uploaded here; one already on the hotel may stay', async () => {
    const { admin, manager, hotelId } = await setUp();
    const outside = 'https://docs.example.com/contract.pdf';
    for (const [method, path, json] of [
      ['POST', '/api/hotels', hotelBody({ contract_url: outside })],
      ['PUT', `/api/hotels/${hotelId}`, hotelBody({ contract_url: outside })],
      ['POST', `/api/hotels/${hotelId}/renew`, { subscription_duration_id: twelveMonths, contract_url: outside }],
    ] as const) {
      const res = await t.request(method, path, { token: manager, json });
      expect([res.status, res.body.detail], `${method} ${path}`).toEqual([422, CONTRACT_UPLOAD_MESSAGE]);
    }
    const uploaded = await contract(manager);
    const made = await t.request('POST', '/api/hotels', {
      token: manager,
      json: hotelBody({ contract_url: uploaded }),
    });
    expect(made.status, made.text).toBe(201);

    // An admin may still link a contract kept elsewhere; the manager's later edit keeps it.
    const linked = await t.request('PUT', `/api/hotels/${hotelId}`, {
      token: admin,
      json: hotelBody({ contract_url: outside }),
    });
    expect(linked.status, linked.text).toBe(200);
    const kept = await t.request('PUT', `/api/hotels/${hotelId}`, {
      token: manager,
      json: hotelBody({ contract_url: outside }),
    });
    expect(kept.status, kept.text).toBe(200);
  });
});

describe('HSTS over HTTPS only, and the Permissions-Policy', () => {
  const get = (app: ReturnType<typeof createApp>, url: string, headers: Record<string, string> = {}) =>
    app.request(url, { headers });

  it('one year with subdomains over https, never over http', async () => {
    const app = t.app;
    expect((await get(app, 'http://localhost/api/health')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await get(app, 'https://localhost/api/health')).headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });

  it('behind a trusted proxy, X-Forwarded-Proto: https counts; without TRUST_PROXY it is the caller’s word', async () => {
    const trusting = t.app;
    const hsts = async (app: ReturnType<typeof createApp>, proto: string) =>
      (await get(app, 'http://localhost/api/health', { 'X-Forwarded-Proto': proto })).headers.get(
        'Strict-Transport-Security',
      );
    expect(await hsts(trusting, 'https')).toBe(HSTS);
    expect(await hsts(trusting, 'http')).toBeNull();
    // A proxy that appends: the entry our one trusted proxy wrote is the last.
    expect(await hsts(trusting, 'https, http')).toBeNull();
    expect(await hsts(trusting, 'http, https')).toBe(HSTS);
    const direct = createApp({ ...t.deps, config: { ...t.config, trustProxy: 0 } });
    expect(await hsts(direct, 'https')).toBeNull();
  });

  it('allows the camera to our own pages and denies the rest', async () => {
    const res = await get(t.app, 'http://localhost/api/health');
    const policy = new Map(
      res.headers
        .get('Permissions-Policy')!
        .split(',')
        .map((d) => d.trim().split('=') as [string, string]),
    );
    expect(policy.get('camera')).toBe('(self)');
    // web-share is left to its default (our own pages): Chromium reports the name as unknown in the console.
    expect(policy.has('web-share')).toBe(false);
    for (const feature of ['geolocation', 'microphone', 'payment', 'usb', 'serial', 'hid', 'display-capture'])
      expect(policy.get(feature), feature).toBe('()');
  });
});
