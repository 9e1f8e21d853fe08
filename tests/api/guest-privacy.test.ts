import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, coupons, customerScans, jobRuns } from '../support/tables';
import { ConfigError, loadConfig } from '../../src/server/platform/env';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import {
  GUEST_RETENTION_JOB,
  retentionSlot,
  runRetention,
  startGuestRetentionJob,
} from '../../src/server/modules/customer-scans/guest-retention.job';
import { addDays } from '../../src/shared/dates';
import { ERASED_MOBILE, ERASED_NAME, PRIVACY_NOTICE_VERSION } from '../../src/shared/privacy';
import { CANCELLED_MESSAGE } from '../../src/shared/schemas/merchant-area';
import { CONSENT_REQUIRED } from '../../src/shared/schemas/scans';
import { useTestContext, type RoleTokens } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOne } from '../support/insert-one';
import { businessToday, insertOffer } from '../support/offer-factories';
import { guestScanRequests } from '../support/guest-scan-requests';

/**
 * Guest trust (docs/PRIVACY.md): consent stored with the scan, vouchers in the order picked, masked mobiles
 * for merchants and hotels, erasure on request, and the retention job.
 */

const TZ = 'Asia/Kolkata';
const t = useTestContext({ env: { APP_TIMEZONE: TZ } });
let today: string;
let hotelId: string;
let otherHotelId: string;
let merchantId: string;
let offerIds: string[];
let offerNames: string[];
let token: RoleTokens;
let mobiles = 0;
const nextMobile = () => `93${String(10_000_000 + ++mobiles * 7907).slice(-8)}`;

beforeAll(async () => {
  today = businessToday();
  const location = await t.createLocation();
  const subscribed = { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } };
  hotelId = (await insertSubscribedHotel(t.db, subscribed)).hotel.id;
  otherHotelId = (await insertSubscribedHotel(t.db, subscribed)).hotel.id;
  merchantId = (await t.createMerchant({ locationId: location.id })).id;
  const offers = [];
  for (let i = 0; i < 3; i++) offers.push(await insertOffer(t.db, { merchantId, offerName: `Offer ${'ABC'[i]}` }));
  offerIds = offers.map((o) => o.id);
  offerNames = offers.map((o) => o.offerName);
  token = await t.tokensByRole({ hotelId, merchantId });
});

const { submission, submit } = guestScanRequests(t, () => ({ hotelId, offerIds, today }), {
  customerName: 'Meera Iyer',
  nextMobile,
});
const scansOf = (mobile: string) => t.db.select().from(customerScans).where(eq(customerScans.mobileNumber, mobile));
const redeem = (code: string) =>
  t.request('POST', '/api/merchant/redeem-voucher', { token: token.merchant, json: { voucher_code: code } });
const dashboard = async () => {
  const res = await t.request('GET', '/api/dashboard/superadmin', { token: token.superadmin });
  expect(res.status).toBe(200);
  expect(res.body.total_scans).toEqual(expect.any(Number));
  return { scans: res.body.total_scans, redemptions: res.body.total_redemptions };
};
const merchantCounts = async () => {
  const res = await t.request('GET', '/api/merchant/dashboard', { token: token.merchant });
  return { total: res.body.total_vouchers, redeemed: res.body.redeemed_vouchers };
};

describe('consent on the scan submission', () => {
  it.each([
    ['without the consent field', { consent: undefined }],
    ['with consent false', { consent: false }],
    ['with consent as text', { consent: 'yes' }],
  ])('refuses a submission %s with 422 naming the field, and writes nothing', async (_, overrides) => {
    const body = submission(overrides);
    const res = await submit(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(CONSENT_REQUIRED);
    expect(res.body.detail).toMatch(/consent/);
    expect(await scansOf(body.mobile_number)).toHaveLength(0);
  });

  it('stores the consent, its notice version and the optional offers box with the scan', async () => {
    const plain = submission();
    expect((await submit(plain)).status).toBe(201);
    const offersToo = submission({ marketing_opt_in: true });
    expect((await submit(offersToo)).status).toBe(201);
    const [a] = await scansOf(plain.mobile_number);
    const [b] = await scansOf(offersToo.mobile_number);
    expect(a).toMatchObject({ consentVersion: PRIVACY_NOTICE_VERSION, marketingOptIn: false, anonymisedAt: null });
    expect(b).toMatchObject({ consentVersion: PRIVACY_NOTICE_VERSION, marketingOptIn: true });
    for (const scan of [a!, b!]) expect(Date.now() - scan.consentedAt!.getTime()).toBeLessThan(5 * 60_000);
    expect((await submit(submission({ marketing_opt_in: 'yes' }))).status).toBe(422);
  });
});

describe('the order of the vouchers', () => {
  it('answers the coupons in the order the offers were picked, on the first answer and on a replay', async () => {
    for (const order of [
      [2, 0, 1],
      [1, 2, 0],
      [0, 2, 1],
    ]) {
      const body = submission({ selected_offers: order.map((i) => offerIds[i]) });
      const key = `order-${crypto.randomUUID()}`;
      const first = await submit(body, key);
      expect(first.status).toBe(201);
      const names = order.map((i) => offerNames[i]);
      expect(first.body.coupons.map((c: { offer_name: string }) => c.offer_name)).toEqual(names);
      const replay = await submit(body, key);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
    }
  });
});

describe('masked mobiles', () => {
  it('merchants (My Customers) and hotels (Customers) see the first 2 and last 3 digits; the back office sees it whole', async () => {
    const body = submission({ mobile_number: '9812345210', selected_offers: [offerIds[0]] });
    const issued = await submit(body);
    expect(issued.status).toBe(201);
    expect((await redeem(issued.body.coupons[0].coupon_code)).body.status).toBe('success');

    const mine = await t.request('GET', '/api/merchant/my-customers', { token: token.merchant });
    expect(mine.status).toBe(200);
    const row = mine.body.find((c: { scan_id: string }) => c.scan_id === issued.body.scan_id);
    expect(row.mobile_number).toBe('98*****210');
    expect(JSON.stringify(mine.body)).not.toContain('9812345210');

    const hotel = await t.request('GET', '/api/hotel/customers', { token: token.hotel });
    expect(hotel.status).toBe(200);
    const guest = hotel.body.find((c: { id: string }) => c.id === issued.body.scan_id);
    expect(guest.mobile_masked).toBe('98*****210');
    expect(JSON.stringify(hotel.body)).not.toContain('9812345210');

    const list = await t.request('GET', '/api/customer-scans?search=9812345210', { token: token.superadmin });
    expect(list.body.map((s: { mobile_number: string }) => s.mobile_number)).toContain('9812345210');
  });
});

describe('POST /api/customer-scans/erase', () => {
  it('is for role superadmin only', async () => {
    for (const kind of ['admin', 'manager', 'hotel', 'merchant'] as const) {
      const res = await t.request('POST', '/api/customer-scans/erase', {
        token: token[kind],
        json: { mobile_number: nextMobile() },
      });
      expect(res.status, kind).toBe(403);
    }
    const anonymous = await t.request('POST', '/api/customer-scans/erase', { json: { mobile_number: nextMobile() } });
    expect(anonymous.status).toBe(401);
    const bad = await t.request('POST', '/api/customer-scans/erase', {
      token: token.superadmin,
      json: { mobile_number: '12345' },
    });
    expect(bad.status).toBe(422);
  });

  it('anonymises every scan of the number, cancels its unredeemed vouchers, keeps the counts, and audits once', async () => {
    const mobile = nextMobile();
    const bystander = submission();
    expect((await submit(bystander)).status).toBe(201);
    // Two stays at two hotels: the first had one voucher redeemed.
    const past = await submit(submission({ mobile_number: mobile, selected_offers: offerIds.slice(0, 2) }));
    const other = await submit(
      submission({ mobile_number: mobile, hotel_id: otherHotelId, selected_offers: [offerIds[2]] }),
    );
    expect([past.status, other.status]).toEqual([201, 201]);
    const [used, pending] = past.body.coupons.map((c: { coupon_code: string }) => c.coupon_code);
    const pendingElsewhere = other.body.coupons[0].coupon_code;
    expect((await redeem(used)).body.status).toBe('success');
    const before = { dashboard: await dashboard(), merchant: await merchantCounts() };
    const auditBefore = (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'guest.erase'))).length;

    const res = await t.request('POST', '/api/customer-scans/erase', {
      token: token.superadmin,
      json: { mobile_number: mobile },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scans_anonymised: 2, vouchers_cancelled: 2 });

    expect(await scansOf(mobile)).toHaveLength(0);
    const erased = await t.db
      .select()
      .from(customerScans)
      .where(inArray(customerScans.id, [past.body.scan_id, other.body.scan_id]));
    expect(erased).toHaveLength(2);
    for (const scan of erased) {
      expect(scan).toMatchObject({ customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE, marketingOptIn: false });
      expect(scan.anonymisedAt).toBeInstanceOf(Date);
      expect(scan.consentVersion).toBe(PRIVACY_NOTICE_VERSION); // what was agreed stays on record
    }
    const states = await t.db
      .select({ code: coupons.code, isRedeemed: coupons.isRedeemed, cancelledAt: coupons.cancelledAt })
      .from(coupons)
      .where(inArray(coupons.code, [used, pending, pendingElsewhere]));
    const byCode = new Map(states.map((s) => [s.code, s]));
    expect(byCode.get(used)).toMatchObject({ isRedeemed: true, cancelledAt: null });
    expect(byCode.get(pending)!.cancelledAt).toBeInstanceOf(Date);
    expect(byCode.get(pendingElsewhere)!.cancelledAt).toBeInstanceOf(Date);
    expect((await scansOf(bystander.mobile_number))[0]).toMatchObject({ customerName: 'Meera Iyer' });

    // Counts and redemptions as they were.
    expect({ dashboard: await dashboard(), merchant: await merchantCounts() }).toEqual(before);

    // A cancelled voucher is refused at the counter (naming nobody) and cannot be downloaded.
    const refused = await redeem(pending);
    expect(refused.body).toMatchObject({ status: 'invalid', message: CANCELLED_MESSAGE, customer_name: null });
    const [still] = await t.db.select().from(coupons).where(eq(coupons.code, pending));
    expect(still!.isRedeemed).toBe(false);
    const pdf = await t.request('GET', `/api/coupons/${past.body.coupons[1].id}/download`);
    expect(pdf.status).toBe(404);
    // The redeemed one is still a redeemed one.
    expect((await redeem(used)).body.status).toBe('already_redeemed');

    // One audit event, with counts and without the number.
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'guest.erase'));
    expect(events).toHaveLength(auditBefore + 1);
    const event = events.at(-1)!;
    expect(event.after).toEqual({
      scans_anonymised: 2,
      vouchers_cancelled: 2,
      codes_deleted: 0,
      messages_anonymised: 0,
    });
    expect(JSON.stringify(event)).not.toContain(mobile);

    // Nothing left to find: the search, the scan check, and a second erasure.
    const search = await t.request('GET', `/api/customer-scans?search=${mobile}`, { token: token.superadmin });
    expect(search.body).toEqual([]);
    const check = await t.request('GET', `/api/customer-scans/check/${hotelId}/${mobile}`);
    expect(check.body.can_scan).toBe(true);
    const again = await t.request('POST', '/api/customer-scans/erase', {
      token: token.superadmin,
      json: { mobile_number: mobile },
    });
    expect(again.body).toEqual({ scans_anonymised: 0, vouchers_cancelled: 0 });

    // Merchants and hotels see the erased marker, never a number.
    const mine = await t.request('GET', '/api/merchant/my-customers', { token: token.merchant });
    const row = mine.body.find((c: { scan_id: string }) => c.scan_id === past.body.scan_id);
    expect(row).toMatchObject({ customer_name: ERASED_NAME, mobile_number: ERASED_MOBILE });
    const hotel = await t.request('GET', '/api/hotel/customers', { token: token.hotel });
    const guest = hotel.body.find((c: { id: string }) => c.id === past.body.scan_id);
    expect(guest).toMatchObject({ customer_name: ERASED_NAME, mobile_masked: null });
  });
});

describe('the retention job', () => {
  const config = { timeZone: TZ, guestDataRetentionDays: 180 };
  const at = (date: string, time = '06:00:00Z') => new Date(`${date}T${time}`); // 11:30 in Asia/Kolkata

  it('reads GUEST_DATA_RETENTION_DAYS, 180 by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).guestDataRetentionDays).toBe(180);
    expect(loadConfig({ NODE_ENV: 'test', GUEST_DATA_RETENTION_DAYS: '30' }).guestDataRetentionDays).toBe(30);
    for (const bad of ['0', '-5', 'half a year', '99999'])
      expect(() => loadConfig({ NODE_ENV: 'test', GUEST_DATA_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  });

  it('tells the privacy notice the retention period (GET /api/config)', async () => {
    const res = await t.request('GET', '/api/config');
    expect(res.body).toMatchObject({ guest_data_retention_days: 180, support_email: null });
  });

  it('a day is due from 03:00 business time', () => {
    expect(retentionSlot(TZ, new Date('2027-06-15T21:29:00Z'))).toBe('2027-06-15'); // 02:59 IST on the 16th
    expect(retentionSlot(TZ, new Date('2027-06-15T21:30:00Z'))).toBe('2027-06-16'); // 03:00 IST
  });

  it('anonymises name and mobile the set number of days after check-out, once a day across servers, counts unchanged', async () => {
    const day = addDays(today, 1); // a day of its own, so no other test claims it
    const now = at(day);
    const insert = async (checkoutDate: string, name: string) => {
      const scan = await insertOne(t.db, customerScans, {
        hotelId,
        customerName: name,
        mobileNumber: nextMobile(),
        checkoutDate,
      });
      await t.db
        .insert(coupons)
        .values({ scanId: scan.id, offerId: offerIds[0]!, merchantId, code: generateVoucherCode() });
      return scan;
    };
    const longGone = await insert(addDays(day, -400), 'Long Gone');
    const due = await insert(addDays(day, -180), 'Due Today');
    const notYet = await insert(addDays(day, -179), 'Not Yet');
    await t.db.update(coupons).set({ isRedeemed: true, redeemedAt: new Date() }).where(eq(coupons.scanId, longGone.id));
    const before = { dashboard: await dashboard(), merchant: await merchantCounts() };

    // Two servers at the same moment: one claims the day and runs it.
    const runs = await Promise.all([
      runRetention({ db: t.db, config, serverId: 'server-a' }, now),
      runRetention({ db: t.db, config, serverId: 'server-b' }, now),
    ]);
    expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(runs.find((r) => r.ran)!.anonymised).toBeGreaterThanOrEqual(2);
    const [claim] = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, GUEST_RETENTION_JOB), eq(jobRuns.slot, day)));
    expect(claim!.finishedAt).toBeInstanceOf(Date);

    const rows = await t.db
      .select()
      .from(customerScans)
      .where(inArray(customerScans.id, [longGone.id, due.id, notYet.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [longGone.id, due.id]) {
      expect(byId.get(id)).toMatchObject({ customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE });
      expect(byId.get(id)!.anonymisedAt).toBeInstanceOf(Date);
    }
    expect(byId.get(notYet.id)).toMatchObject({ customerName: 'Not Yet', anonymisedAt: null });
    // Retention cancels nothing; counts and redemptions are as they were.
    const kept = await t.db.select().from(coupons).where(eq(coupons.scanId, due.id));
    expect(kept[0]!.cancelledAt).toBeNull();
    expect({ dashboard: await dashboard(), merchant: await merchantCounts() }).toEqual(before);

    // The same day again does nothing; the next day takes the scan that is now due.
    expect((await runRetention({ db: t.db, config, serverId: 'server-a' }, now)).ran).toBe(false);
    const job = startGuestRetentionJob({
      db: t.db,
      config,
      timer: false,
      now: () => at(addDays(day, 1)),
      log: () => {},
    });
    const next = await job.tick();
    expect(next).toMatchObject({ slot: addDays(day, 1), ran: true });
    expect(await job.tick()).toBeUndefined(); // this server already settled that day
    await job.stop();
    const [later] = await t.db.select().from(customerScans).where(eq(customerScans.id, notYet.id));
    expect(later).toMatchObject({ customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'guest.retention'));
    expect(events.length).toBeGreaterThanOrEqual(2);
  });
});
