import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../support/tables';
import { addDays } from '../../src/shared/dates';
import { MAPS_LINK_MESSAGE } from '../../src/shared/maps';
import { expectAnswer, uniqueName, useRoleTokens, useTestContext } from '../support';
import { guestScanRequests } from '../support/guest-scan-requests';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertOffer } from '../support/offer-factories';
import { pdfText } from '../support/pdf-text';

/**
 * Where the shop is (docs/PRODUCT.md "API fields", Coupon): every form of a voucher (the scan's answer, the refresh of
 * saved vouchers, the PDF) and View Details carry the shop's address, a map link, the store's number (never the
 * owner's) and the offer's hours; the back office saves only maps addresses as location links.
 */

// One proxy is trusted, so the rate-limit test names its own address.
const t = useTestContext({ env: { TRUST_PROXY: '1' } });
const tokens = useRoleTokens(t);

const OWNER_NUMBER = '9123456780';
const STORE_NUMBER = '0832 222 3344';
const MAPS = 'https://maps.app.goo.gl/SpiceGarden42';
const searchFor = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

let today: string;
let hotelId: string;
let spice: { id: string; name: string; address: string };
let legacy: { id: string; address: string };
let thaliId: string;
let teaId: string;
let mobiles = 0;
const nextMobile = () => `97${String(10_000_000 + ++mobiles * 7901).slice(-8)}`;

beforeAll(async () => {
  today = businessToday();
  const location = await t.createLocation();
  ({
    hotel: { id: hotelId },
  } = await insertSubscribedHotel(t.db, { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } }));
  spice = await t.createMerchant({
    locationId: location.id,
    contactNumber: OWNER_NUMBER,
    storeContactNumber: STORE_NUMBER,
    address: '3, Market Street, Calangute, Goa',
    locationLink: MAPS,
  });
  // Saved before location links had to be maps addresses: kept, but never a guest's map link.
  legacy = await t.createMerchant({
    locationId: location.id,
    contactNumber: OWNER_NUMBER,
    address: 'Shop 7, Beach Road & Co',
    locationLink: 'https://example.com/our-shop',
  });
  thaliId = (await insertOffer(t.db, { merchantId: spice.id, openingHours: '11:00:00', closingHours: '23:30:00' })).id;
  teaId = (await insertOffer(t.db, { merchantId: legacy.id, openingHours: null, closingHours: null })).id;
});

const { submission, submit } = guestScanRequests(t, () => ({ hotelId, offerIds: [thaliId, teaId], today }), {
  customerName: 'Kavya Menon',
  nextMobile,
});

const spicePlace = () => ({ address: spice.address, store_contact_number: STORE_NUMBER, map_link: MAPS });
const legacyPlace = () => ({
  address: legacy.address,
  store_contact_number: null,
  map_link: searchFor(legacy.address),
});

/** Cards by offer, with the shop's place and the offer's hours as the phone shows and saves them. */
function expectPlaces(cards: { merchant: unknown; offer: unknown }[]) {
  expect(cards).toHaveLength(2);
  expect(cards[0]).toMatchObject({
    merchant: { name: spice.name, ...spicePlace() },
    offer: { opening_hours: '11:00', closing_hours: '23:30' },
  });
  expect(cards[1]).toMatchObject({
    merchant: legacyPlace(),
    offer: { opening_hours: null, closing_hours: null },
  });
  // The owner's own number is never given to a guest.
  expect(JSON.stringify(cards)).not.toContain(OWNER_NUMBER);
}

const refresh = (scanId: string, address = '10.9.0.1') =>
  t.request('GET', `/api/coupons?scan_id=${scanId}`, { headers: { 'X-Forwarded-For': address } });

describe("a voucher's place: address, map link, store number, hours", () => {
  it('is in the vouchers as issued and as a retry answers them', async () => {
    const body = submission();
    const issued = await submit(body, `place-${body.mobile_number}`);
    expect(issued.status).toBe(201);
    expectPlaces(issued.body.coupons);
    const retry = await submit(body, `place-${body.mobile_number}`);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(issued.body);
  });

  it('is in View Details before the offer is picked', async () => {
    for (const [offerId, place] of [
      [thaliId, spicePlace()],
      [teaId, legacyPlace()],
    ] as const) {
      const details = await t.request('GET', `/api/offers/${offerId}/details?hotel_id=${hotelId}`);
      expect(details.status).toBe(200);
      expect(details.body.merchant).toEqual(place);
      expect(details.text).not.toContain(OWNER_NUMBER);
    }
  });

  it('is in the PDF: address, the store number, the hours and a map link', async () => {
    const issued = await submit(submission());
    const [thali, tea] = issued.body.coupons;
    const pdf = await t.app.request(`/api/coupons/${thali.id}/download`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const text = pdfText(bytes);
    expect(text).toContain(spice.address);
    // The hours as the guest page words them, an en dash between (which the text extraction drops).
    expect(text).toMatch(new RegExp(`Call ${STORE_NUMBER} · Open 11:00 \\W? ?23:30`));
    expect(text).toContain('Open in Google Maps');
    expect(text).not.toContain(OWNER_NUMBER);
    expect(bytes.toString('latin1')).toContain(`/URI (${MAPS})`);

    const other = Buffer.from(await (await t.app.request(`/api/coupons/${tea.id}/download`)).arrayBuffer());
    expect(pdfText(other)).not.toMatch(/Call |Open \d/);
    expect(other.toString('latin1')).toContain(`/URI (${searchFor(legacy.address)})`);
  });
});

describe('GET /api/coupons?scan_id= (saved vouchers gain what changed)', () => {
  it("answers the scan's cards as they are now, and nothing personal", async () => {
    const body = submission();
    const issued = await submit(body);
    await submit(submission({ selected_offers: [thaliId] })); // another guest's scan is not in the answer
    const res = await refresh(issued.body.scan_id);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.body).toHaveLength(2);
    const byId = new Map(res.body.map((card: { id: string }) => [card.id, card]));
    expect(issued.body.coupons.map((card: { id: string }) => byId.get(card.id))).toEqual(issued.body.coupons);
    expect(res.text).not.toContain('Kavya');
    expect(res.text).not.toContain(body.mobile_number);

    await t.db.update(merchants).set({ address: '5, New Market Road, Goa' }).where(eq(merchants.id, spice.id));
    try {
      const moved = await refresh(issued.body.scan_id);
      const card = moved.body.find((c: { id: string }) => c.id === issued.body.coupons[0].id);
      expect(card.merchant).toMatchObject({ address: '5, New Market Road, Goa', map_link: MAPS });
    } finally {
      await t.db.update(merchants).set({ address: spice.address }).where(eq(merchants.id, spice.id));
    }
  });

  it("answers nothing for an unknown scan or an erased guest's scan", async () => {
    expectAnswer(await refresh('00000000-0000-4000-8000-000000000000'), 200, []);
    const body = submission();
    const issued = await submit(body);
    expect((await refresh(issued.body.scan_id)).body).toHaveLength(2);
    const erased = await t.request('POST', '/api/customer-scans/erase', {
      token: tokens.superadmin,
      json: { mobile_number: body.mobile_number },
    });
    expect(erased.body).toEqual({ scans_anonymised: 1, vouchers_cancelled: 2 });
    expectAnswer(await refresh(issued.body.scan_id), 200, []);
  });

  it('refuses a malformed or missing scan id with 422', async () => {
    expectAnswer(await refresh('abc'), 422, { detail: 'scan_id must be a valid id' });
    expectAnswer(await refresh("1' or '1'='1"), 422, { detail: 'scan_id must be a valid id' });
    expectAnswer(await t.request('GET', '/api/coupons'), 422, { detail: 'scan_id is required' });
  });

  it('one address may refresh 120 times in 10 minutes, then 429', async () => {
    const scanId = '00000000-0000-4000-8000-000000000001';
    for (let i = 0; i < 120; i++) expect((await refresh(scanId, '10.9.9.9')).status).toBe(200);
    const refused = await refresh(scanId, '10.9.9.9');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many voucher refreshes from this network\. Please try again in/);
    expect((await refresh(scanId, '10.9.9.10')).status).toBe(200);
  });
});

describe('location link: maps addresses only', () => {
  const merchantBody = (location_link: string) => ({
    name: uniqueName('Map Shop'),
    merchant_type_id: legacyTypeId,
    location_id: legacyLocationId,
    contact_number: OWNER_NUMBER,
    address: '1, Fort Road',
    location_link,
  });
  let legacyTypeId: number;
  let legacyLocationId: number;
  beforeAll(async () => {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, legacy.id));
    legacyTypeId = row!.merchantTypeId;
    legacyLocationId = row!.locationId;
  });

  it('refuses any other web address, naming the field; a maps address is saved', async () => {
    for (const link of ['https://example.com/our-shop', 'http://maps.google.com/?q=Fort', 'https://goo.gl/xyz']) {
      const res = await t.request('POST', '/api/merchants', { token: tokens.superadmin, json: merchantBody(link) });
      expectAnswer(res, 422, { detail: MAPS_LINK_MESSAGE }, link);
    }
    const edit = await t.request('PUT', `/api/merchants/${legacy.id}`, {
      token: tokens.superadmin,
      json: merchantBody('https://example.com/our-shop'),
    });
    expectAnswer(edit, 422, { detail: MAPS_LINK_MESSAGE });
    const saved = await t.request('POST', '/api/merchants', {
      token: tokens.superadmin,
      json: merchantBody('https://www.google.com/maps/place/Fort+Road'),
    });
    expect(saved.status).toBe(201);
    expect(saved.body.location_link).toBe('https://www.google.com/maps/place/Fort+Road');
  });

  it('keeps a link stored before the rule (the back office still sees it)', async () => {
    const list = await t.request('GET', '/api/merchants', { token: tokens.superadmin });
    expect(list.body.find((m: { id: string }) => m.id === legacy.id).location_link).toBe(
      'https://example.com/our-shop',
    );
  });
});
