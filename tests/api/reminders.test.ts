import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { sendDueMessages, type OutboxOptions } from '../../src/server/modules/messages/messages.job';
import { reminderComposers } from '../../src/server/modules/reminders/reminders.compose';
import { runReminders } from '../../src/server/modules/reminders/reminders.job';
import { readGuestLink } from '../../src/server/modules/reminders/guest-links';
import type { Messenger, OutgoingMessage } from '../../src/server/platform/messaging/messenger';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { addDays } from '../../src/shared/dates';
import { formatDate } from '../../src/shared/format';
import { ERASED_MOBILE } from '../../src/shared/privacy';
import { insertMerchant, TEST_JWT_SECRET, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOne } from '../support/insert-one';
import { businessToday, insertOffer } from '../support/offer-factories';
import { coupons, customerScans, messageDaySends, messages, messagingSettings } from '../support/tables';

/**
 * Reminders and the review request (docs/PRODUCT.md "Reminders"): the job queues each kind once for consenting
 * guests, however often and on however many servers it runs; the outbox sends each once, never in quiet hours, never
 * to an opted-out or erased guest, never past a spend limit, in the guest's language.
 *
 * The job's and the worker's clocks are injected (the business day T is today's, at 08:00 and 09:00 IST); the
 * database's own clock is not: a queued row is made due "as at 09:00" by moving its times to the database's now.
 */
const t = useTestContext();
const TZ = 'Asia/Kolkata';
const ORIGIN = 'https://stayperks.example';
let T: string;
/** `hhmm` on business day `day` (IST, +05:30). */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);
let jobMinutes = 0;
/** The job's clock: T 08:00, 15 minutes (a slot) later at each call, so each run has a slot of its own. */
const nextSlot = () => new Date(at(T, '08:00').getTime() + 15 * 60_000 * jobMinutes++);

let second: Database | undefined;
let secondDb: Db;
let hotelId: string;
let otherHotelId: string;
let archivedHotelId: string;
let merchantId: string;
let merchantName: string;
let longOfferId: string;
let tomorrowOfferId: string;
let tomorrowOfferName: string;
let mobileCounter = 0;
const nextMobile = () => `97${String(10_000_000 + ++mobileCounter * 7919).slice(-8)}`;

/** The guests, each a scan with its vouchers (`redeemed` ones used). */
const scans: Record<string, { id: string; mobile: string; couponIds: string[] }> = {};
async function guest(
  name: string,
  values: Partial<typeof customerScans.$inferInsert> & { checkoutDate: string },
  vouchers: { offerId: string; redeemed?: boolean }[],
) {
  const mobile = nextMobile();
  const scan = await insertOne(t.db, customerScans, {
    hotelId,
    customerName: `${name} Verma`,
    mobileNumber: mobile,
    remindersOptIn: true,
    scanDate: at(addDays(T, -3), '18:00'),
    ...values,
  });
  const couponIds: string[] = [];
  for (const voucher of vouchers) {
    const [row] = await t.db
      .insert(coupons)
      .values({
        scanId: scan.id,
        offerId: voucher.offerId,
        merchantId,
        code: generateVoucherCode(),
        isRedeemed: voucher.redeemed ?? false,
        redeemedAt: voucher.redeemed ? new Date() : null,
      })
      .returning({ id: coupons.id });
    couponIds.push(row!.id);
  }
  scans[name] = { id: scan.id, mobile, couponIds };
}

/** A messenger that records what it sends. */
function recorder(channel: 'whatsapp' | 'push' = 'whatsapp') {
  const sent: OutgoingMessage[] = [];
  const messenger: Messenger & { channel: 'whatsapp' } = {
    channel: channel as 'whatsapp',
    canSendCodes: true,
    send(message) {
      sent.push(message);
      return Promise.resolve({ ok: true, providerMessageId: `rec-${message.id}` });
    },
  };
  return { messenger, sent };
}

const run = (db: Db, now: Date, serverId: string) => runReminders({ db, timeZone: TZ, serverId, now: () => now }, now);
const messagesOf = (name: string) => t.db.select().from(messages).where(eq(messages.scanId, scans[name]!.id));
const allReminders = () =>
  t.db
    .select()
    .from(messages)
    .where(inArray(messages.kind, ['checkout_reminder', 'expiry_reminder', 'review_request']));
/** The database's clock is the real one: queued reminders are moved to "due now, not yet expired", as at 09:00. */
const arriveAtNine = () =>
  t.db.execute(sql`
    update messages set next_attempt_at = now() - interval '1 second', expires_at = now() + interval '1 hour'
    where status = 'queued' and kind in ('checkout_reminder', 'expiry_reminder', 'review_request')`);
const setSettings = (values: Partial<typeof messagingSettings.$inferInsert>) =>
  t.db
    .insert(messagingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: messagingSettings.id, set: values });
const worker = (db: Db, now: Date, messenger: Messenger, serverId: string): OutboxOptions => ({
  db,
  messenger,
  timeZone: TZ,
  serverId,
  now: () => now,
  composers: reminderComposers({ secret: () => TEST_JWT_SECRET, origin: ORIGIN, timeZone: TZ, now: () => now }),
});

beforeAll(async () => {
  T = businessToday(TZ);
  // On PostgreSQL a second pool, as a second server has; PGlite is one server by design (the same handle).
  if (t.config.databaseUrl) {
    second = await openDatabase({ databaseUrl: t.config.databaseUrl });
    secondDb = second.db;
  } else secondDb = t.db;

  const { hotel } = await insertSubscribedHotel(t.db, {
    from: addDays(T, -30),
    hotel: { name: 'Sea View Inn', googlePlaceId: 'ChIJ-sea-view' },
  });
  hotelId = hotel.id;
  otherHotelId = (await insertSubscribedHotel(t.db, { from: addDays(T, -30), hotel: { googleLink: null } })).hotel.id;
  archivedHotelId = (
    await insertSubscribedHotel(t.db, {
      from: addDays(T, -30),
      hotel: { googlePlaceId: 'ChIJ-gone', isActive: false, archivedAt: new Date() },
    })
  ).hotel.id;
  const merchant = await insertMerchant(t.db, { name: 'Spice Garden' });
  merchantId = merchant.id;
  merchantName = merchant.name;
  longOfferId = (await insertOffer(t.db, { merchantId: merchant.id, validityTo: addDays(T, 20) })).id;
  const tomorrow = await insertOffer(t.db, {
    merchantId: merchant.id,
    offerName: 'Dinner for two',
    validityTo: addDays(T, 1),
  });
  tomorrowOfferId = tomorrow.id;
  tomorrowOfferName = tomorrow.offerName;

  // Check-out today, two unused vouchers, one ending tomorrow: a check-out reminder and an expiry reminder.
  await guest('Asha', { checkoutDate: T }, [{ offerId: longOfferId }, { offerId: tomorrowOfferId }]);
  // Checked out yesterday, at a hotel with a review link: the review request, though the voucher was used.
  await guest('Bela', { checkoutDate: addDays(T, -1) }, [{ offerId: longOfferId, redeemed: true }]);
  // Checked out yesterday at a hotel without a review link: nothing.
  await guest('Chetan', { checkoutDate: addDays(T, -1), hotelId: otherHotelId }, [{ offerId: longOfferId }]);
  // No consent: nothing, whatever is due.
  await guest('Dev', { checkoutDate: T, remindersOptIn: false }, [{ offerId: tomorrowOfferId }]);
  // Opted out: nothing.
  await guest('Esha', { checkoutDate: T, remindersOptedOutAt: new Date() }, [{ offerId: tomorrowOfferId }]);
  // Checked out 4 days ago: the reminder's day (today, D-1) is 4 days past the stay, nobody is reminded; 3 days ago:
  // it is the last day that still is.
  await guest('Farhan', { checkoutDate: addDays(T, -4) }, [{ offerId: tomorrowOfferId }]);
  await guest('Om', { checkoutDate: addDays(T, -3) }, [{ offerId: tomorrowOfferId }]);
  // Picked the voucher ending tomorrow just now (today, D-1): no expiry reminder right after picking.
  await guest('Gita', { checkoutDate: addDays(T, 2), scanDate: new Date() }, [{ offerId: tomorrowOfferId }]);
  // Check-out today, every voucher used: no check-out reminder.
  await guest('Hari', { checkoutDate: T }, [{ offerId: longOfferId, redeemed: true }]);
  // A Hindi guest checking out today.
  await guest('Indu', { checkoutDate: T, language: 'hi' }, [{ offerId: longOfferId }]);
  // Check-out today: queued, then erased, opted out or every voucher used before 09:00.
  await guest('Jai', { checkoutDate: T }, [{ offerId: longOfferId }]);
  await guest('Kiran', { checkoutDate: T }, [{ offerId: longOfferId }]);
  await guest('Lata', { checkoutDate: T }, [{ offerId: longOfferId }]);
  // Check-out today, but picked the vouchers this morning: no check-out reminder (they know what they have).
  await guest('Mira', { checkoutDate: T, scanDate: at(T, '07:30') }, [{ offerId: longOfferId }]);
  // Checked out yesterday at a hotel since archived: no review request through the programme.
  await guest('Nina', { checkoutDate: addDays(T, -1), hotelId: archivedHotelId }, [{ offerId: longOfferId }]);
});

afterAll(async () => {
  await second?.close();
});

describe('the reminders job (docs/PRODUCT.md "Reminders")', () => {
  it('queues each kind once for consenting guests, on two servers at once and again later; a kind switched off queues none', async () => {
    await setSettings({ disabledKinds: ['review_request'] });
    const now = nextSlot();
    const [a, b] = await Promise.all([run(t.db, now, 'server-a'), run(secondDb, now, 'server-b')]);
    // One server had the slot.
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    const first = a.ran ? a : b;
    expect(first.queued).toEqual({ checkout_reminder: 5, expiry_reminder: 2, review_request: 0 });

    const queued = await allReminders();
    const byScan = (name: string) => queued.filter((m) => m.scanId === scans[name]!.id).map((m) => m.kind);
    expect(byScan('Asha').sort()).toEqual(['checkout_reminder', 'expiry_reminder']);
    for (const name of ['Indu', 'Jai', 'Kiran', 'Lata']) expect(byScan(name), name).toEqual(['checkout_reminder']);
    expect(byScan('Om')).toEqual(['expiry_reminder']);
    for (const name of ['Bela', 'Chetan', 'Dev', 'Esha', 'Farhan', 'Gita', 'Hari', 'Mira', 'Nina'])
      expect(byScan(name), name).toEqual([]);

    // Queued without text, on 'push' (the top of the channel order), to the scan's number, for 09:00 to 21:00.
    const checkout = queued.find((m) => m.scanId === scans.Asha!.id && m.kind === 'checkout_reminder')!;
    expect(checkout).toMatchObject({
      subject: scans.Asha!.id,
      key: '',
      channel: 'push',
      recipient: scans.Asha!.mobile,
      hotelId,
      params: {},
      status: 'queued',
    });
    expect(checkout.nextAttemptAt).toEqual(at(T, '09:00'));
    expect(checkout.expiresAt).toEqual(at(T, '21:00'));
    // The voucher ends tomorrow (D): from D-1 (today) 09:00 to D 21:00, keyed by the voucher.
    const expiry = queued.find((m) => m.kind === 'expiry_reminder' && m.scanId === scans.Asha!.id)!;
    expect(expiry).toMatchObject({ subject: scans.Asha!.id, key: scans.Asha!.couponIds[1], channel: 'push' });
    expect(expiry.nextAttemptAt).toEqual(at(T, '09:00'));
    expect(expiry.expiresAt).toEqual(at(addDays(T, 1), '21:00'));

    // Switched back on: the next slot adds the review request alone, once, whichever server runs it.
    await setSettings({ disabledKinds: [] });
    const later = nextSlot();
    const [c, d] = await Promise.all([run(t.db, later, 'server-a'), run(secondDb, later, 'server-b')]);
    expect([c.ran, d.ran].sort()).toEqual([false, true]);
    expect((c.ran ? c : d).queued).toEqual({ checkout_reminder: 0, expiry_reminder: 0, review_request: 1 });
    const review = (await messagesOf('Bela'))[0]!;
    expect(review).toMatchObject({ kind: 'review_request', key: '', channel: 'push', recipient: scans.Bela!.mobile });
    // From the day after check-out (today) at 09:00 to the next day's 21:00.
    expect(review.nextAttemptAt).toEqual(at(T, '09:00'));
    expect(review.expiresAt).toEqual(at(addDays(T, 1), '21:00'));

    // Again, both servers at once on slots of their own: nothing more.
    const [e, f] = await Promise.all([run(t.db, nextSlot(), 'server-a'), run(secondDb, nextSlot(), 'server-b')]);
    expect([e.ran, f.ran]).toEqual([true, true]);
    expect([e.queued, f.queued]).toEqual([
      { checkout_reminder: 0, expiry_reminder: 0, review_request: 0 },
      { checkout_reminder: 0, expiry_reminder: 0, review_request: 0 },
    ]);
    expect(await allReminders()).toHaveLength(queued.length + 1);
  });

  it('an erased guest: the queued reminder is cancelled and the job queues nothing more', async () => {
    const token = await t.tokenAs('superadmin');
    const res = await t.request('POST', '/api/customer-scans/erase', {
      token,
      json: { mobile_number: scans.Jai!.mobile },
    });
    expect(res.status).toBe(200);
    const [erased] = await messagesOf('Jai');
    expect(erased).toMatchObject({ status: 'cancelled', recipient: ERASED_MOBILE, params: {} });
    const [scan] = await t.db.select().from(customerScans).where(eq(customerScans.id, scans.Jai!.id));
    expect(scan).toMatchObject({ mobileNumber: ERASED_MOBILE, remindersOptIn: false });
    expect(scan!.anonymisedAt).toBeInstanceOf(Date);
    // The stay still has a (cancelled) reminder row, so nothing is queued again, and an anonymised scan is left out.
    await t.db.delete(messages).where(eq(messages.scanId, scans.Jai!.id));
    const again = await run(t.db, nextSlot(), 'server-a');
    expect(again.queued).toEqual({ checkout_reminder: 0, expiry_reminder: 0, review_request: 0 });
    expect(await messagesOf('Jai')).toEqual([]);
  });

  it('sends each once between two servers, not in quiet hours, in the guest language; cancels what no longer holds', async () => {
    // Before 09:00: opted out (Kiran), every voucher used (Lata).
    await t.db
      .update(customerScans)
      .set({ remindersOptedOutAt: new Date() })
      .where(eq(customerScans.id, scans.Kiran!.id));
    await t.db
      .update(coupons)
      .set({ isRedeemed: true, redeemedAt: new Date() })
      .where(eq(coupons.scanId, scans.Lata!.id));
    await arriveAtNine();

    // 23:00: quiet hours, nothing goes.
    const night = recorder();
    await sendDueMessages(worker(t.db, at(T, '23:00'), night.messenger, 'server-a'));
    expect(night.sent).toEqual([]);
    expect((await allReminders()).filter((m) => m.status === 'sent')).toEqual([]);

    // 09:00, on two servers at once: each message once.
    const nine = at(T, '09:00');
    const a = recorder();
    const b = recorder();
    await Promise.all([
      sendDueMessages(worker(t.db, nine, a.messenger, 'server-a')),
      sendDueMessages(worker(secondDb, nine, b.messenger, 'server-b')),
      sendDueMessages(worker(t.db, nine, a.messenger, 'server-a2')),
    ]);
    const sent = [...a.sent, ...b.sent];
    const bySubjectKind = (name: string, kind: string) =>
      sent.filter((m) => m.scanId === scans[name]!.id && m.kind === kind);
    expect(sent.map((m) => `${m.kind}:${m.scanId}`).sort()).toEqual(
      [
        `checkout_reminder:${scans.Asha!.id}`,
        `expiry_reminder:${scans.Asha!.id}`,
        `expiry_reminder:${scans.Om!.id}`,
        `checkout_reminder:${scans.Indu!.id}`,
        `review_request:${scans.Bela!.id}`,
      ].sort(),
    );
    for (const [name, reason] of [
      ['Kiran', 'guest opted out'],
      ['Lata', 'no unused vouchers left'],
    ] as const)
      expect((await messagesOf(name))[0], name).toMatchObject({ status: 'cancelled', lastError: reason, params: {} });
    const rows = await allReminders();
    expect(rows.filter((m) => m.status === 'sent')).toHaveLength(5);
    expect(rows.filter((m) => m.status === 'sent').every((m) => Object.keys(m.params).length === 0)).toBe(true);

    // What the guest reads: the count, the links (signed, for this scan), the opt-out in every message.
    const checkout = bySubjectKind('Asha', 'checkout_reminder')[0]!.params;
    expect(checkout).toMatchObject({
      language: 'en',
      first_name: 'Asha',
      hotel: 'Sea View Inn',
      count: '2',
      title: 'You have 2 unused vouchers',
      url: checkout.vouchers_url,
    });
    expect(checkout.text).toBe(
      `Hi Asha, you have 2 unused vouchers from your stay at Sea View Inn. See them: ${checkout.vouchers_url} ` +
        `Stop messages: ${checkout.opt_out_url}`,
    );
    // A notification's body: the sentence alone (a tap opens the link); its action's words.
    expect(checkout.body).toBe('Hi Asha, you have 2 unused vouchers from your stay at Sea View Inn.');
    expect(checkout.stop_label).toBe('Stop messages');
    const vouchersToken = checkout.vouchers_url!.slice(`${ORIGIN}/v/`.length);
    const optOutToken = checkout.opt_out_url!.slice(`${ORIGIN}/o/`.length);
    expect(checkout.vouchers_url!.startsWith(`${ORIGIN}/v/`)).toBe(true);
    expect(checkout.opt_out_url!.startsWith(`${ORIGIN}/o/`)).toBe(true);
    const vouchersLink = readGuestLink(TEST_JWT_SECRET, 'vouchers', vouchersToken, nine);
    const optOutLink = readGuestLink(TEST_JWT_SECRET, 'opt_out', optOutToken, nine);
    expect(vouchersLink).toMatchObject({ ok: true, scanId: scans.Asha!.id });
    expect(optOutLink).toMatchObject({ ok: true, scanId: scans.Asha!.id });
    // Until the end of the day after the latest voucher's expiry (T+20: the end of T+21), the opt-out 30 days more.
    if (vouchersLink.ok && optOutLink.ok) {
      expect(vouchersLink.expiresAt).toEqual(at(addDays(T, 22), '00:00'));
      expect(optOutLink.expiresAt).toEqual(at(addDays(T, 52), '00:00'));
    }
    for (const message of sent) {
      expect(message.params.text!.length, message.kind).toBeLessThanOrEqual(310);
      expect(message.params.text).toContain(message.params.opt_out_url);
      expect(message.params.text).not.toMatch(/STOP/);
    }

    const expiry = bySubjectKind('Asha', 'expiry_reminder')[0]!.params;
    expect(expiry).toMatchObject({
      merchant: merchantName,
      offer: tomorrowOfferName,
      expires_on: formatDate(addDays(T, 1)),
      title: 'Your voucher ends soon',
      url: expiry.vouchers_url,
    });
    expect(expiry.text).toContain(
      `your ${merchantName} voucher ("${tomorrowOfferName}") is valid until ${expiry.expires_on}. See it: ${expiry.url}`,
    );

    // The review request: the hotel's Google review page, no rating asked first, no voucher named.
    const review = bySubjectKind('Bela', 'review_request')[0]!.params;
    expect(review.url).toBe('https://search.google.com/local/writereview?placeid=ChIJ-sea-view');
    expect(review.title).toBe('How was your stay at Sea View Inn?');
    expect(review.text).toContain(review.url);
    expect(review.text).not.toMatch(/voucher|star|rate|rating/i);

    // In Hindi for a Hindi scan.
    const hindi = bySubjectKind('Indu', 'checkout_reminder')[0]!.params;
    expect(hindi).toMatchObject({ language: 'hi', count: '1', title: 'आपके 1 वाउचर अभी इस्तेमाल नहीं हुए हैं' });
    expect(hindi.text).toMatch(/^नमस्ते Indu, Sea View Inn में आपके ठहराव के 1 वाउचर अभी इस्तेमाल नहीं हुए हैं।/);
    expect(hindi.text).toContain(hindi.opt_out_url);
    expect(hindi.stop_label).toBe('संदेश बंद करें');

    // Sent once: another pass sends nothing.
    const again = recorder();
    await sendDueMessages(worker(secondDb, nine, again.messenger, 'server-b'));
    expect(again.sent).toEqual([]);
  });

  it('past the daily spend limit the next message waits, visibly', async () => {
    // ₹1 a day at 100 paise a WhatsApp message: one message.
    await setSettings({ spendLimits: { whatsapp: 1 }, pricesPaise: { whatsapp: 100 } });
    await t.db.delete(messageDaySends);
    await guest('Meera', { checkoutDate: T }, [{ offerId: longOfferId }]);
    await guest('Nikhil', { checkoutDate: T }, [{ offerId: longOfferId }]);
    expect((await run(t.db, nextSlot(), 'server-a')).queued.checkout_reminder).toBe(2);
    await arriveAtNine();
    const { messenger, sent } = recorder();
    await sendDueMessages(worker(t.db, at(T, '10:00'), messenger, 'server-a'));
    expect(sent).toHaveLength(1);
    const rows = [...(await messagesOf('Meera')), ...(await messagesOf('Nikhil'))];
    expect(rows.map((m) => m.status).sort()).toEqual(['queued', 'sent']);
    const held = rows.find((m) => m.status === 'queued')!;
    expect(held.lastError).toMatch(/^daily spend limit reached/);
    expect(held.lastError).toBe('daily spend limit reached: whatsapp');
    await setSettings({ spendLimits: { whatsapp: 500, sms: 500 }, pricesPaise: { whatsapp: 13, sms: 25 } });
  });
});

describe('the guest form (docs/PRIVACY.md "Notice and consent")', () => {
  it('stores the reminders box and the page language, unticked and English when not sent', async () => {
    const { hotel } = await insertSubscribedHotel(t.db, { from: addDays(T, -30) });
    const offer = await insertOffer(t.db, {
      merchantId: (await insertMerchant(t.db, { locationId: hotel.locationId })).id,
    });
    const body = {
      hotel_id: hotel.id,
      customer_name: 'Priya Sharma',
      checkout_date: addDays(T, 2),
      consent: true,
      selected_offers: [offer.id],
    };
    const ticked = await t.request('POST', '/api/customer-scans', {
      json: { ...body, mobile_number: nextMobile(), reminders_opt_in: true, language: 'hi' },
    });
    const plain = await t.request('POST', '/api/customer-scans', { json: { ...body, mobile_number: nextMobile() } });
    expect([ticked.status, plain.status], JSON.stringify([ticked.body, plain.body])).toEqual([201, 201]);
    const stored = await t.db
      .select({ id: customerScans.id, optIn: customerScans.remindersOptIn, language: customerScans.language })
      .from(customerScans)
      .where(eq(customerScans.hotelId, hotel.id));
    expect(stored.find((s) => s.id === ticked.body.scan_id)).toMatchObject({ optIn: true, language: 'hi' });
    expect(stored.find((s) => s.id === plain.body.scan_id)).toMatchObject({ optIn: false, language: 'en' });
    const refused = await t.request('POST', '/api/customer-scans', {
      json: { ...body, mobile_number: nextMobile(), language: 'fr' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('language must be one of en, hi, ta, te, kn, ml, bn, mr');
  });
});
