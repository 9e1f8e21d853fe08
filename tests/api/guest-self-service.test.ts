import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, messages, verificationCodes } from '../support/tables';
import { runRetention } from '../../src/server/modules/customer-scans/guest-retention.job';
import { addDays } from '../../src/shared/dates';
import { ERASED_MOBILE } from '../../src/shared/privacy';
import { useTestContext, type RoleTokens } from '../support';
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
let offerIds: string[];
let token: RoleTokens;
let mobiles = 0;
const nextMobile = () => `94${String(10_000_000 + ++mobiles * 7919).slice(-8)}`;

beforeAll(async () => {
  today = businessToday();
  const location = await t.createLocation();
  const subscribed = { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } };
  hotelId = (await insertSubscribedHotel(t.db, subscribed)).hotel.id;
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
