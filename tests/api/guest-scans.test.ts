import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { customerScans, hotels, merchants, offers } from '../support/tables';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { VOUCHER_CODE_ALPHABET } from '../../src/shared/constants';
import { addDays } from '../../src/shared/dates';
import {
  ALREADY_COLLECTED,
  CHECKOUT_PAST,
  CHECKOUT_REQUIRED,
  NAME_REQUIRED,
  PHONE_INVALID,
  SELECT_AT_LEAST_ONE,
  SELECT_AT_MOST_THREE,
} from '../../src/shared/schemas/scans';
import {
  HOTEL_INACTIVE,
  HOTEL_NOT_FOUND,
  KEY_REUSED,
  OFFERS_UNAVAILABLE,
} from '../../src/server/modules/customer-scans/customer-scans.service';
import { useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertOffer } from '../support/offer-factories';
import { guestScanRequests } from '../support/guest-scan-requests';
import { pdfContents, pdfText } from '../support/pdf-text';

// Real codes, except where a test asks for a collision.
vi.mock('../../src/server/platform/lib/codes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/platform/lib/codes')>();
  return { ...actual, generateVoucherCode: vi.fn(actual.generateVoucherCode) };
});

const t = useTestContext();
let today: string;
let hotelId: string;
let locationId: number;
let offerIds: string[];
let mobileCounter = 0;
const nextMobile = () => `98${String(10_000_000 + ++mobileCounter * 7919).slice(-8)}`;

beforeAll(async () => {
  today = businessToday();
  const location = await t.createLocation();
  locationId = location.id;
  const { hotel } = await insertSubscribedHotel(t.db, { from: addDays(today, -30), months: 12, hotel: { locationId } });
  hotelId = hotel.id;
  const merchant = await t.createMerchant({ locationId });
  offerIds = [];
  for (let i = 0; i < 4; i++) offerIds.push((await insertOffer(t.db, { merchantId: merchant.id })).id);
});

const { submission, submit } = guestScanRequests(t, () => ({ hotelId, offerIds, today }), {
  customerName: 'Priya Sharma',
  nextMobile,
});

/** A new guest's two-offer submission at each of `count` new hotels of the town. */
async function guestsOfHotels(count: number) {
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -30),
      months: 12,
      hotel: { locationId },
    });
    bodies.push(submission({ hotel_id: hotel.id, selected_offers: offerIds.slice(0, 2) }));
  }
  return bodies;
}

const scansOf = (mobile: string) => t.db.select().from(customerScans).where(eq(customerScans.mobileNumber, mobile));

describe('GET /api/customer-scans/check/{hotelId}/{mobile}', () => {
  it('allows a new guest of an active hotel', async () => {
    const res = await t.request('GET', `/api/customer-scans/check/${hotelId}/${nextMobile()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ can_scan: true, message: expect.any(String) });
  });

  it('refuses a number that already has vouchers for a stay still running, not one whose stay ended', async () => {
    const body = submission();
    expect((await submit(body)).status).toBe(201);
    const again = await t.request('GET', `/api/customer-scans/check/${hotelId}/${body.mobile_number}`);
    expect(again.body).toEqual({ can_scan: false, message: ALREADY_COLLECTED });

    const pastGuest = nextMobile();
    await t.db
      .insert(customerScans)
      .values({ hotelId, customerName: 'Old stay', mobileNumber: pastGuest, checkoutDate: addDays(today, -1) });
    expect((await t.request('GET', `/api/customer-scans/check/${hotelId}/${pastGuest}`)).body.can_scan).toBe(true);
  });

  it('refuses an unknown hotel and a hotel whose subscription ended', async () => {
    const unknown = await t.request(
      'GET',
      `/api/customer-scans/check/00000000-0000-4000-8000-000000000000/${nextMobile()}`,
    );
    expect(unknown.body).toEqual({ can_scan: false, message: HOTEL_NOT_FOUND });
    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -400),
      months: 12,
      hotel: { locationId },
    });
    const ended = await t.request('GET', `/api/customer-scans/check/${hotel.id}/${nextMobile()}`);
    expect(ended.body).toEqual({ can_scan: false, message: HOTEL_INACTIVE });
  });

  it('validates the mobile number and hotel id', async () => {
    const res = await t.request('GET', `/api/customer-scans/check/${hotelId}/12345`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(PHONE_INVALID);
    expect((await t.request('GET', `/api/customer-scans/check/not-a-uuid/${nextMobile()}`)).status).toBe(422);
  });
});

describe('POST /api/customer-scans', () => {
  it('issues one coupon per offer with 8-character codes from the agreed alphabet', async () => {
    const body = submission({ selected_offers: offerIds.slice(0, 3) });
    const res = await submit(body);
    expect(res.status).toBe(201);
    expect(res.body.scan_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.coupons).toHaveLength(3);
    for (const coupon of res.body.coupons) {
      expect(coupon.coupon_code).toMatch(new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{8}$`));
      expect(coupon).toMatchObject({
        id: expect.any(String),
        merchant_name: expect.any(String),
        is_redeemed: false,
        redeemed_at: null,
        offer_name: expect.any(String),
        merchant: { name: expect.any(String), merchant_type: expect.any(String) },
        offer: {
          offer_type: 'percentage',
          offer_value: 10,
          offer_name: expect.any(String),
          validity_to: addDays(today, 30),
        },
      });
    }
    expect(new Set(res.body.coupons.map((c: { coupon_code: string }) => c.coupon_code)).size).toBe(3);
    const [scan] = await scansOf(body.mobile_number);
    expect(scan).toMatchObject({ hotelId, customerName: 'Priya Sharma', checkoutDate: body.checkout_date });
  });

  it('gives the scan and its vouchers time-ordered ids (UUID version 7 of the moment they were written)', async () => {
    // docs/DATA.md "Keys": new rows add to the right end of their indexes.
    const millisOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    const versionOf = (id: string) => id[14];
    const earliest = Date.now();
    const first = (await submit(submission({ selected_offers: offerIds.slice(0, 2) }))).body;
    const second = (await submit(submission({ selected_offers: offerIds.slice(0, 1) }))).body;
    const latest = Date.now();
    const ids: string[] = [first.scan_id, ...first.coupons.map((c: { id: string }) => c.id), second.scan_id];
    for (const id of ids) {
      expect(versionOf(id), id).toBe('7');
      expect(millisOf(id)).toBeGreaterThanOrEqual(earliest - 1000); // the database's clock, not this process's
      expect(millisOf(id)).toBeLessThanOrEqual(latest + 1000);
    }
    expect(millisOf(second.scan_id)).toBeGreaterThanOrEqual(millisOf(first.scan_id));
    // Still 74 random bits: two ids of one submission differ beyond their time.
    expect(first.coupons[0].id.slice(15)).not.toBe(first.coupons[1].id.slice(15));
  });

  it.each([
    ['a missing name', { customer_name: '  ' }, NAME_REQUIRED],
    ['a short phone number', { mobile_number: '98765' }, PHONE_INVALID],
    ['letters in the phone number', { mobile_number: '98765abcde' }, PHONE_INVALID],
    ['a missing check-out date', { checkout_date: '' }, CHECKOUT_REQUIRED],
    ['a check-out date in the past', { checkout_date: '2020-01-01' }, CHECKOUT_PAST],
    ['a check-out date that does not exist', { checkout_date: '2099-02-30' }, CHECKOUT_REQUIRED],
    ['no vouchers', { selected_offers: [] }, SELECT_AT_LEAST_ONE],
    ['vouchers that are not a list', { selected_offers: 'four' }, SELECT_AT_LEAST_ONE],
  ])('refuses %s and issues nothing', async (_, overrides, message) => {
    const body = submission(overrides);
    const res = await submit(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(message);
    expect(await scansOf(String(body.mobile_number))).toHaveLength(0);
  });

  it('refuses four offers and the same offer twice', async () => {
    const four = await submit(submission({ selected_offers: offerIds }));
    expect(four.status).toBe(422);
    expect(four.body.detail).toBe(SELECT_AT_MOST_THREE);
    const twice = await submit(submission({ selected_offers: [offerIds[0], offerIds[0]] }));
    expect(twice.status).toBe(422);
    expect(twice.body.detail).toBe('Each voucher can be selected only once');
  });

  it('refuses offers a guest of this hotel may not get: other location, inactive, expired, not yet valid, archived, excluded type', async () => {
    const elsewhere = await insertOffer(t.db); // a merchant in another location
    const inactive = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId })).id,
      isActive: false,
    });
    const expired = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId })).id,
      validityTo: addDays(today, -1),
      validityFrom: addDays(today, -9),
    });
    const future = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId })).id,
      validityFrom: addDays(today, 1),
    });
    const archived = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId })).id,
      archivedAt: new Date(),
    });
    const ofArchivedMerchant = await insertOffer(t.db, { merchantId: (await t.createMerchant({ locationId })).id });
    await t.db.update(merchants).set({ archivedAt: new Date() }).where(eq(merchants.id, ofArchivedMerchant.merchantId));
    for (const bad of [elsewhere, inactive, expired, future, archived, ofArchivedMerchant]) {
      const body = submission({ selected_offers: [offerIds[0], bad.id] });
      const res = await submit(body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(OFFERS_UNAVAILABLE);
      expect(await scansOf(body.mobile_number)).toHaveLength(0);
    }

    const allowedType = await t.createMerchantType();
    const { hotel: manualHotel } = await insertSubscribedHotel(t.db, {
      from: today,
      hotel: { locationId, offerSelectionType: 'manual', selectedMerchantTypes: [allowedType.id] },
    });
    const allowed = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId, merchantTypeId: allowedType.id })).id,
    });
    const excluded = await submit(submission({ hotel_id: manualHotel.id, selected_offers: [offerIds[0]] }));
    expect(excluded.status).toBe(422);
    expect(excluded.body.detail).toBe(OFFERS_UNAVAILABLE);
    expect((await submit(submission({ hotel_id: manualHotel.id, selected_offers: [allowed.id] }))).status).toBe(201);
  });

  it('refuses an unknown hotel, an ended subscription and a second set for the same stay', async () => {
    const unknown = await submit(submission({ hotel_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(HOTEL_NOT_FOUND);

    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -40),
      months: 1,
      hotel: { locationId },
    });
    const ended = await submit(submission({ hotel_id: hotel.id }));
    expect(ended.status).toBe(409);
    expect(ended.body.detail).toBe(HOTEL_INACTIVE);

    const body = submission();
    expect((await submit(body)).status).toBe(201);
    const second = await submit({ ...body, selected_offers: [offerIds[3]] });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(ALREADY_COLLECTED);
    expect(await scansOf(body.mobile_number)).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key returns the same scan and codes, and one scan exists', async () => {
    const body = submission();
    const key = `retry-${crypto.randomUUID()}`;
    const first = await submit(body, key);
    const retry = await submit(body, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await scansOf(body.mobile_number)).toHaveLength(1);

    const misuse = await submit(submission(), key);
    expect(misuse.status).toBe(409);
    expect(misuse.body.detail).toBe(KEY_REUSED);
    expect((await submit(body, 'bad key!')).status).toBe(422);
  });

  it('a retry answers the same vouchers even after an offer or the hotel changed', async () => {
    const offer = await insertOffer(t.db, { merchantId: (await t.createMerchant({ locationId })).id });
    const body = submission({ selected_offers: [offer.id, offerIds[0]] });
    const key = `late-${crypto.randomUUID()}`;
    const first = await submit(body, key);
    expect(first.status).toBe(201);
    await t.db.update(offers).set({ isActive: false }).where(eq(offers.id, offer.id));
    const retry = await submit(body, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    // Without the key the same choice is refused now.
    expect((await submit({ ...body, mobile_number: nextMobile() })).body.detail).toBe(OFFERS_UNAVAILABLE);

    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -30),
      months: 12,
      hotel: { locationId },
    });
    const atHotel = submission({ hotel_id: hotel.id });
    const issued = await submit(atHotel, `${key}-hotel`);
    expect(issued.status).toBe(201);
    await t.db.update(hotels).set({ isActive: false }).where(eq(hotels.id, hotel.id));
    const again = await submit(atHotel, `${key}-hotel`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(issued.body);
    expect((await submit({ ...atHotel, mobile_number: nextMobile() })).body.detail).toBe(HOTEL_INACTIVE);
  });

  it('a code already taken is drawn again; the other vouchers keep theirs', async () => {
    const taken = (await submit(submission({ selected_offers: [offerIds[0]] }))).body.coupons[0].coupon_code;
    vi.mocked(generateVoucherCode).mockClear().mockReturnValueOnce('MMMMMMMM').mockReturnValueOnce(taken);
    const res = await submit(submission({ selected_offers: offerIds.slice(0, 2) }));
    expect(res.status).toBe(201);
    const codes = res.body.coupons.map((c: { coupon_code: string }) => c.coupon_code);
    expect(codes).toHaveLength(2);
    expect(codes).toContain('MMMMMMMM');
    expect(codes).not.toContain(taken);
    expect(vi.mocked(generateVoucherCode)).toHaveBeenCalledTimes(3); // two draws, then one more for the collision
  });

  it('answers the vouchers as they are, even to a client that takes gzip (a few KB)', async () => {
    const res = await t.app.request('/api/customer-scans', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      body: JSON.stringify(submission({ selected_offers: offerIds.slice(0, 3) })),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('no-store, no-transform');
    const answer = await res.text();
    expect(JSON.parse(answer).coupons).toHaveLength(3);
  });

  it('concurrent retries of one submission issue one set of coupons', async () => {
    const body = submission();
    const key = `burst-${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(body, key)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const codes = new Set(
      results.map((r) => JSON.stringify(r.body.coupons.map((c: { coupon_code: string }) => c.coupon_code))),
    );
    expect(codes.size).toBe(1);
    expect(await scansOf(body.mobile_number)).toHaveLength(1);
  });

  it('concurrent double taps without a key: one succeeds, the others are told vouchers were collected', async () => {
    const body = submission();
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.body.detail).toBe(ALREADY_COLLECTED);
    expect(await scansOf(body.mobile_number)).toHaveLength(1);
  });

  it('guests submitting at once share one statement (platform/lib/statement-batches.ts), each with their own vouchers', async () => {
    // Guests of different hotels (a batch moves a hotel's counters once: one submission a hotel in it).
    const bodies = await guestsOfHotels(8);
    const results = await Promise.all(bodies.map((body) => submit(body)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const codes = results.flatMap((r) => r.body.coupons.map((c: { coupon_code: string }) => c.coupon_code));
    expect(new Set(codes).size).toBe(16);
    const scans = await Promise.all(bodies.map(async (body) => (await scansOf(body.mobile_number))[0]!));
    expect(scans.map((scan) => scan.id)).toEqual(results.map((r) => r.body.scan_id));
    // Scans written by one statement share its transaction's now().
    expect(new Set(scans.map((scan) => scan.scanDate.getTime())).size).toBeLessThan(scans.length);
  });

  it('a code taken already, drawn inside a batch: every guest still gets vouchers, none the taken code', async () => {
    const taken = (await submit(submission({ selected_offers: [offerIds[2]!] }))).body.coupons[0].coupon_code;
    const { generateVoucherCode: draw } = await vi.importActual<typeof import('../../src/server/platform/lib/codes')>(
      '../../src/server/platform/lib/codes',
    );
    // The fourth guest's first code (each draws two) is the taken one: the first guest goes alone, the rest together.
    for (let i = 0; i < 6; i++) vi.mocked(generateVoucherCode).mockImplementationOnce(draw);
    vi.mocked(generateVoucherCode).mockReturnValueOnce(taken);
    const bodies = await guestsOfHotels(8);
    const results = await Promise.all(bodies.map((body) => submit(body)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const codes = results.flatMap((r) => r.body.coupons.map((c: { coupon_code: string }) => c.coupon_code));
    expect(new Set([...codes, taken]).size).toBe(17);
    for (const body of bodies) expect(await scansOf(body.mobile_number)).toHaveLength(1);
  });
});

describe('GET /api/coupons/{id}/download', () => {
  it('answers a PDF voucher for a coupon, without a login', async () => {
    const issued = await submit(submission({ selected_offers: [offerIds[0]] }));
    const coupon = issued.body.coupons[0];
    const res = await t.app.request(`/api/coupons/${coupon.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(coupon.coupon_code);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1500);
  });

  it('404 for an unknown coupon, 422 for a malformed id', async () => {
    expect((await t.request('GET', '/api/coupons/00000000-0000-4000-8000-000000000000/download')).status).toBe(404);
    expect((await t.request('GET', '/api/coupons/abc/download')).status).toBe(422);
  });

  it('speaks the language the guest claimed in, or the one asked for, with the English lines for the shop', async () => {
    const pdf = async (id: string, query = '') => {
      const res = await t.app.request(`/api/coupons/${id}/download${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
      return { text: pdfText(bytes), contents: pdfContents(bytes) };
    };
    const hindiGuest = (await submit(submission({ selected_offers: [offerIds[0]], language: 'hi' }))).body.coupons[0];
    const [claimed, hindi, english] = await Promise.all([
      pdf(hindiGuest.id),
      pdf(hindiGuest.id, '?lang=hi'),
      pdf(hindiGuest.id, '?lang=en'),
    ]);
    expect(claimed.contents).toEqual(hindi.contents);
    expect(english.contents).not.toEqual(hindi.contents);
    expect(english.text).toContain('Valid until');
    expect(english.text).not.toContain('For the shop');
    // Hindi's words are shaped outlines; the code and the value and rules for the merchant stay English text.
    expect(hindi.text).not.toContain('Valid until');
    expect(hindi.text).toContain(hindiGuest.coupon_code);
    expect(hindi.text).toContain('10% OFF');

    // A guest who claimed in English gets English, unless the page asks for another language.
    const englishGuest = (await submit(submission({ selected_offers: [offerIds[0]] }))).body.coupons[0];
    expect((await pdf(englishGuest.id)).text).toContain('Valid until');
    expect((await pdf(englishGuest.id, '?lang=ta')).text).toContain('10% OFF');

    for (const lang of ['fr', 'EN']) {
      const res = await t.request('GET', `/api/coupons/${englishGuest.id}/download?lang=${lang}`);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe('lang must be one of en, hi, ta, te, kn, ml, bn, mr');
    }
  });
});

describe('GET /api/offers?hotel_id= (the guest list)', () => {
  it("answers the hotel's guest-visible offers, and for a manual hotel only its merchant types", async () => {
    const all = await t.request('GET', `/api/offers?hotel_id=${hotelId}`);
    expect(all.status).toBe(200);
    expect(all.body.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining(offerIds));

    const chosen = await t.createMerchantType();
    const chosenOffer = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId, merchantTypeId: chosen.id })).id,
    });
    const { hotel } = await insertSubscribedHotel(t.db, {
      from: today,
      hotel: { locationId, offerSelectionType: 'manual', selectedMerchantTypes: [chosen.id] },
    });
    const manual = await t.request('GET', `/api/offers?hotel_id=${hotel.id}`);
    expect(manual.body.map((o: { id: string }) => o.id)).toEqual([chosenOffer.id]);
  });

  it('answers only what the cards and categories show; View Details answers the rest for one offer', async () => {
    const merchant = await t.createMerchant({ locationId });
    const offer = await insertOffer(t.db, {
      merchantId: merchant.id,
      offerName: 'Sunset thali',
      offerType: 'fixed_discount',
      offerValue: 150,
      description: 'Seafood thali by the sea',
      termsConditions: 'One per guest',
      openingHours: '11:00:00',
      closingHours: '23:30:00',
      images: ['/api/files/offers/a.png'],
    });
    const res = await t.request('GET', `/api/offers?hotel_id=${hotelId}`);
    const card = {
      id: offer.id,
      offer_name: 'Sunset thali',
      offer_type: 'fixed_discount',
      offer_value: 150,
      merchant_name: merchant.name,
      merchant_type_id: merchant.merchantTypeId,
      validity_to: offer.validityTo,
      // Its image is not an upload and its type has no thumbnail (tests/api/thumbnails.test.ts has the rest).
      thumbnail_url: null,
      // When it can be used during the stay, and the rules shown offline (tests/api/offer-rules.test.ts).
      validity_from: offer.validityFrom,
      redeem_weekdays: null,
      blackout_dates: null,
      min_bill: null,
      max_party: null,
      per_guest_days: null,
    };
    expect(res.body.find((o: { id: string }) => o.id === offer.id)).toEqual(card);

    const details = await t.request('GET', `/api/offers/${offer.id}/details?hotel_id=${hotelId}`);
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      ...card,
      description: 'Seafood thali by the sea',
      terms_conditions: 'One per guest',
      opening_hours: '11:00',
      closing_hours: '23:30',
      images: ['/api/files/offers/a.png'],
      merchant: {
        address: merchant.address,
        store_contact_number: null,
        map_link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(merchant.address)}`,
      },
    });
    expect(details.headers.get('ETag')).toBe(res.headers.get('ETag'));
    expect(details.headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it("View Details: 404 for an offer this hotel's guests do not see, 422 without hotel_id", async () => {
    const elsewhere = await insertOffer(t.db);
    const inactive = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId })).id,
      isActive: false,
    });
    for (const id of [elsewhere.id, inactive.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request('GET', `/api/offers/${id}/details?hotel_id=${hotelId}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: 'Offer not found' });
    }
    expect(
      (await t.request('GET', `/api/offers/${offerIds[0]}/details?hotel_id=00000000-0000-4000-8000-000000000000`))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `/api/offers/${offerIds[0]}/details`)).body).toEqual({
      detail: 'hotel_id is required',
    });
    expect((await t.request('GET', `/api/offers/nope/details?hotel_id=${hotelId}`)).status).toBe(422);
  });

  it('sends an ETag and short public caching; the same ETag back gets an empty 304', async () => {
    const first = await t.request('GET', `/api/offers?hotel_id=${hotelId}`);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(first.headers.get('Vary')).toContain('Authorization');

    const again = await t.request('GET', `/api/offers?hotel_id=${hotelId}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    const listed = await t.request('GET', `/api/offers?hotel_id=${hotelId}`, {
      headers: { 'If-None-Match': `W/"other", ${etag}` },
    });
    expect(listed.status).toBe(304);
    const stale = await t.request('GET', `/api/offers?hotel_id=${hotelId}`, {
      headers: { 'If-None-Match': 'W/"g2-0-2000-01-01"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
    const details = await t.request('GET', `/api/offers/${offerIds[0]}/details?hotel_id=${hotelId}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(details.status).toBe(304);
  });

  it('an offer toggled in the back office changes the answer and the ETag at once', async () => {
    const admin = await t.tokenAs('superadmin');
    const offer = await insertOffer(t.db, { merchantId: (await t.createMerchant({ locationId })).id });
    const before = await t.request('GET', `/api/offers?hotel_id=${hotelId}`);
    expect(before.body.map((o: { id: string }) => o.id)).toContain(offer.id);

    expect((await t.request('PATCH', `/api/offers/${offer.id}/toggle-active`, { token: admin })).status).toBe(200);
    const off = await t.request('GET', `/api/offers?hotel_id=${hotelId}`, {
      headers: { 'If-None-Match': before.headers.get('ETag')! },
    });
    expect(off.status).toBe(200);
    expect(off.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect(off.body.map((o: { id: string }) => o.id)).not.toContain(offer.id);

    expect((await t.request('PATCH', `/api/offers/${offer.id}/toggle-active`, { token: admin })).status).toBe(200);
    const on = await t.request('GET', `/api/offers?hotel_id=${hotelId}`);
    expect(on.body.map((o: { id: string }) => o.id)).toContain(offer.id);
    expect(new Set([before, off, on].map((r) => r.headers.get('ETag'))).size).toBe(3);
  });

  it('a change to the hotel (its merchant types) changes its answer', async () => {
    const chosen = await t.createMerchantType();
    const shown = await insertOffer(t.db, {
      merchantId: (await t.createMerchant({ locationId, merchantTypeId: chosen.id })).id,
    });
    const { hotel } = await insertSubscribedHotel(t.db, { from: today, hotel: { locationId } });
    const all = await t.request('GET', `/api/offers?hotel_id=${hotel.id}`);
    expect(all.body.length).toBeGreaterThan(1);
    await t.db
      .update(hotels)
      .set({ offerSelectionType: 'manual', selectedMerchantTypes: [chosen.id] })
      .where(eq(hotels.id, hotel.id));
    const manual = await t.request('GET', `/api/offers?hotel_id=${hotel.id}`);
    expect(manual.body.map((o: { id: string }) => o.id)).toEqual([shown.id]);
  });

  it('gzips the answer for a client that accepts it', async () => {
    const plain = await t.request('GET', `/api/offers?hotel_id=${hotelId}`);
    const res = await t.app.request(`/api/offers?hotel_id=${hotelId}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(plain.body);
    const refused = await t.app.request(`/api/offers?hotel_id=${hotelId}`, {
      headers: { 'Accept-Encoding': 'gzip;q=0' },
    });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
  });

  it('404 for an unknown hotel, 422 for a malformed id', async () => {
    expect((await t.request('GET', '/api/offers?hotel_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.request('GET', '/api/offers?hotel_id=nope')).status).toBe(422);
  });
});
