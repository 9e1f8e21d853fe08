import { GUEST_TEXTS } from '../../src/server/platform/guest-texts';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/server/modules/push/table';
import { alteredGuestLink, guestLink } from '../support/guest-links';
import { LINK_GUEST_ACTOR } from '../../src/shared/audit-actions';
import { addDays } from '../../src/shared/dates';
import { ERASED_MOBILE, ERASED_NAME } from '../../src/shared/privacy';
import { useTestContext, type TestResponse } from '../support';
import { guestScanRequests } from '../support/guest-scan-requests';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOne } from '../support/insert-one';
import { businessToday, insertOffer } from '../support/offer-factories';
import { auditEvents, coupons, customerScans, messages } from '../support/tables';

/**
 * The pages a guest's message links to (docs/PRODUCT.md "Reminders"): `/v/<token>`, the stay's vouchers, and
 * `/o/<token>`, Stop messages. Server-written HTML without script, in the claim's language, never the number; an
 * expired link answers 410, an altered one 404; a GET never changes anything.
 */
const TZ = 'Asia/Kolkata';
const t = useTestContext({ env: { APP_TIMEZONE: TZ } });
let today: string;
let hotelId: string;
let otherHotelId: string;
let offerIds: string[];
let mobiles = 0;
const nextMobile = () => `92${String(10_000_000 + ++mobiles * 7919).slice(-8)}`;

beforeAll(async () => {
  today = businessToday(TZ);
  const location = await t.createLocation();
  const subscribed = {
    from: addDays(today, -30),
    months: 12,
    hotel: { locationId: location.id, name: 'Palm Grove Inn' },
  };
  hotelId = (await insertSubscribedHotel(t.db, subscribed)).hotel.id;
  otherHotelId = (
    await insertSubscribedHotel(t.db, { ...subscribed, hotel: { ...subscribed.hotel, name: 'Lake View' } })
  ).hotel.id;
  const merchantId = (
    await t.createMerchant({
      locationId: location.id,
      name: 'Spice <Route> & Co',
      address: '12 MG Road, Fort Kochi',
      storeContactNumber: '9845012345',
    })
  ).id;
  offerIds = [
    (await insertOffer(t.db, { merchantId, offerName: 'Dinner for two', offerType: 'percentage', offerValue: 20 })).id,
    (await insertOffer(t.db, { merchantId, offerName: 'Masala chai', offerType: 'fixed_discount', offerValue: 150 }))
      .id,
  ];
});

const { submission, submit } = guestScanRequests(t, () => ({ hotelId, offerIds, today }), {
  customerName: 'Priya Sharma',
  nextMobile,
});

interface Stay {
  scan_id: string;
  guest_token: string;
  coupons: { id: string; coupon_code: string; offer: { validity_to: string } }[];
  mobile: string;
}
async function claim(overrides: Record<string, unknown> = {}): Promise<Stay> {
  const body = submission({ reminders_opt_in: true, ...overrides });
  const res = await submit(body);
  expect(res.status, res.text).toBe(201);
  return { ...res.body, mobile: body.mobile_number };
}

/** What every page answer carries: HTML of no script, its own policy allowing its one stylesheet, no cache. */
function expectGuestPage(res: TestResponse, status: number) {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(res.headers.get('X-Robots-Tag')).toContain('noindex');
  expect(res.text).not.toMatch(/<script/i);
  const style = /<style>([\s\S]*)<\/style>/.exec(res.text)?.[1] ?? '';
  const hash = createHash('sha256').update(style).digest('base64');
  expect(res.headers.get('Content-Security-Policy')).toBe(
    `default-src 'none'; style-src 'sha256-${hash}'; font-src 'self'; img-src 'self'; form-action 'self'; ` +
      `base-uri 'none'; frame-ancestors 'none'`,
  );
}
/** The page's text without tags and with entities read, to look for words. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('GET /v/<token>: the stay’s vouchers', () => {
  it('shows the first name, the hotel and each voucher (shop, place, offer, code, valid until); never the number', async () => {
    const stay = await claim();
    const res = await t.request('GET', `/v/${stay.guest_token}`);
    expectGuestPage(res, 200);
    const text = textOf(res.text);
    expect(res.text).toContain('<html lang="en">');
    expect(text).toContain('Hi Priya');
    expect(text).not.toContain('Sharma');
    expect(text).toContain('Palm Grove Inn');
    for (const coupon of stay.coupons) expect(res.text).toContain(`<span class="code">${coupon.coupon_code}</span>`);
    expect(text).toContain('Spice <Route> & Co');
    expect(res.text).not.toContain('Spice <Route>');
    expect(text).toContain('12 MG Road, Fort Kochi');
    expect(text).toContain('Call 9845012345');
    expect(text).toContain('Open in Google Maps');
    expect(text).toContain('20% OFF');
    expect(text).toContain('₹150 OFF');
    expect(text).toContain('Dinner for two');
    expect(text).toMatch(/Valid until \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(text.match(/Ready to use/g)).toHaveLength(2);
    expect(res.text).not.toContain(stay.mobile);
    expect(res.text).not.toContain(stay.mobile.slice(-4));
    // The stay's own opt-out link, signed for this stay.
    const optOut = /href="\/o\/([\w-]+\.[\w-]+)"/.exec(res.text)?.[1];
    expect(optOut).toBeDefined();
    expect((await t.request('GET', `/o/${optOut}`)).text).toContain('Palm Grove Inn');
  });

  it('marks a used and an expired voucher, and leaves a cancelled one out', async () => {
    const stay = await claim();
    const [used, cancelled] = stay.coupons;
    await t.db
      .update(coupons)
      .set({ isRedeemed: true, redeemedAt: new Date(`${today}T06:00:00Z`) })
      .where(eq(coupons.id, used!.id));
    const past = await insertOffer(t.db, {
      merchantId: (await t.createMerchant()).id,
      offerName: 'Old offer',
      validityFrom: addDays(today, -20),
      validityTo: addDays(today, -1),
    });
    const expired = await insertOne(t.db, coupons, {
      scanId: stay.scan_id,
      offerId: past.id,
      merchantId: past.merchantId,
      code: 'EXPD2345',
    });
    await t.db.update(coupons).set({ isRedeemed: false, cancelledAt: new Date() }).where(eq(coupons.id, cancelled!.id));
    const res = await t.request('GET', `/v/${stay.guest_token}`);
    expectGuestPage(res, 200);
    expect(res.text).toContain(`<li class="voucher used">`);
    expect(textOf(res.text)).toMatch(/Used on \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(res.text).toContain(`<li class="voucher expired">`);
    expect(res.text).toContain(`<span class="code">${expired.code}</span>`);
    expect(res.text).not.toContain(cancelled!.coupon_code);
  });

  it('speaks Tamil to a guest who claimed in Tamil, with Tamil dates and the value in English for the shop', async () => {
    const stay = await claim({ language: 'ta' });
    const res = await t.request('GET', `/v/${stay.guest_token}`);
    expectGuestPage(res, 200);
    const text = textOf(res.text);
    const ta = GUEST_TEXTS.ta;
    expect(res.text).toContain('<html lang="ta">');
    expect(text).toContain(ta.pages.greeting('Priya'));
    expect(text).toContain(ta.pages.code);
    // The month as Tamil writes it (Intl's ta-IN), never another language's.
    const validTo = stay.coupons[0]!.offer.validity_to;
    expect(text).toContain(ta.pages.validUntil(ta.reminders.date(validTo)));
    expect(text).toMatch(/[\u0B80-\u0BFF]/);
    expect(text).not.toMatch(/[\u0900-\u097F]/);
    expect(text).toContain(`${ta.voucher.forTheShop}: 20% OFF`);
  });

  it('speaks Hindi to a guest who claimed in Hindi', async () => {
    const stay = await claim({ language: 'hi' });
    const res = await t.request('GET', `/v/${stay.guest_token}`);
    expectGuestPage(res, 200);
    const text = textOf(res.text);
    expect(res.text).toContain('<html lang="hi">');
    expect(text).toContain('नमस्ते Priya');
    expect(text).toContain('कूपन कोड');
    expect(text).toContain('20% की छूट');
    expect(text).toContain('तक मान्य');
    expect(text).toContain('इस ठहराव के बारे में संदेश बंद करें');
    expect(text).not.toContain('Valid until');
  });

  it('answers 410 for an expired link, with the way back (the hotel’s page), in the stay’s language', async () => {
    const stay = await claim({ language: 'hi' });
    const res = await t.request('GET', `/v/${guestLink('vouchers', stay.scan_id, -1000)}`);
    expectGuestPage(res, 410);
    expect(textOf(res.text)).toContain('इस लिंक की समय-सीमा ख़त्म हो गई है');
    expect(textOf(res.text)).toContain('मेरे वाउचर दिखाएँ');
    expect(res.text).toContain(`href="/scan/${hotelId}"`);
    expect(res.text).not.toContain(stay.coupons[0]!.coupon_code);
    const english = await claim();
    const expired = await t.request('GET', `/v/${guestLink('vouchers', english.scan_id, -1000)}`);
    expectGuestPage(expired, 410);
    expect(textOf(expired.text)).toContain('This link has expired');
    expect(textOf(expired.text)).toContain('Show my vouchers');
  });

  it("answers a cut link in English and the phone's language, which the link cannot name", async () => {
    const res = await t.request('GET', '/v/not-a-token', {
      headers: { 'Accept-Language': 'fr-FR,ta-IN;q=0.8,en;q=0.5' },
    });
    expectGuestPage(res, 404);
    expect(res.text).toContain('<div class="card" lang="ta">');
    expect(textOf(res.text)).toContain(GUEST_TEXTS.ta.pages.notValidTitle);
    expect(textOf(res.text)).toContain('This link is not valid');
    expect(textOf(res.text)).not.toContain(GUEST_TEXTS.hi.pages.notValidTitle);
  });

  it('answers 404 for an altered or cut link, or one made for the other page; 410 once the stay is erased', async () => {
    const stay = await claim();
    for (const token of [
      alteredGuestLink(stay.guest_token),
      alteredGuestLink(stay.guest_token, 'expiry'),
      stay.guest_token.slice(0, -3),
      `${stay.guest_token}x`,
      guestLink('opt_out', stay.scan_id),
      guestLink('vouchers', '00000000-0000-4000-8000-000000000000'),
      'not-a-token',
    ]) {
      const res = await t.request('GET', `/v/${token}`);
      expectGuestPage(res, 404);
      expect(textOf(res.text)).toContain('This link is not valid');
      expect(textOf(res.text)).toContain('यह लिंक मान्य नहीं है');
      expect(res.text).not.toContain(stay.coupons[0]!.coupon_code);
    }
    await t.db
      .update(customerScans)
      .set({ anonymisedAt: new Date(), customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE })
      .where(eq(customerScans.id, stay.scan_id));
    const erased = await t.request('GET', `/v/${stay.guest_token}`);
    expectGuestPage(erased, 410);
    expect(erased.text).not.toContain(stay.coupons[0]!.coupon_code);
  });
});

describe('/o/<token>: Stop messages', () => {
  /** A queued guest message about the scan (as the reminders job leaves one), or in another state. */
  const plantMessage = (
    stay: Stay,
    kind: 'checkout_reminder' | 'expiry_reminder' | 'review_request' | 'verification_code',
    status: 'queued' | 'sent' = 'queued',
  ) =>
    insertOne(t.db, messages, {
      subject: stay.scan_id,
      kind,
      key: kind === 'expiry_reminder' ? stay.coupons[0]!.id : kind === 'verification_code' ? crypto.randomUUID() : '',
      channel: 'push',
      recipient: stay.mobile,
      params: kind === 'verification_code' ? { code: '123456' } : {},
      scanId: stay.scan_id,
      hotelId,
      status,
    });
  const plantSubscription = (stay: Stay) =>
    insertOne(t.db, pushSubscriptions, {
      scanId: stay.scan_id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
    });
  const scanOf = async (scanId: string) =>
    (await t.db.select().from(customerScans).where(eq(customerScans.id, scanId)))[0]!;
  const messageOf = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;
  const subscriptionsOf = (scanId: string) =>
    t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.scanId, scanId));
  const optOutEvents = (scanId: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'guest.reminders_opt_out'), eq(auditEvents.entityId, scanId)));

  it('GET shows one button, a form POST to the same address, and changes nothing', async () => {
    const stay = await claim();
    const queued = await plantMessage(stay, 'checkout_reminder');
    await plantSubscription(stay);
    const res = await t.request('GET', `/o/${guestLink('opt_out', stay.scan_id)}`);
    expectGuestPage(res, 200);
    expect(res.text).toContain('<form method="post"><button class="btn" type="submit">Stop messages</button></form>');
    expect(textOf(res.text)).toContain('Palm Grove Inn');
    expect(res.text).not.toContain(stay.mobile);
    expect((await scanOf(stay.scan_id)).remindersOptedOutAt).toBeNull();
    expect((await messageOf(queued.id)).status).toBe('queued');
    expect(await subscriptionsOf(stay.scan_id)).toHaveLength(1);
    expect(await optOutEvents(stay.scan_id)).toEqual([]);
  });

  it('POST stops every scan of the number, cancels their queued reminders, removes their push subscriptions', async () => {
    const mobile = nextMobile();
    const stay = await claim({ mobile_number: mobile });
    // The same number at another hotel, and its stay there; another guest's stay is left alone.
    const elsewhere = await claim({ mobile_number: mobile, hotel_id: otherHotelId });
    const someoneElse = await claim();
    const queued = [
      await plantMessage(stay, 'checkout_reminder'),
      await plantMessage(stay, 'expiry_reminder'),
      await plantMessage(elsewhere, 'review_request'),
    ];
    const alreadySent = await plantMessage(stay, 'review_request', 'sent');
    const code = await plantMessage(stay, 'verification_code');
    const untouched = await plantMessage(someoneElse, 'checkout_reminder');
    await plantSubscription(stay);
    await plantSubscription(elsewhere);
    await plantSubscription(someoneElse);

    const token = guestLink('opt_out', stay.scan_id);
    const res = await t.request('POST', `/o/${token}`);
    expectGuestPage(res, 200);
    expect(textOf(res.text)).toContain('You will get no more messages about your stay');
    expect(res.text).not.toContain('<form');

    for (const scanId of [stay.scan_id, elsewhere.scan_id])
      expect((await scanOf(scanId)).remindersOptedOutAt).toBeInstanceOf(Date);
    expect((await scanOf(someoneElse.scan_id)).remindersOptedOutAt).toBeNull();
    for (const message of queued)
      expect(await messageOf(message.id)).toMatchObject({
        status: 'cancelled',
        lastError: 'guest opted out',
        params: {},
      });
    expect((await messageOf(alreadySent.id)).status).toBe('sent');
    expect((await messageOf(code.id)).status).toBe('queued');
    expect((await messageOf(untouched.id)).status).toBe('queued');
    expect(await subscriptionsOf(stay.scan_id)).toEqual([]);
    expect(await subscriptionsOf(elsewhere.scan_id)).toEqual([]);
    expect(await subscriptionsOf(someoneElse.scan_id)).toHaveLength(1);
    const [event] = await optOutEvents(stay.scan_id);
    expect(event).toMatchObject({
      actorId: null,
      actorUsername: LINK_GUEST_ACTOR,
      entity: 'customer_scan',
      after: { scans: 2, newly_stopped: 2, messages_cancelled: 3, push_subscriptions_removed: 2 },
    });
    expect(JSON.stringify(event)).not.toContain(mobile);

    // Again (a second tap, a reload): the same page, nothing more changed, the first time kept; on record.
    const before = (await scanOf(stay.scan_id)).remindersOptedOutAt;
    const again = await t.request('POST', `/o/${token}`);
    expectGuestPage(again, 200);
    expect(textOf(again.text)).toContain('You will get no more messages about your stay');
    expect((await scanOf(stay.scan_id)).remindersOptedOutAt).toEqual(before);
    const events = await optOutEvents(stay.scan_id);
    expect(events.map((e) => (e.after as { newly_stopped: number }).newly_stopped).sort()).toEqual([0, 2]);
    // The link now shows that it is done, without the button; so does the vouchers view (no stop link).
    const shown = await t.request('GET', `/o/${token}`);
    expect(textOf(shown.text)).toContain('You will get no more messages about your stay');
    expect(shown.text).not.toContain('<form');
    expect((await t.request('GET', `/v/${stay.guest_token}`)).text).not.toContain('href="/o/');
    // And no push subscription can be made for it any more.
    const subscribe = await t.request('POST', '/api/push/subscriptions', {
      json: {
        token: stay.guest_token,
        subscription: {
          endpoint: 'http://127.0.0.1:9/push/1',
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        },
      },
    });
    expect(subscribe.status).toBe(409);
  });

  it('speaks Hindi to a Hindi stay', async () => {
    const stay = await claim({ language: 'hi' });
    const token = guestLink('opt_out', stay.scan_id);
    const ask = await t.request('GET', `/o/${token}`);
    expectGuestPage(ask, 200);
    expect(ask.text).toContain('<html lang="hi">');
    expect(ask.text).toContain('>संदेश बंद करें</button>');
    const done = await t.request('POST', `/o/${token}`);
    expect(textOf(done.text)).toContain('आपको अपने ठहराव के बारे में अब कोई संदेश नहीं मिलेगा');
  });

  it('answers 410 for an expired link and 404 for an altered one, GET and POST, changing nothing', async () => {
    const stay = await claim();
    const queued = await plantMessage(stay, 'checkout_reminder');
    const expired = guestLink('opt_out', stay.scan_id, -1000);
    for (const method of ['GET', 'POST']) {
      const old = await t.request(method, `/o/${expired}`);
      expectGuestPage(old, 410);
      expect(textOf(old.text)).toContain('This link has expired');
      for (const token of [alteredGuestLink(guestLink('opt_out', stay.scan_id)), stay.guest_token, 'cut.short']) {
        const res = await t.request(method, `/o/${token}`);
        expectGuestPage(res, 404);
      }
    }
    expect((await scanOf(stay.scan_id)).remindersOptedOutAt).toBeNull();
    expect((await messageOf(queued.id)).status).toBe('queued');
    expect(await optOutEvents(stay.scan_id)).toEqual([]);
  });

  it('an erased stay’s link says it is done and changes no other scan (its number is gone)', async () => {
    const stay = await claim();
    await t.db
      .update(customerScans)
      .set({ anonymisedAt: new Date(), customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE })
      .where(eq(customerScans.id, stay.scan_id));
    const otherErased = await claim();
    await t.db
      .update(customerScans)
      .set({ anonymisedAt: new Date(), customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE })
      .where(eq(customerScans.id, otherErased.scan_id));
    const token = guestLink('opt_out', stay.scan_id);
    expect(textOf((await t.request('GET', `/o/${token}`)).text)).toContain('You will get no more messages');
    const res = await t.request('POST', `/o/${token}`);
    expectGuestPage(res, 200);
    expect((await scanOf(otherErased.scan_id)).remindersOptedOutAt).toBeNull();
    expect((await optOutEvents(stay.scan_id))[0]?.after).toMatchObject({ scans: 0 });
  });
});
