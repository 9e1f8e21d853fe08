import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MessagingDeliveryView } from '../../src/server/modules/messages/messages.presenter';
import { addDays, todayIn } from '../../src/shared/dates';
import { useRoleTokens, useTestContext } from '../support';
import { expectAnswer, expectDetail } from '../support/answers';
import { auditEvents, messageDaySends, messages, messagingSettings } from '../support/tables';

/**
 * Delivery at a glance (Settings › Messaging, the super admin; docs/OPERATING.md "Messages"): the spend limits,
 * prices and switched-off kinds saved and audited, today's spend per paid channel against its limit, the messages a
 * limit holds back, and messages per business day by kind, channel and status with the latest failures.
 */
const t = useTestContext();
const tokens = useRoleTokens(t);
const TZ = 'Asia/Kolkata';
let today: string;

beforeAll(() => {
  today = todayIn(TZ);
});

const CODES = { codes_per_hotel_day: 200, codes_per_day: 2000 };
const put = (json: unknown, token = tokens.superadmin) => t.request('PUT', '/api/settings/messaging', { token, json });
const get = (token = tokens.superadmin) => t.request('GET', '/api/settings/messaging', { token });
const delivery = (query = '', token = tokens.superadmin) =>
  t.request('GET', `/api/settings/messaging/delivery${query}`, { token });

const channel = (sends: number, spend: number, limit: number, reached = false) => ({
  sends,
  spend_rupees: spend,
  limit_rupees: limit,
  limit_reached: reached,
});
const settingsRow = async () => (await t.db.select().from(messagingSettings).where(eq(messagingSettings.id, 1)))[0];

/** A message row as the outbox leaves it, made at `createdAt`. */
const message = (values: Partial<typeof messages.$inferInsert>): typeof messages.$inferInsert => ({
  subject: randomUUID(),
  kind: 'checkout_reminder',
  channel: 'whatsapp',
  recipient: '9876543210',
  params: { first_name: 'Asha' },
  status: 'sent',
  ...values,
});
/** Noon of a business day in Kolkata, as a moment. */
const noonOf = (day: string, minutes = 0) => new Date(`${day}T12:${String(minutes).padStart(2, '0')}:00+05:30`);

describe('GET and PUT /api/settings/messaging: limits, prices, switches and today', () => {
  it('answers the defaults: ₹500 a day on WhatsApp and SMS at 13 and 25 paise, every kind on, nothing spent', async () => {
    expectAnswer(await get(), 200, {
      codes_per_hotel_day: 200,
      codes_per_day: 2000,
      provider: 'log',
      fallback: null,
      can_send_codes: true,
      sent_today: 0,
      spend_limits: { whatsapp: 500, sms: 500 },
      prices_paise: { whatsapp: 13, sms: 25 },
      disabled_kinds: [],
      today: { whatsapp: channel(0, 0, 500), sms: channel(0, 0, 500) },
      held_by_limit: 0,
    });
  });

  it('saves limits, prices and switched-off kinds, audited; what a PUT leaves out stays as saved', async () => {
    const res = await put({
      ...CODES,
      spend_limits: { whatsapp: 13, sms: 100_000 },
      prices_paise: { whatsapp: 13, sms: 0 },
      disabled_kinds: ['wallet_update', 'review_request', 'review_request'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      spend_limits: { whatsapp: 13, sms: 100_000 },
      prices_paise: { whatsapp: 13, sms: 0 },
      // Each kind once, in the screen's order.
      disabled_kinds: ['review_request', 'wallet_update'],
    });
    expect(await settingsRow()).toMatchObject({
      spendLimits: { whatsapp: 13, sms: 100_000 },
      pricesPaise: { whatsapp: 13, sms: 0 },
      disabledKinds: ['review_request', 'wallet_update'],
    });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'messaging_settings.update'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({
      entity: 'messaging_settings',
      entityId: '1',
      before: { spend_limits: { whatsapp: 500, sms: 500 }, disabled_kinds: [] },
      after: { spend_limits: { whatsapp: 13, sms: 100_000 }, disabled_kinds: ['review_request', 'wallet_update'] },
    });

    // The code budgets alone (the budgets' dialog): the rest stays.
    const codesOnly = await put({ codes_per_hotel_day: 150, codes_per_day: 2000 });
    expect(codesOnly.body).toMatchObject({
      codes_per_hotel_day: 150,
      spend_limits: { whatsapp: 13, sms: 100_000 },
      disabled_kinds: ['review_request', 'wallet_update'],
    });
    expect((await put({ ...CODES, disabled_kinds: [] })).body.disabled_kinds).toEqual([]);
  });

  it("shows each paid channel's sends, spend and limit today, red once reached, and what the limits hold back", async () => {
    await put({ ...CODES, spend_limits: { whatsapp: 13, sms: 500 }, prices_paise: { whatsapp: 13, sms: 25 } });
    // 100 WhatsApp messages at 13 paise is ₹13, the whole limit; 3 texts at 25 paise, ₹0.75. Yesterday's do not count.
    await t.db.insert(messageDaySends).values([
      { day: today, channel: 'whatsapp', sends: 100 },
      { day: today, channel: 'sms', sends: 3 },
      { day: addDays(today, -1), channel: 'sms', sends: 1999 },
    ]);
    await t.db
      .insert(messages)
      .values([
        message({ status: 'queued', lastError: 'daily spend limit reached: whatsapp, sms' }),
        message({ status: 'queued', lastError: 'daily spend limit reached: whatsapp' }),
        message({ status: 'queued', lastError: 'HTTP 503: unavailable' }),
        message({ status: 'failed', lastError: 'daily spend limit reached: whatsapp' }),
      ]);
    const res = await get();
    expect(res.body.today).toEqual({ whatsapp: channel(100, 13, 13, true), sms: channel(3, 0.75, 500) });
    expect(res.body.held_by_limit).toBe(2);

    // A raised limit: not reached any more. A free channel (price 0) has no limit to reach.
    const raised = await put({
      ...CODES,
      spend_limits: { whatsapp: 14, sms: 0 },
      prices_paise: { whatsapp: 13, sms: 0 },
    });
    expect(raised.body.today).toEqual({ whatsapp: channel(100, 13, 14), sms: channel(3, 0, 0) });
    // A limit of ₹0 on a paid channel is reached at once.
    const stopped = await put({
      ...CODES,
      spend_limits: { whatsapp: 0, sms: 0 },
      prices_paise: { whatsapp: 13, sms: 25 },
    });
    expect(stopped.body.today).toEqual({ whatsapp: channel(100, 13, 0, true), sms: channel(3, 0.75, 0, true) });
    await put({ ...CODES, spend_limits: { whatsapp: 500, sms: 500 }, prices_paise: { whatsapp: 13, sms: 25 } });
  });

  it('refuses limits, prices and kinds out of range, naming the field, and changes nothing', async () => {
    const before = await settingsRow();
    const events = (await t.db.select().from(auditEvents)).length;
    const refused: [unknown, RegExp][] = [
      [{ spend_limits: { whatsapp: -1, sms: 0 } }, /WhatsApp daily limit must be from ₹0 to ₹1,00,000/],
      [{ spend_limits: { whatsapp: 0, sms: 100_001 } }, /SMS daily limit must be from ₹0 to ₹1,00,000/],
      [{ spend_limits: { whatsapp: 1.5, sms: 0 } }, /WhatsApp daily limit must be a whole number/],
      [{ spend_limits: { whatsapp: '10', sms: 0 } }, /WhatsApp daily limit must be a whole number/],
      [{ spend_limits: { whatsapp: 10 } }, /spend_limits must give whatsapp and sms/],
      [{ spend_limits: { whatsapp: 10, sms: 10, push: 10 } }, /spend_limits must give whatsapp and sms/],
      [{ prices_paise: { whatsapp: 1001, sms: 25 } }, /WhatsApp price must be from 0 to 1,000 paise/],
      [{ prices_paise: { whatsapp: 13, sms: -5 } }, /SMS price must be from 0 to 1,000 paise/],
      [{ disabled_kinds: ['verification_code'] }, /disabled_kinds must be a list of/],
      [{ disabled_kinds: 'review_request' }, /disabled_kinds must be a list of/],
      [{ disabled_kinds: ['push'] }, /disabled_kinds must be a list of/],
    ];
    for (const [body, detail] of refused) {
      const res = await put({ ...CODES, ...(body as object) });
      expectDetail(res, 422, JSON.stringify(body));
      expect(res.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    expect(await settingsRow()).toEqual(before);
    expect((await t.db.select().from(auditEvents)).length).toBe(events);
  });

  it("is the super admin's only, as the rest of Settings", async () => {
    const body = { ...CODES, disabled_kinds: ['review_request'] };
    for (const token of [tokens.admin, tokens.manager, tokens.hotel, tokens.merchant]) {
      expectDetail(await get(token), 403);
      expectDetail(await put(body, token), 403);
      expectDetail(await delivery('', token), 403);
    }
    expectDetail(await t.request('GET', '/api/settings/messaging'), 401);
    expectDetail(await t.request('GET', '/api/settings/messaging/delivery'), 401);
    expect((await get()).body.disabled_kinds).toEqual([]);
  });
});

describe('GET /api/settings/messaging/delivery', () => {
  let latestFailure: string;
  beforeAll(async () => {
    const yesterday = addDays(today, -1);
    const old = addDays(today, -20);
    await t.db.delete(messages);
    await t.db.insert(messages).values([
      // Today: 3 check-out reminders sent on WhatsApp, one on SMS after WhatsApp refused; one failed on SMS.
      ...[1, 2, 3].map((i) => message({ createdAt: noonOf(today, i) })),
      message({ channel: 'sms', createdAt: noonOf(today, 4) }),
      message({
        channel: 'sms',
        status: 'failed',
        lastError: 'gateway refused: DLT template not matched',
        createdAt: noonOf(today, 5),
      }),
      // A review request held back by the limits, a code sent.
      message({
        kind: 'review_request',
        status: 'queued',
        lastError: 'daily spend limit reached: whatsapp, sms',
        createdAt: noonOf(today, 6),
      }),
      message({
        kind: 'verification_code',
        channel: 'whatsapp',
        params: { code: '123456' },
        createdAt: noonOf(today, 7),
      }),
      // Yesterday: an expiry reminder sent by push, one cancelled.
      message({ kind: 'expiry_reminder', channel: 'push', createdAt: noonOf(yesterday) }),
      message({
        kind: 'expiry_reminder',
        status: 'cancelled',
        lastError: 'switched off in Settings',
        createdAt: noonOf(yesterday, 1),
      }),
      // 20 days ago: outside the 14 days.
      message({ status: 'failed', lastError: 'HTTP 400: old', createdAt: noonOf(old) }),
    ]);
    latestFailure = 'gateway refused: DLT template not matched';
  });

  it('counts messages per business day, kind, channel and status over the last 14 days', async () => {
    const res = await delivery();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      from: addDays(today, -13),
      to: today,
      counts: [
        { day: today, kind: 'checkout_reminder', channel: 'sms', status: 'failed', count: 1 },
        { day: today, kind: 'checkout_reminder', channel: 'sms', status: 'sent', count: 1 },
        { day: today, kind: 'checkout_reminder', channel: 'whatsapp', status: 'sent', count: 3 },
        { day: today, kind: 'review_request', channel: 'whatsapp', status: 'queued', count: 1 },
        { day: today, kind: 'verification_code', channel: 'whatsapp', status: 'sent', count: 1 },
        { day: addDays(today, -1), kind: 'expiry_reminder', channel: 'push', status: 'sent', count: 1 },
        { day: addDays(today, -1), kind: 'expiry_reminder', channel: 'whatsapp', status: 'cancelled', count: 1 },
      ],
      failures: [
        {
          id: expect.any(String),
          kind: 'checkout_reminder',
          channel: 'sms',
          status: 'failed',
          created_at: noonOf(today, 5).toISOString(),
          last_error: latestFailure,
        },
        {
          id: expect.any(String),
          kind: 'expiry_reminder',
          channel: 'whatsapp',
          status: 'cancelled',
          created_at: noonOf(addDays(today, -1), 1).toISOString(),
          last_error: 'switched off in Settings',
        },
      ],
    });
    // Never a recipient or params: the answer's keys are the schema's.
    expect(Object.keys(res.body.failures[0]).sort()).toEqual(
      Object.keys(MessagingDeliveryView.entries.failures.item.entries).sort(),
    );
    expect(res.text).not.toMatch(/9876543210|Asha|123456/);
  });

  it('takes 1 to 60 days: today only, or the 20-day-old failure too', async () => {
    const one = await delivery('?days=1');
    expect(one.body.from).toBe(today);
    expect(new Set(one.body.counts.map((row: { day: string }) => row.day))).toEqual(new Set([today]));
    expect(one.body.failures).toHaveLength(1);
    const sixty = await delivery('?days=60');
    expect(sixty.body.from).toBe(addDays(today, -59));
    expect(sixty.body.failures.map((row: { last_error: string }) => row.last_error)).toEqual([
      latestFailure,
      'switched off in Settings',
      'HTTP 400: old',
    ]);
    for (const days of ['0', '61', 'x', '1.5', '-1'])
      expect((await delivery(`?days=${days}`)).body.detail, days).toMatch(/days must be/);
  });

  it('lists the latest 20 failures and cancellations, newest first', async () => {
    await t.db
      .insert(messages)
      .values(
        Array.from({ length: 25 }, (_, i) =>
          message({ status: 'failed', lastError: `HTTP 400: refusal ${i}`, createdAt: noonOf(addDays(today, -2), i) }),
        ),
      );
    const res = await delivery();
    expect(res.body.failures).toHaveLength(20);
    expect(res.body.failures[0].last_error).toBe(latestFailure);
    expect(res.body.failures[2].last_error).toBe('HTTP 400: refusal 24');
    expect(res.body.failures[19].last_error).toBe('HTTP 400: refusal 7');
    expect(res.body.counts).toContainEqual({
      day: addDays(today, -2),
      kind: 'checkout_reminder',
      channel: 'whatsapp',
      status: 'failed',
      count: 25,
    });
  });
});
