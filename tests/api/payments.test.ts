import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/shared/dates';
import { expectDetail, uniqueName, useTestContext } from '../support';
import { startFakeGateway, type FakeGateway } from '../support/fake-gateways';
import { linkPaidEvent, signedWebhookHeaders } from '../support/payment-webhooks';
import { durationByMonths } from '../support/hotel-factories';
import { auditEvents, periodPayments, paymentWebhookEvents } from '../support/tables';

/**
 * Payments of hotels' subscription periods (docs/PRODUCT.md "Payments"): status from what the invoice asks and what
 * was paid (with TDS), payments by hand, Razorpay payment links against a local fake of its API, and the webhook:
 * valid, forged, replayed, wrong amount, a second payment flagged for refund. The dashboard's unpaid figure.
 */
const WEBHOOK_SECRET = 'whsec_test_payments';
const env: Record<string, string> = {};
let razorpay: FakeGateway;
let linkSequence = 0;
beforeAll(async () => {
  razorpay = await startFakeGateway();
  razorpay.reply(() => {
    linkSequence += 1;
    return {
      status: 200,
      body: { id: `plink_Test${linkSequence}`, short_url: `https://rzp.io/i/t${linkSequence}`, status: 'created' },
    };
  });
  Object.assign(env, {
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_API_URL: razorpay.base,
    RAZORPAY_KEY_ID: 'rzp_test_key',
    RAZORPAY_KEY_SECRET: 'rzp_test_secret',
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(() => razorpay.close());

const ctx = useTestContext({ env });
let superadmin: string;
let admin: string;
let manager: string;
let locationId: number;
let twelveMonths: number;
const today = () => todayIn('Asia/Kolkata');

/** The operator in Karnataka: a hotel there pays CGST + SGST, 18 % of 10,000 = 1,800; 11,800 due. */
const SETTINGS = {
  legal_name: 'StayPerks Hospitality Pvt Ltd',
  address: '12 MG Road, Bengaluru 560001',
  gstin: '29AAGCB7383J1Z4',
  state_code: '29',
  sac_code: '998361',
  tax_rate: 18,
  invoice_prefix: 'SP',
  signatory_name: 'Asha Menon',
  signature_url: null,
};

interface PeriodView {
  id: string;
  due: number;
  paid: number;
  outstanding: number;
  status: string;
  payments: { method: string; amount: number; tds_amount: number; refund_amount: number }[];
  link: { id: string; url: string; amount: number; status: string } | null;
}

async function hotelWithPeriod(amount = 10000) {
  const res = await ctx.request('POST', '/api/hotels', {
    token: superadmin,
    json: {
      name: uniqueName('Paying Hotel'),
      location_id: locationId,
      address: '1 Lake Road',
      contact_number: '9876543210',
      contact_person: 'Ravi Kumar',
      subscription_duration_id: twelveMonths,
      subscription_revenue: amount,
      offer_selection_type: 'all',
      selected_merchant_types: [],
    },
  });
  expect(res.status, res.text).toBe(201);
  const hotelId = (res.body as { id: string }).id;
  return { hotelId, period: (await periodsOf(hotelId))[0]! };
}

async function periodsOf(hotelId: string, token = superadmin): Promise<PeriodView[]> {
  const res = await ctx.request('GET', `/api/payments/hotels/${hotelId}`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body as { periods: PeriodView[] }).periods;
}

const pay = (periodId: string, json: object, token = superadmin) =>
  ctx.request('POST', `/api/payments/periods/${periodId}`, { token, json });

const sendLink = (periodId: string, token = superadmin) =>
  ctx.request('POST', `/api/payments/periods/${periodId}/link`, { token });

function webhook(body: string, eventId: string, secret = WEBHOOK_SECRET) {
  return ctx.request('POST', '/api/payment-webhooks/razorpay', {
    body,
    headers: signedWebhookHeaders(body, secret, eventId),
  });
}

/** Sends a link for the period and gives what a webhook about it names. */
async function linkFor(periodId: string) {
  const res = await sendLink(periodId);
  expect(res.status, res.text).toBe(200);
  const sent = JSON.parse(razorpay.last().body) as { amount: number; reference_id: string };
  const link = (res.body as { link: { id: string } }).link;
  return {
    id: link.id,
    gatewayLinkId: `plink_Test${linkSequence}`,
    referenceId: sent.reference_id,
    paise: sent.amount,
  };
}

const paymentsOfPeriod = (periodId: string) =>
  ctx.db.select().from(periodPayments).where(eq(periodPayments.periodId, periodId));

beforeAll(async () => {
  [superadmin, admin, manager] = await Promise.all([
    ctx.tokenAs('superadmin'),
    ctx.tokenAs('admin'),
    ctx.tokenAs('manager'),
  ]);
  locationId = (await ctx.createLocation()).id;
  twelveMonths = (await durationByMonths(ctx.db, 12)).id;
  const saved = await ctx.request('PUT', '/api/settings/billing', { token: superadmin, json: SETTINGS });
  expect(saved.status, saved.text).toBe(200);
});

describe('payments by hand', () => {
  it('take a period from unpaid through partly paid (TDS counts) to paid, never beyond', async () => {
    const { hotelId, period } = await hotelWithPeriod(10000);
    expect(period).toMatchObject({ due: 11800, paid: 0, outstanding: 11800, status: 'unpaid', payments: [] });

    // 10 % TDS on the taxable value: 1,000 deducted, 5,000 received.
    const first = await pay(period.id, {
      amount: 5000,
      tds_amount: 1000,
      method: 'bank_transfer',
      paid_on: today(),
      reference: 'UTR123',
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'partly_paid' });
    // More than is still due (5,800) is refused and changes nothing.
    const tooMuch = await pay(period.id, { amount: 5800.01, method: 'upi', paid_on: today() });
    expectDetail(tooMuch, 422);
    expect((tooMuch.body as { detail: string }).detail).toMatch(/₹5,800\.00 still due/);
    expect(await paymentsOfPeriod(period.id)).toHaveLength(1);

    expect((await pay(period.id, { amount: '5800', method: 'upi', paid_on: today() })).status).toBe(201);
    const [after] = await periodsOf(hotelId);
    expect(after).toMatchObject({ paid: 11800, outstanding: 0, status: 'paid' });
    expect(after!.payments.map((p) => [p.method, p.amount, p.tds_amount])).toEqual([
      ['bank_transfer', 5000, 1000],
      ['upi', 5800, 0],
    ]);
    expectDetail(await pay(period.id, { amount: 1, method: 'cash', paid_on: today() }), 409);
    const audited = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, period.id));
    expect(audited.filter((e) => e.action === 'payment.record')).toHaveLength(2);
  });

  it('refuse bad input with a detail and change nothing; managers and hotels may not', async () => {
    const { hotelId, period } = await hotelWithPeriod(2000);
    for (const body of [
      { amount: 0, method: 'upi', paid_on: today() },
      { amount: -5, method: 'upi', paid_on: today() },
      { amount: 10.005, method: 'upi', paid_on: today() },
      { amount: 100, tds_amount: -1, method: 'upi', paid_on: today() },
      { amount: 100, method: 'gateway', paid_on: today() },
      { amount: 100, method: 'upi', paid_on: '2026-02-30' },
    ])
      expectDetail(await pay(period.id, body), 422);
    expectDetail(await pay(period.id, { amount: 100, method: 'upi', paid_on: today() }, manager), 403);
    expect((await ctx.request('GET', `/api/payments/hotels/${hotelId}`, { token: manager })).status).toBe(403);
    expect((await ctx.request('GET', `/api/payments/hotels/${hotelId}`, { token: admin })).status).toBe(200);
    expectDetail(
      await pay('00000000-0000-4000-8000-000000000000', { amount: 1, method: 'upi', paid_on: today() }),
      404,
    );
    expect(await paymentsOfPeriod(period.id)).toEqual([]);
    // Payments are never changed or deleted, even by SQL.
    expect((await pay(period.id, { amount: 100, method: 'upi', paid_on: today() }, admin)).status).toBe(201);
    await expect(ctx.db.delete(periodPayments).where(eq(periodPayments.periodId, period.id))).rejects.toThrow();
  });

  it('a period of 0 owes nothing and is paid at once', async () => {
    const { period } = await hotelWithPeriod(0);
    expect(period).toMatchObject({ due: 0, outstanding: 0, status: 'paid' });
  });
});

describe('payment links and the webhook', () => {
  it('a link asks Razorpay for what is due, in paise, and the live one is given again', async () => {
    const { period } = await hotelWithPeriod(1000); // 1,180 due
    const before = razorpay.seen.length;
    const res = await sendLink(period.id);
    expect(res.status, res.text).toBe(200);
    const request = razorpay.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_links');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_key:rzp_test_secret').toString('base64')}`,
    );
    const sent = JSON.parse(request.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      amount: 118000,
      currency: 'INR',
      accept_partial: false,
      customer: { contact: '+919876543210' },
      notify: { sms: true, email: false },
    });
    const link = (res.body as { link: { id: string; url: string; amount: number } }).link;
    expect(sent.reference_id).toBe(link.id);
    expect(sent.expire_by as number).toBeGreaterThan(Date.now() / 1000 + 86_400);
    expect(link).toMatchObject({ amount: 1180, url: `https://rzp.io/i/t${linkSequence}` });

    const again = await sendLink(period.id);
    expect(again.body).toMatchObject({ reused: true, link: { id: link.id } });
    expect(razorpay.seen.length).toBe(before + 1);
    expectDetail(await sendLink(period.id, manager), 403);
  });

  it('a gateway that refuses gives 502 and stores no link', async () => {
    const { hotelId, period } = await hotelWithPeriod(500);
    razorpay.reply({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'expire_by too soon' } } });
    try {
      const res = await sendLink(period.id);
      expectDetail(res, 502);
      expect((res.body as { detail: string }).detail).toMatch(/expire_by too soon/);
    } finally {
      razorpay.reply(() => {
        linkSequence += 1;
        return {
          status: 200,
          body: { id: `plink_Test${linkSequence}`, short_url: `https://rzp.io/i/t${linkSequence}` },
        };
      });
    }
    expect((await periodsOf(hotelId))[0]!.link).toBeNull();
  });

  it('a signed payment_link.paid records the payment once; a replay, a forgery and a wrong amount change nothing', async () => {
    const { hotelId, period } = await hotelWithPeriod(1000);
    const link = await linkFor(period.id);

    // Forged: signed with another secret. Nothing read, nothing stored.
    const forged = await webhook(linkPaidEvent(link, 'pay_Forged1'), 'evt_forged_1', 'not-the-secret');
    expectDetail(forged, 401);
    // Wrong amount: signed, but 1 rupee paid against the link's 1,180.
    const cheap = await webhook(linkPaidEvent({ ...link, paise: 100 }, 'pay_Cheap1', 100), 'evt_cheap_1');
    expect(cheap.body).toMatchObject({ detail: 'Webhook amount mismatch' });
    expect(await paymentsOfPeriod(period.id)).toEqual([]);

    const valid = await webhook(linkPaidEvent(link, 'pay_Valid1'), 'evt_valid_1');
    expect(valid.status, valid.text).toBe(200);
    expect(valid.body).toMatchObject({ detail: 'Webhook recorded' });
    const replay = await webhook(linkPaidEvent(link, 'pay_Valid1'), 'evt_valid_1');
    expect(replay.body).toMatchObject({ detail: 'Webhook replayed' });
    // The same payment under a new event id is not counted twice either.
    const again = await webhook(linkPaidEvent(link, 'pay_Valid1'), 'evt_valid_2');
    expect(again.body).toMatchObject({ detail: 'Webhook duplicate payment' });

    const [after] = await periodsOf(hotelId);
    expect(after).toMatchObject({ status: 'paid', paid: 1180, outstanding: 0, link: { status: 'paid' } });
    expect(after!.payments).toMatchObject([{ method: 'gateway', amount: 1180, refund_amount: 0 }]);
    const events = await ctx.db.select().from(paymentWebhookEvents);
    expect(events.find((e) => e.eventId === 'evt_cheap_1')?.outcome).toBe('amount_mismatch');
    expect(events.find((e) => e.eventId === 'evt_forged_1')).toBeUndefined();
  });

  it('a second payment for a paid period is recorded and flagged for refund', async () => {
    const { hotelId, period } = await hotelWithPeriod(1000);
    const link = await linkFor(period.id);
    // The hotel pays by bank transfer too, before the link's payment arrives.
    expect((await pay(period.id, { amount: 1180, method: 'bank_transfer', paid_on: today() })).status).toBe(201);
    const res = await webhook(linkPaidEvent(link, 'pay_Second1'), 'evt_second_1');
    expect(res.body).toMatchObject({ detail: 'Webhook refund due' });
    const [after] = await periodsOf(hotelId);
    expect(after).toMatchObject({ status: 'paid', paid: 1180 });
    expect(after!.payments.map((p) => [p.method, p.amount, p.refund_amount])).toEqual([
      ['bank_transfer', 1180, 0],
      ['gateway', 1180, 1180],
    ]);
    const flagged = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, period.id));
    expect(flagged.map((e) => e.action)).toContain('payment.refund_due');
  });

  it('an unsigned or unknown gateway is refused', async () => {
    const body = JSON.stringify({ event: 'payment_link.paid' });
    expectDetail(await ctx.request('POST', '/api/payment-webhooks/razorpay', { body }), 401);
    expectDetail(await ctx.request('POST', '/api/payment-webhooks/stripe', { body }), 404);
    const other = await webhook(JSON.stringify({ event: 'payment_link.expired', payload: {} }), 'evt_other_1');
    expect(other.body).toMatchObject({ detail: 'Webhook ignored' });
  });
});

describe('the hotel area', () => {
  it("a hotel sees its own periods and the open link to pay, never another hotel's", async () => {
    const own = await hotelWithPeriod(1000);
    const other = await hotelWithPeriod(2000);
    const link = await sendLink(own.period.id);
    const hotelToken = await ctx.ownerToken('hotel', own.hotelId);
    const res = await ctx.request('GET', '/api/hotel/payments', { token: hotelToken });
    expect(res.status, res.text).toBe(200);
    const periods = (res.body as { periods: PeriodView[] }).periods;
    expect(periods.map((p) => p.id)).toEqual([own.period.id]);
    expect(periods[0]).toMatchObject({
      status: 'unpaid',
      outstanding: 1180,
      link: { url: (link.body as { link: { url: string } }).link.url, status: 'created' },
    });
    expect(periods.map((p) => p.id)).not.toContain(other.period.id);
    expect((await ctx.request('GET', '/api/hotel/payments', { token: superadmin })).status).toBe(403);
  });
});

describe('the dashboard', () => {
  it('shows what is unpaid beside revenue, not to a manager', async () => {
    const read = async (token: string) =>
      (await ctx.request('GET', '/api/dashboard/superadmin', { token })).body as {
        unpaid_amount: number | null;
        unpaid_periods: number | null;
      };
    const before = await read(superadmin);
    const { period } = await hotelWithPeriod(3000); // 3,540 due
    const after = await read(superadmin);
    expect(after.unpaid_amount! - before.unpaid_amount!).toBeCloseTo(3540, 2);
    expect(after.unpaid_periods! - before.unpaid_periods!).toBe(1);
    await pay(period.id, { amount: 1540, method: 'upi', paid_on: today() });
    expect((await read(superadmin)).unpaid_amount! - before.unpaid_amount!).toBeCloseTo(2000, 2);
    expect(await read(manager)).toMatchObject({ unpaid_amount: null, unpaid_periods: null });
  });
});
