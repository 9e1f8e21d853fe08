import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { createLogger } from '../../src/server/platform/lib/logger';
import { createMessenger } from '../../src/server/platform/messaging/create-messenger';
import { HOTEL_NOT_FOUND } from '../../src/server/modules/customer-scans/customer-scans.service';
import { addDays } from '../../src/shared/dates';
import {
  CODE_EXPIRED,
  CODES_UNAVAILABLE,
  TOO_MANY_CODES_TODAY,
  TOO_MANY_WRONG_CODES,
  wrongCode,
} from '../../src/shared/schemas/verification';
import { useTestContext } from '../support';
import { expectAnswer } from '../support/answers';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday } from '../support/offer-factories';
import { customerScans, messages, verificationCodes, verificationDaySends } from '../support/tables';

/**
 * Phone verification (docs/PRODUCT.md "Guest trust"): the code rules, the budgets, the token a claim needs when the
 * hotel's switch is on, and codes that never reach the logs but through the log provider's own line.
 */
const t = useTestContext();
const output: string[] = [];
let app: ReturnType<typeof createApp>;
let today: string;
let hotelId: string;
let otherHotelId: string;
let superadmin: string;
let mobileCounter = 0;
const nextMobile = () => `97${String(10_000_000 + ++mobileCounter * 7919).slice(-8)}`;

beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void output.push(chunk) } });
  app = createApp({ ...t.deps, logger });
  today = businessToday();
  const location = await t.createLocation();
  hotelId = (
    await insertSubscribedHotel(t.db, { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } })
  ).hotel.id;
  otherHotelId = (
    await insertSubscribedHotel(t.db, { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } })
  ).hotel.id;
  superadmin = await t.tokenAs('superadmin');
});

async function call(method: string, path: string, json?: unknown, token?: string) {
  const headers = new Headers();
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await app.request(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** `hotel` null: none sent (my_data). */
const ask = (mobile: string, purpose = 'claim', hotel: string | null = hotelId) =>
  call('POST', '/api/verification/request', { mobile_number: mobile, purpose, hotel_id: hotel ?? undefined });
const verify = (mobile: string, code: string, purpose = 'claim', hotel: string | null = hotelId) =>
  call('POST', '/api/verification/verify', { mobile_number: mobile, purpose, hotel_id: hotel ?? undefined, code });

/** The code the log provider printed for this number (its last 4 digits), once the outbox has sent it. */
async function codeSentTo(mobile: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const lines = output.join('').split('\n');
    const line = lines.reverse().find((l) => l.includes(`Verification code for ******${mobile.slice(-4)}:`));
    const code = line && /: (\d{6}) /.exec(line)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no code was sent to ${mobile}`);
}

/** Moves the number's codes back in time, as if asked `seconds` ago (the 60 s pause is over). */
const age = (mobile: string, seconds: number) =>
  t.db
    .update(verificationCodes)
    .set({
      createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(verificationCodes.mobileNumber, mobile));

describe('POST /api/verification/request', () => {
  it('queues the code and answers 202; the outbox sends it at once and blanks it; only its hash is stored', async () => {
    const mobile = nextMobile();
    output.length = 0;
    const res = await ask(mobile);
    expectAnswer(res, 202, { resend_after_seconds: 60, expires_in_seconds: 600, channel: 'log' });
    const code = await codeSentTo(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.mobileNumber, mobile));
    expect(row).toMatchObject({ purpose: 'claim', hotelId, tries: 0, verifiedAt: null });
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(599_000);
    for (let i = 0; i < 100; i++) {
      const [message] = await t.db.select().from(messages).where(eq(messages.subject, row!.id));
      if (message?.status === 'sent') {
        expect(message).toMatchObject({ kind: 'verification_code', channel: 'log', recipient: mobile, params: {} });
        expect(message.providerMessageId).toEqual(expect.any(String));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [sent] = await t.db.select().from(messages).where(eq(messages.subject, row!.id));
    expect(sent!.status).toBe('sent');
    // The code is in the log provider's line and nowhere else in the logs (docs/SECURITY.md).
    const withCode = output
      .join('')
      .split('\n')
      .filter((line) => line.includes(code));
    expect(withCode).toHaveLength(1);
    expect(JSON.parse(withCode[0]!)).toMatchObject({ provider: 'log', level: 30 });
  });

  it('refuses another code for the same purpose within 60 s (another purpose may ask at once), and a 6th a day', async () => {
    const mobile = nextMobile();
    expect((await ask(mobile)).status).toBe(202);
    const again = await ask(mobile);
    expect(again.status).toBe(429);
    expect(again.body.detail).toMatch(/^Please wait ([1-9]|[1-5]\d|60) seconds? before asking for a new code$/);
    expect((await ask(mobile, 'recover')).status).toBe(202);
    for (let i = 3; i <= 5; i++) {
      await age(mobile, 61);
      expect((await ask(mobile)).status, `code ${i}`).toBe(202);
    }
    await age(mobile, 61);
    const before = await t.db.$count(verificationCodes, eq(verificationCodes.mobileNumber, mobile));
    expectAnswer(await ask(mobile), 429, { detail: TOO_MANY_CODES_TODAY });
    expect(await t.db.$count(verificationCodes, eq(verificationCodes.mobileNumber, mobile))).toBe(before);
  });

  it('needs an existing hotel for claim and recover, and none for my_data', async () => {
    expectAnswer(await ask(nextMobile(), 'claim', '00000000-0000-4000-8000-000000000000'), 404, {
      detail: HOTEL_NOT_FOUND,
    });
    expect((await ask(nextMobile(), 'recover', null)).status).toBe(422);
    expect((await ask(nextMobile(), 'my_data', hotelId)).status).toBe(422);
    expect((await ask(nextMobile(), 'my_data', null)).status).toBe(202);
    expect((await ask('12345', 'my_data', null)).status).toBe(422);
  });

  it('answers 503 when the log provider would have to send in production', async () => {
    const production = createApp({
      ...t.deps,
      logger: createLogger({ level: 'silent' }),
      messenger: createMessenger({ provider: 'log' }, { log: () => {}, production: true }),
    });
    const mobile = nextMobile();
    const res = await production.request('/api/verification/request', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mobile_number: mobile, purpose: 'claim', hotel_id: hotelId }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: CODES_UNAVAILABLE });
    expect(await t.db.$count(verificationCodes, eq(verificationCodes.mobileNumber, mobile))).toBe(0);
  });
});

describe('budgets', () => {
  it('counts codes per hotel and for the programme exactly; a refusal changes nothing', async () => {
    const sends = (scope: string) =>
      t.db
        .select({ sends: verificationDaySends.sends })
        .from(verificationDaySends)
        .where(and(eq(verificationDaySends.scope, scope), eq(verificationDaySends.day, today)))
        .then((rows) => rows[0]?.sends ?? 0);
    const programme = await sends('programme');
    const atOther = await sends(otherHotelId);
    expect(
      (
        await call(
          'PUT',
          '/api/settings/messaging',
          { codes_per_hotel_day: atOther + 2, codes_per_day: 1000 },
          superadmin,
        )
      ).status,
    ).toBe(200);
    // Five guests ask at once: exactly two get a code.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => ask(nextMobile(), 'claim', otherHotelId)));
    expect(answers.map((res) => res.status).sort()).toEqual([202, 202, 503, 503, 503]);
    expect(answers.find((res) => res.status === 503)!.body).toEqual({ detail: CODES_UNAVAILABLE });
    expect(await sends(otherHotelId)).toBe(atOther + 2);
    expect(await sends('programme')).toBe(programme + 2);

    // The programme's budget holds for every hotel and for My data.
    const settings = await call(
      'PUT',
      '/api/settings/messaging',
      { codes_per_hotel_day: 200, codes_per_day: programme + 2 },
      superadmin,
    );
    expectAnswer(settings, 200, {
      codes_per_hotel_day: 200,
      codes_per_day: programme + 2,
      provider: 'log',
      fallback: null,
      can_send_codes: true,
      sent_today: programme + 2,
      spend_limits: { whatsapp: 500, sms: 500 },
      prices_paise: { whatsapp: 13, sms: 25 },
      disabled_kinds: [],
      today: {
        whatsapp: {
          sends: expect.any(Number),
          spend_rupees: expect.any(Number),
          limit_rupees: 500,
          limit_reached: false,
        },
        sms: { sends: 0, spend_rupees: 0, limit_rupees: 500, limit_reached: false },
      },
      held_by_limit: 0,
    });
    expectAnswer(await ask(nextMobile(), 'my_data', null), 503, { detail: CODES_UNAVAILABLE });
    expectAnswer(await ask(nextMobile()), 503, { detail: CODES_UNAVAILABLE });
    expect(await sends('programme')).toBe(programme + 2);
    await call('PUT', '/api/settings/messaging', { codes_per_hotel_day: 200, codes_per_day: 2000 }, superadmin);
  });

  it('takes whole numbers from 0 for the budgets, from the super admin only', async () => {
    for (const body of [
      { codes_per_hotel_day: -1, codes_per_day: 10 },
      { codes_per_hotel_day: 1.5, codes_per_day: 10 },
      { codes_per_hotel_day: 10 },
      { codes_per_hotel_day: 10, codes_per_day: '10' },
    ])
      expect((await call('PUT', '/api/settings/messaging', body, superadmin)).status, JSON.stringify(body)).toBe(422);
    const admin = await t.tokenAs('admin');
    expect((await call('GET', '/api/settings/messaging', undefined, admin)).status).toBe(403);
    expect((await call('GET', '/api/settings/messaging')).status).toBe(401);
  });
});

describe('POST /api/verification/verify', () => {
  it('answers a token for the right code, once', async () => {
    const mobile = nextMobile();
    await ask(mobile);
    const code = await codeSentTo(mobile);
    const res = await verify(mobile, code);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ verification_token: expect.any(String), expires_in_seconds: 1800 });
    expect(res.body.verification_token.split('.')).toHaveLength(3);
    expectAnswer(await verify(mobile, code), 422, { detail: CODE_EXPIRED });
  });

  it('counts wrong codes: 4 tries left ... then too many, and the right code no longer verifies', async () => {
    const mobile = nextMobile();
    await ask(mobile);
    const code = await codeSentTo(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) expectAnswer(await verify(mobile, wrong), 422, { detail: wrongCode(left) });
    expectAnswer(await verify(mobile, wrong), 429, { detail: TOO_MANY_WRONG_CODES });
    expectAnswer(await verify(mobile, code), 429, { detail: TOO_MANY_WRONG_CODES });
  });

  it('refuses an expired code, and a code of another purpose, hotel or number', async () => {
    const mobile = nextMobile();
    await ask(mobile);
    const code = await codeSentTo(mobile);
    expectAnswer(await verify(mobile, code, 'recover'), 422, { detail: CODE_EXPIRED });
    expectAnswer(await verify(mobile, code, 'claim', otherHotelId), 422, { detail: CODE_EXPIRED });
    expectAnswer(await verify(nextMobile(), code), 422, { detail: CODE_EXPIRED });
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.mobileNumber, mobile));
    expectAnswer(await verify(mobile, code), 422, { detail: CODE_EXPIRED });
  });

  it('says the same for a number that has scans and one that has none', async () => {
    const withScan = nextMobile();
    await t.db.insert(customerScans).values({
      hotelId,
      customerName: 'Asha',
      mobileNumber: withScan,
      checkoutDate: addDays(today, 1),
    });
    const without = nextMobile();
    for (const mobile of [withScan, without]) {
      expect((await ask(mobile, 'recover')).status).toBe(202);
      const code = await codeSentTo(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      expectAnswer(await verify(mobile, wrong, 'recover'), 422, { detail: wrongCode(4) });
    }
  });
});
