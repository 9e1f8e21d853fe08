import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customerScans, hotels, messages, verificationCodes } from '../support/tables';
import { runRetention } from '../../src/server/modules/customer-scans/guest-retention.job';
import { createApp } from '../../src/server/platform/app';
import { createLogger } from '../../src/server/platform/lib/logger';
import { issueVerificationToken } from '../../src/server/modules/verification/verification-token';
import { VERIFIED_GUEST_ACTOR } from '../../src/shared/audit-actions';
import { NO_STAY_TO_RECOVER } from '../../src/shared/schemas/my-data';
import { VERIFICATION_INVALID, VERIFY_FIRST, type VerificationPurpose } from '../../src/shared/schemas/verification';
import { addDays } from '../../src/shared/dates';
import { ERASED_MOBILE } from '../../src/shared/privacy';
import { TEST_JWT_SECRET, useTestContext, type RoleTokens } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOne } from '../support/insert-one';
import { businessToday, insertOffer } from '../support/offer-factories';
import { guestScanRequests } from '../support/guest-scan-requests';

/**
 * A guest's own data (docs/PRIVACY.md "Codes and messages", "Erasure on request", "My data"; docs/PRODUCT.md "Guest
 * trust"): erasure and retention clear the verification codes and messages that hold a number.
 */

const TZ = 'Asia/Kolkata';
const t = useTestContext({ env: { APP_TIMEZONE: TZ } });
let today: string;
let hotelId: string;
let otherHotelId: string;
let locationId: number;
let offerIds: string[];
let token: RoleTokens;
let mobiles = 0;
const nextMobile = () => `94${String(10_000_000 + ++mobiles * 7919).slice(-8)}`;

beforeAll(async () => {
  today = businessToday();
  const location = await t.createLocation();
  locationId = location.id;
  const subscribed = { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } };
  hotelId = (await insertSubscribedHotel(t.db, subscribed)).hotel.id;
  otherHotelId = (await insertSubscribedHotel(t.db, subscribed)).hotel.id;
  const merchantId = (await t.createMerchant({ locationId: location.id })).id;
  offerIds = [];
  for (let i = 0; i < 3; i++) offerIds.push((await insertOffer(t.db, { merchantId, offerName: `Offer ${i}` })).id);
  token = await t.tokensByRole({ hotelId, merchantId });
});

const { submission, submit } = guestScanRequests(t, () => ({ hotelId, offerIds, today }), {
  customerName: 'Kavya Rao',
  nextMobile,
});

/** A code and its message for `mobile`, as POST /verification/request leaves them (planted: no provider needed). */
async function plantCodeAndMessage(mobile: string, createdAt = new Date(), status: 'sent' | 'queued' = 'sent') {
  const code = await insertOne(t.db, verificationCodes, {
    mobileNumber: mobile,
    purpose: 'my_data',
    codeHash: 'x'.repeat(64),
    expiresAt: new Date(createdAt.getTime() + 600_000),
    createdAt,
  });
  const message = await insertOne(t.db, messages, {
    subject: code.id,
    kind: 'verification_code',
    channel: 'log',
    recipient: mobile,
    params: { code: '123456' },
    status,
    createdAt,
  });
  return { code, message };
}

const codesOf = (mobile: string) =>
  t.db.select().from(verificationCodes).where(eq(verificationCodes.mobileNumber, mobile));
const messageById = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe('erasure clears codes and messages', () => {
  it("the back office's erasure deletes the number's codes, anonymises its messages (a queued one cancelled), and counts them in the audit event", async () => {
    const mobile = nextMobile();
    const bystander = nextMobile();
    expect((await submit(submission({ mobile_number: mobile }))).status).toBe(201);
    const sent = await plantCodeAndMessage(mobile);
    const queued = await plantCodeAndMessage(mobile, new Date(), 'queued');
    const other = await plantCodeAndMessage(bystander);

    const res = await t.request('POST', '/api/customer-scans/erase', {
      token: token.superadmin,
      json: { mobile_number: mobile },
    });
    expect(res.status).toBe(200);
    expect(await codesOf(mobile)).toHaveLength(0);
    for (const { message } of [sent, queued])
      expect(await messageById(message.id)).toMatchObject({ recipient: ERASED_MOBILE, params: {} });
    expect((await messageById(sent.message.id)).status).toBe('sent');
    expect((await messageById(queued.message.id)).status).toBe('cancelled');
    // Another number's are untouched.
    expect(await codesOf(bystander)).toHaveLength(1);
    expect(await messageById(other.message.id)).toMatchObject({ recipient: bystander, params: { code: '123456' } });

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'guest.erase'))
      .orderBy(auditEvents.at)
      .limit(1);
    expect(event!.after).toEqual({
      scans_anonymised: 1,
      vouchers_cancelled: 2,
      codes_deleted: 2,
      messages_anonymised: 2,
    });
    expect(JSON.stringify(event)).not.toContain(mobile);
  });
});

describe('retention clears codes and messages', () => {
  it('deletes codes made before the run day and anonymises settled messages made before it; today’s and queued ones stay', async () => {
    const day = addDays(today, 3); // a slot of its own
    const now = new Date(`${day}T06:00:00Z`);
    const yesterday = new Date(`${addDays(day, -1)}T06:00:00Z`);
    const mobile = nextMobile();
    const old = await plantCodeAndMessage(mobile, yesterday);
    const oldQueued = await plantCodeAndMessage(mobile, yesterday, 'queued');
    const fresh = await plantCodeAndMessage(mobile, new Date(`${day}T05:00:00Z`));

    const run = await runRetention({ db: t.db, config: { timeZone: TZ, guestDataRetentionDays: 180 } }, now);
    expect(run).toMatchObject({ ran: true });
    expect(run.codesDeleted).toBeGreaterThanOrEqual(2);
    expect(run.messagesAnonymised).toBeGreaterThanOrEqual(1);
    const left = await codesOf(mobile);
    expect(left.map((c) => c.id)).toEqual([fresh.code.id]);
    expect(await messageById(old.message.id)).toMatchObject({ recipient: ERASED_MOBILE, params: {}, status: 'sent' });
    expect(await messageById(oldQueued.message.id)).toMatchObject({ recipient: mobile, status: 'queued' });
    expect(await messageById(fresh.message.id)).toMatchObject({ recipient: mobile });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'guest.retention')));
    expect(events.some((e) => (e.after as { codes_deleted?: number }).codes_deleted! >= 2)).toBe(true);
  });
});

/** What POST /verification/verify gives (signed here: the code's rules are tests/api/verification.test.ts's). */
const tokenFor = (mobile: string, purpose: VerificationPurpose, hotel: string | null, issuedAt?: number) =>
  issueVerificationToken({ mobile, purpose, hotelId: hotel }, TEST_JWT_SECRET, issuedAt);
const hourAgo = () => Math.floor(Date.now() / 1000) - 3600;

describe('POST /api/customer-scans/recover', () => {
  const recover = (body: Record<string, unknown>) => t.request('POST', '/api/customer-scans/recover', { json: body });

  it("answers the stay's scan and vouchers, as the submission answered them, to a token of this number and hotel", async () => {
    const mobile = nextMobile();
    const issued = await submit(submission({ mobile_number: mobile }));
    expect(issued.status).toBe(201);
    // The same number at another hotel: not this stay.
    expect((await submit(submission({ mobile_number: mobile, hotel_id: otherHotelId }))).status).toBe(201);
    const res = await recover({
      hotel_id: hotelId,
      mobile_number: mobile,
      verification_token: await tokenFor(mobile, 'recover', hotelId),
    });
    expect(res.status).toBe(200);
    expect(res.body.scan_id).toBe(issued.body.scan_id);
    expect(new Set(res.body.coupons)).toEqual(new Set(issued.body.coupons));
    expect(JSON.stringify(res.body)).not.toContain(mobile);
  });

  it("refuses another hotel's, another number's, another purpose's, an expired or a forged token (403), and no token", async () => {
    const mobile = nextMobile();
    expect((await submit(submission({ mobile_number: mobile }))).status).toBe(201);
    const body = { hotel_id: hotelId, mobile_number: mobile };
    const refused = [
      await tokenFor(mobile, 'recover', otherHotelId),
      await tokenFor(nextMobile(), 'recover', hotelId),
      await tokenFor(mobile, 'claim', hotelId),
      await tokenFor(mobile, 'my_data', null),
      await tokenFor(mobile, 'recover', hotelId, hourAgo()),
      (await tokenFor(mobile, 'recover', hotelId)).slice(0, -3) + 'abc',
    ];
    for (const token of refused) {
      const res = await recover({ ...body, verification_token: token });
      expect(res.status, token).toBe(403);
      expect(res.body.detail).toBe(VERIFICATION_INVALID);
    }
    const none = await recover({ ...body, verification_token: '' });
    expect([none.status, none.body.detail]).toEqual([422, VERIFY_FIRST]);
  });

  it('answers 404 when the number has no stay running at this hotel (and never one of another number)', async () => {
    const mobile = nextMobile();
    const res = await recover({
      hotel_id: otherHotelId,
      mobile_number: mobile,
      verification_token: await tokenFor(mobile, 'recover', otherHotelId),
    });
    expect([res.status, res.body.detail]).toEqual([404, NO_STAY_TO_RECOVER]);
  });
});

describe('/api/my-data', () => {
  const call = (method: string, path: string, token: string | undefined, json?: unknown) =>
    t.request(method, `/api/my-data${path}`, { json, headers: token ? { 'X-Verification-Token': token } : {} });
  const guestEvents = async (
    action: 'guest.name_correct' | 'guest.marketing_withdraw' | 'guest.reminders_opt_out' | 'guest.erase',
  ) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter(
      (e) => e.actorUsername === VERIFIED_GUEST_ACTOR,
    );

  it('every call needs a my_data token of the number: none, expired, forged or of another purpose is refused (403)', async () => {
    const mobile = nextMobile();
    const bad = [
      await tokenFor(mobile, 'recover', hotelId),
      await tokenFor(mobile, 'claim', hotelId),
      await tokenFor(mobile, 'my_data', null, hourAgo()),
      (await tokenFor(mobile, 'my_data', null)).slice(0, -3) + 'xyz',
    ];
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', '/export'],
      ['PUT', '/name', { customer_name: 'Someone Else' }],
      ['POST', '/marketing-withdraw'],
      ['POST', '/reminders-stop'],
      ['POST', '/erase'],
    ];
    for (const [method, path, json] of calls) {
      const none = await call(method, path, undefined, json);
      expect([none.status, none.body.detail], `${method} ${path}`).toEqual([403, VERIFY_FIRST]);
      for (const token of bad) {
        const res = await call(method, path, token, json);
        expect([res.status, res.body.detail], `${method} ${path}`).toEqual([403, VERIFICATION_INVALID]);
      }
    }
  });

  it("shows and exports the number's scans only, with hotel, dates and vouchers' states", async () => {
    const mobile = nextMobile();
    const a = await submit(submission({ mobile_number: mobile, marketing_opt_in: true }));
    const b = await submit(
      submission({ mobile_number: mobile, hotel_id: otherHotelId, selected_offers: [offerIds[2]] }),
    );
    const stranger = await submit(submission());
    expect([a.status, b.status, stranger.status]).toEqual([201, 201, 201]);
    const redeemed = a.body.coupons[0].coupon_code;
    const redeem = await t.request('POST', '/api/merchant/redeem-voucher', {
      token: token.merchant,
      json: { voucher_code: redeemed },
    });
    expect(redeem.body.status).toBe('success');

    const proof = await tokenFor(mobile, 'my_data', null);
    const res = await call('GET', '', proof);
    expect(res.status).toBe(200);
    expect(res.body.mobile_number).toBe(mobile);
    expect(res.body.scans.map((s: { scan_id: string }) => s.scan_id).sort()).toEqual(
      [a.body.scan_id, b.body.scan_id].sort(),
    );
    const first = res.body.scans.find((s: { scan_id: string }) => s.scan_id === a.body.scan_id);
    expect(first).toMatchObject({ customer_name: 'Kavya Rao', marketing_opt_in: true, verified: false });
    expect(first.checkout_date).toBe(addDays(today, 2));
    const states = Object.fromEntries(
      first.vouchers.map((v: { coupon_code: string; state: string }) => [v.coupon_code, v.state]),
    );
    expect(states[redeemed]).toBe('redeemed');
    expect(Object.values(states).filter((s) => s === 'unused')).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain(stranger.body.scan_id);

    const exported = await call('GET', '/export', proof);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="stayperks-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(exported.headers.get('Content-Type')).toMatch(/application\/json/);
    const { exported_at, ...rest } = exported.body;
    expect(Date.now() - Date.parse(exported_at)).toBeLessThan(60_000);
    expect(rest).toEqual(res.body);
  });

  it("corrects the name on the number's scans only, audited as the verified guest without the number or name", async () => {
    const mobile = nextMobile();
    const mine = await submit(submission({ mobile_number: mobile }));
    const stranger = await submit(submission());
    const token = await tokenFor(mobile, 'my_data', null);
    const bad = await call('PUT', '/name', token, { customer_name: '   ' });
    expect(bad.status).toBe(422);
    const res = await call('PUT', '/name', token, { customer_name: '  Kavya R. Menon ' });
    expect(res.status).toBe(200);
    expect(res.body.scans.map((s: { customer_name: string }) => s.customer_name)).toEqual(['Kavya R. Menon']);
    const rows = await t.db.select().from(customerScans).where(eq(customerScans.id, stranger.body.scan_id));
    expect(rows[0]!.customerName).toBe('Kavya Rao');
    expect(mine.status).toBe(201);
    const [event] = (await guestEvents('guest.name_correct')).slice(-1);
    expect(event).toMatchObject({ actorId: null, actorUsername: VERIFIED_GUEST_ACTOR, after: { scans: 1 } });
    expect(JSON.stringify(event)).not.toContain(mobile);
    expect(JSON.stringify(event)).not.toContain('Menon');
  });

  it('withdraws the optional offers consent on every scan of the number', async () => {
    const mobile = nextMobile();
    await submit(submission({ mobile_number: mobile, marketing_opt_in: true }));
    await submit(submission({ mobile_number: mobile, hotel_id: otherHotelId, marketing_opt_in: true }));
    const other = await submit(submission({ marketing_opt_in: true }));
    const res = await call('POST', '/marketing-withdraw', await tokenFor(mobile, 'my_data', null));
    expect(res.status).toBe(200);
    expect(res.body.scans.map((s: { marketing_opt_in: boolean }) => s.marketing_opt_in)).toEqual([false, false]);
    const [stranger] = await t.db.select().from(customerScans).where(eq(customerScans.id, other.body.scan_id));
    expect(stranger!.marketingOptIn).toBe(true);
    const [event] = (await guestEvents('guest.marketing_withdraw')).slice(-1);
    expect(event).toMatchObject({ actorUsername: VERIFIED_GUEST_ACTOR, after: { scans: 2 } });
  });

  it('stops the reminders of every scan of the number that ticked the box, cancelling what is queued', async () => {
    const mobile = nextMobile();
    const ticked = await submit(submission({ mobile_number: mobile, reminders_opt_in: true }));
    await submit(submission({ mobile_number: mobile, hotel_id: otherHotelId }));
    const other = await submit(submission({ reminders_opt_in: true }));
    const queued = await t.db
      .insert(messages)
      .values({
        subject: ticked.body.scan_id,
        kind: 'checkout_reminder',
        channel: 'push',
        recipient: mobile,
        scanId: ticked.body.scan_id,
      })
      .returning({ id: messages.id });
    const token = await tokenFor(mobile, 'my_data', null);
    const before = await call('GET', '', token);
    expect(before.body.scans.map((s: { reminders_opt_in: boolean }) => s.reminders_opt_in).sort()).toEqual([
      false,
      true,
    ]);
    const res = await call('POST', '/reminders-stop', token);
    expect(res.status).toBe(200);
    const stopped = res.body.scans.find((s: { scan_id: string }) => s.scan_id === ticked.body.scan_id);
    expect(stopped).toMatchObject({ reminders_opt_in: true, reminders_stopped_at: expect.any(String) });
    const [message] = await t.db.select().from(messages).where(eq(messages.id, queued[0]!.id));
    expect(message).toMatchObject({ status: 'cancelled', lastError: 'guest opted out' });
    const [stranger] = await t.db.select().from(customerScans).where(eq(customerScans.id, other.body.scan_id));
    expect(stranger!.remindersOptedOutAt).toBeNull();
    const [event] = (await guestEvents('guest.reminders_opt_out')).slice(-1);
    expect(event).toMatchObject({
      actorUsername: VERIFIED_GUEST_ACTOR,
      after: { scans: 1, newly_stopped: 1, messages_cancelled: 1 },
    });
    expect(JSON.stringify(event)).not.toContain(mobile);
    // Again: nothing more to stop, the first time kept.
    const again = await call('POST', '/reminders-stop', token);
    expect(
      again.body.scans.find((s: { scan_id: string }) => s.scan_id === ticked.body.scan_id).reminders_stopped_at,
    ).toBe(stopped.reminders_stopped_at);
  });

  it('erases as the back office does (scans, vouchers, codes, messages), audited as the verified guest; the data is gone after', async () => {
    const mobile = nextMobile();
    const scan = await submit(submission({ mobile_number: mobile }));
    const other = await submit(submission());
    const planted = await plantCodeAndMessage(mobile);
    const token = await tokenFor(mobile, 'my_data', null);
    const res = await call('POST', '/erase', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scans_anonymised: 1, vouchers_cancelled: 2 });
    const [row] = await t.db.select().from(customerScans).where(eq(customerScans.id, scan.body.scan_id));
    expect(row).toMatchObject({ mobileNumber: ERASED_MOBILE });
    expect(await codesOf(mobile)).toHaveLength(0);
    expect(await messageById(planted.message.id)).toMatchObject({ recipient: ERASED_MOBILE });
    const [stranger] = await t.db.select().from(customerScans).where(eq(customerScans.id, other.body.scan_id));
    expect(stranger!.anonymisedAt).toBeNull();
    const [event] = (await guestEvents('guest.erase')).slice(-1);
    expect(event).toMatchObject({
      actorId: null,
      actorUsername: VERIFIED_GUEST_ACTOR,
      after: { scans_anonymised: 1, vouchers_cancelled: 2, codes_deleted: 1, messages_anonymised: 1 },
    });
    expect(JSON.stringify(event)).not.toContain(mobile);
    expect((await call('GET', '', token)).body).toEqual({ mobile_number: mobile, scans: [] });
  });
});

describe('with phone verification on, only verified scans are a stay', () => {
  it("an unproven claim with a number (a stranger's, or one from before the switch) blocks neither the check nor the guest who proves it", async () => {
    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -30),
      months: 12,
      hotel: { locationId },
    });
    const guarded = hotel.id;
    await t.db.update(hotels).set({ phoneVerification: true }).where(eq(hotels.id, guarded));
    const mobile = nextMobile();
    await insertOne(t.db, customerScans, {
      hotelId: guarded,
      customerName: 'Not Me',
      mobileNumber: mobile,
      checkoutDate: addDays(today, 30),
    });
    const check = () => t.request('GET', `/api/customer-scans/check/${guarded}/${mobile}`);
    expect((await check()).body.can_scan).toBe(true);

    const claim = async () =>
      submit(
        submission({
          hotel_id: guarded,
          mobile_number: mobile,
          verification_token: await tokenFor(mobile, 'claim', guarded),
        }),
      );
    const first = await claim();
    expect(first.status).toBe(201);
    // Now the proven stay counts: the check and a second claim see it.
    expect((await check()).body).toMatchObject({ can_scan: false });
    expect((await claim()).status).toBe(409);
    // "Show my vouchers" finds the verified stay, not the unproven one.
    const recovered = await t.request('POST', '/api/customer-scans/recover', {
      json: {
        hotel_id: guarded,
        mobile_number: mobile,
        verification_token: await tokenFor(mobile, 'recover', guarded),
      },
    });
    expect(recovered.body.scan_id).toBe(first.body.scan_id);
  });

  it('with verification off, any scan of the number is the stay, as before', async () => {
    const mobile = nextMobile();
    await insertOne(t.db, customerScans, {
      hotelId,
      customerName: 'Earlier',
      mobileNumber: mobile,
      checkoutDate: addDays(today, 30),
    });
    expect((await t.request('GET', `/api/customer-scans/check/${hotelId}/${mobile}`)).body.can_scan).toBe(false);
    expect((await submit(submission({ mobile_number: mobile }))).status).toBe(409);
  });
});

describe('the whole way by real codes (the log provider)', () => {
  it('a claim proven by a code at a hotel with verification on, then its vouchers on a second phone by a recovery code', async () => {
    // An app whose log the test reads: the log provider prints each code there (and nowhere else).
    const output: string[] = [];
    const app = createApp({
      ...t.deps,
      logger: createLogger({ level: 'info', destination: { write: (chunk: string) => void output.push(chunk) } }),
    });
    const call = async (path: string, json: unknown) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { detail?: string } };
    };
    const codesTo = (mobile: string) =>
      output
        .join('')
        .split('\n')
        .flatMap((line) => {
          const match = new RegExp(`Verification code for \\*+${mobile.slice(-4)}: (\\d{6})`).exec(line);
          return match ? [match[1]!] : [];
        });
    const codeAfter = async (mobile: string, earlier: number) => {
      await expect.poll(() => codesTo(mobile).length).toBeGreaterThan(earlier);
      return codesTo(mobile).at(-1)!;
    };
    const prove = async (mobile: string, purpose: 'claim' | 'recover', hotel: string) => {
      const earlier = codesTo(mobile).length;
      const asked = await call('/api/verification/request', { mobile_number: mobile, purpose, hotel_id: hotel });
      expect(asked.status, asked.body.detail).toBe(202);
      const code = await codeAfter(mobile, earlier);
      const verified = await call('/api/verification/verify', {
        mobile_number: mobile,
        purpose,
        hotel_id: hotel,
        code,
      });
      expect(verified.status, verified.body.detail).toBe(200);
      return verified.body.verification_token as string;
    };

    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -30),
      months: 12,
      hotel: { locationId },
    });
    await t.db.update(hotels).set({ phoneVerification: true }).where(eq(hotels.id, hotel.id));
    const mobile = nextMobile();
    const body = submission({ hotel_id: hotel.id, mobile_number: mobile });
    const claim = await call('/api/customer-scans', {
      ...body,
      verification_token: await prove(mobile, 'claim', hotel.id),
    });
    expect(claim.status, claim.body.detail).toBe(201);
    const [scan] = await t.db
      .select()
      .from(customerScans)
      .where(eq(customerScans.id, claim.body.scan_id as string));
    expect(scan!.verified).toBe(true);

    // The second phone asks a minute later (the number's next code waits 60 s: the first is aged here).
    await t.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.mobileNumber, mobile));
    const recovered = await call('/api/customer-scans/recover', {
      hotel_id: hotel.id,
      mobile_number: mobile,
      verification_token: await prove(mobile, 'recover', hotel.id),
    });
    expect(recovered.status, recovered.body.detail).toBe(200);
    expect(recovered.body.scan_id).toBe(claim.body.scan_id);
    expect(new Set(recovered.body.coupons as unknown[])).toEqual(new Set(claim.body.coupons as unknown[]));
    // The codes went to the log only as the log provider's lines, and are stored hashed.
    const stored = await t.db.select().from(verificationCodes).where(eq(verificationCodes.mobileNumber, mobile));
    for (const code of codesTo(mobile)) expect(JSON.stringify(stored)).not.toContain(code);
  });
});
