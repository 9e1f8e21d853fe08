import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import type { OutgoingMessage, ProviderMessenger } from '../../src/server/platform/messaging/messenger';
import { RESET_CODE_REFUSED, RESET_CODE_SENT, RESET_DONE } from '../../src/shared/schemas/password-reset';
import { PASSWORD_CONTAINS_USERNAME, PASSWORD_TOO_COMMON } from '../../src/shared/schemas/passwords';
import { useTestContext } from '../support';
import { expectAnswer } from '../support/answers';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';
import { auditEvents, messages, passwordResetCodes, sessions, users, verificationDaySends } from '../support/tables';
import { todayIn } from '../../src/shared/dates';
import { deleteExpiredResetCodes } from '../../src/server/modules/password-reset/password-reset.service';

/**
 * "Forgot password" (docs/SECURITY.md "Forgot password"): a code by the message provider to a hotel's or merchant
 * owner's contact number, by e-mail (a local fake SMTP server) to a back-office user; the same answers whether the
 * login exists or not; the code's tries, expiry and single use; the limits; every session ended; audited.
 */
const t = useTestContext();
const NEW_PASSWORD = 'Fresh-start-4821';
const sent: OutgoingMessage[] = [];
const messenger: ProviderMessenger = {
  channel: 'whatsapp',
  canSendCodes: true,
  send(message) {
    sent.push(message);
    return Promise.resolve({ ok: true, providerMessageId: `fake-${message.id}` });
  },
};
let smtp: FakeSmtp;
let app: ReturnType<typeof createApp>;
let addressCounter = 0;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const mail = {
    provider: 'smtp' as const,
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    from: 'StayPerks <no-reply@stayperks.test>',
  };
  // Addresses from X-Forwarded-For, so each test's limits are its own.
  app = createApp({ ...t.deps, messenger, config: { ...t.config, mail, trustProxy: 1 } });
});
afterAll(() => smtp?.close());

/** A fresh caller address for a test (the per-address limits are counted apart). */
const newAddress = () => `203.0.113.${++addressCounter}`;

async function call(path: string, json: unknown, address: string, token?: string) {
  const headers = new Headers({ 'Content-Type': 'application/json', 'X-Forwarded-For': address });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await app.request(path, { method: 'POST', headers, body: JSON.stringify(json) });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}
const ask = (username: string, address = newAddress()) =>
  call('/api/auth/password-reset/request', { username }, address);
const confirm = (username: string, code: string, address = newAddress(), newPassword = NEW_PASSWORD) =>
  call('/api/auth/password-reset/confirm', { username, code, new_password: newPassword }, address);

/** The code the message provider was handed for this number (the outbox sends it a moment after the request). */
async function codeTextedTo(mobile: string, after: number): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const message = sent.slice(after).find((m) => m.recipient === mobile);
    if (message) return message.params.code!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no code was sent to ${mobile}`);
}

/** Asks for a code for `username` (202) and answers the code the provider was handed for `mobile`. */
async function askCode(username: string, mobile: string): Promise<string> {
  const before = sent.length;
  expectAnswer(await ask(username), 202, { detail: RESET_CODE_SENT });
  return codeTextedTo(mobile, before);
}

const meWith = (token: string) => t.request('GET', '/api/auth/me', { token });
const codeRowOf = async (userId: string) =>
  (await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId)))[0];
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a hotel login, by a code to its contact number', () => {
  it('texts a code, which sets the new password once and ends every session, audited', async () => {
    const login = await t.createHotelLogin({ hotel: { contactNumber: '+91 98450 12345' } });
    const token = await t.tokenFor(login.username, login.password);
    // The username as typed, in any case.
    const code = await askCode(login.username.toUpperCase(), '9845012345');
    expect(code).toMatch(/^\d{6}$/);
    const row = await codeRowOf(login.id);
    expect(row!.codeHash).not.toContain(code);

    expectAnswer(await confirm(login.username, code), 200, { detail: RESET_DONE });
    expect((await meWith(token)).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, login.id))).toSatisfy((rows: unknown[]) =>
      rows.every((r) => (r as { endedAt: Date | null }).endedAt !== null),
    );
    await t.tokenFor(login.username, NEW_PASSWORD);
    // Spent: the same code again is refused.
    expectAnswer(await confirm(login.username, code, newAddress(), 'Another-start-5932'), 422, {
      detail: RESET_CODE_REFUSED,
    });

    const actions = await t.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, login.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.password_reset_request', 'user.password_reset_code']),
    );
    expect(actions.find((a) => a.action === 'user.password_reset_code')!.actorId).toBe(login.id);
    expect(JSON.stringify(actions)).not.toContain(code);
  });

  it('a merchant owner gets it at the merchant contact number; the outbox keeps no code once sent', async () => {
    const login = await t.createMerchantLogin({ merchant: { contactNumber: '9123400001' } });
    const code = await askCode(login.username, '9123400001');
    const queued = async () => (await t.db.select().from(messages).where(eq(messages.recipient, '9123400001')))[0]!;
    expect((await queued()).kind).toBe('verification_code');
    // The worker blanks the code once the provider took it (a moment after the send).
    await expect.poll(async () => JSON.stringify((await queued()).params)).not.toContain(code);
    expectAnswer(await confirm(login.username, code), 200, { detail: RESET_DONE });
  });

  it('takes the same password rules as every form', async () => {
    const login = await t.createHotelLogin({ hotel: { contactNumber: '9845000002' } });
    const code = await askCode(login.username, '9845000002');
    const res = await confirm(login.username, code, newAddress(), 'password123');
    expectAnswer(res, 422, { detail: PASSWORD_TOO_COMMON });
    const withName = await confirm(login.username, code, newAddress(), `My-${login.username.toUpperCase()}-2047`);
    expectAnswer(withName, 422, { detail: PASSWORD_CONTAINS_USERNAME });
    // A refused password spends no try.
    expect((await codeRowOf(login.id))!.tries).toBe(0);
  });
});

describe('wrong codes, expiry and one live code', () => {
  it('five tries, counted even in a burst: the right code after them is refused', async () => {
    const login = await t.createHotelLogin({ hotel: { contactNumber: '9845000003' } });
    const code = await askCode(login.username, '9845000003');
    const wrong = wrongCodeFor(code);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(login.username, wrong, address)));
    for (const res of answers) expectAnswer(res, 422, { detail: RESET_CODE_REFUSED });
    expect((await codeRowOf(login.id))!.tries).toBe(5);
    expectAnswer(await confirm(login.username, code), 422, { detail: RESET_CODE_REFUSED });
    await t.tokenFor(login.username, login.password);
  });

  it('refuses a code after its 10 minutes', async () => {
    const login = await t.createHotelLogin({ hotel: { contactNumber: '9845000004' } });
    const code = await askCode(login.username, '9845000004');
    await t.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetCodes.userId, login.id));
    expectAnswer(await confirm(login.username, code), 422, { detail: RESET_CODE_REFUSED });
  });

  it('a new request replaces the live code', async () => {
    const login = await t.createHotelLogin({ hotel: { contactNumber: '9845000005' } });
    const first = await askCode(login.username, '9845000005');
    const second = await askCode(login.username, '9845000005');
    expect(await t.db.$count(passwordResetCodes, eq(passwordResetCodes.userId, login.id))).toBe(1);
    if (first !== second) expectAnswer(await confirm(login.username, first), 422, { detail: RESET_CODE_REFUSED });
    expectAnswer(await confirm(login.username, second), 200, { detail: RESET_DONE });
  });
});

describe('cost and keeping', () => {
  it("past the day's budget of reset texts nothing is sent, with the same answer; audited as not sent", async () => {
    const login = await t.createHotelLogin({ hotel: { contactNumber: '9845000007' } });
    const day = todayIn(t.config.timeZone);
    // The programme's 2,000 texts a day used up by earlier resets (its own budget: guests' codes keep theirs).
    await t.db
      .insert(verificationDaySends)
      .values({ scope: 'password-reset', day, sends: 2000 })
      .onConflictDoUpdate({ target: [verificationDaySends.scope, verificationDaySends.day], set: { sends: 2000 } });
    try {
      const before = sent.length;
      expectAnswer(await ask(login.username), 202, { detail: RESET_CODE_SENT });
      expect(await codeRowOf(login.id)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sent.slice(before).some((m) => m.recipient === '9845000007')).toBe(false);
      const [event] = await t.db
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(sql`${auditEvents.action} = 'user.password_reset_request' and ${auditEvents.entityId} = ${login.id}`);
      expect(event!.after).toMatchObject({ sent_by: 'none', reason: 'daily text budget used up' });
    } finally {
      await t.db.delete(verificationDaySends).where(eq(verificationDaySends.scope, 'password-reset'));
    }
    // With the budget back, the login gets its code, counted once.
    await askCode(login.username, '9845000007');
    const [row] = await t.db
      .select()
      .from(verificationDaySends)
      .where(eq(verificationDaySends.scope, 'password-reset'));
    expect(row!.sends).toBe(1);
  });

  it('the retention run deletes expired codes and keeps live ones', async () => {
    const expired = await t.createHotelLogin({ hotel: { contactNumber: '9845000008' } });
    const live = await t.createHotelLogin({ hotel: { contactNumber: '9845000009' } });
    await askCode(expired.username, '9845000008');
    await askCode(live.username, '9845000009');
    await t.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetCodes.userId, expired.id));
    expect(await deleteExpiredResetCodes(t.db)).toBeGreaterThanOrEqual(1);
    expect(await codeRowOf(expired.id)).toBeUndefined();
    expect(await codeRowOf(live.id)).toBeDefined();
  });
});

describe("a merchant's staff login, by a code to its own mobile", () => {
  it('texts the mobile its owner gave it; the code sets the password', async () => {
    const merchant = await t.createMerchantLogin({ merchant: { contactNumber: '9123400010' } });
    const cashier = await t.createStaffLogin(merchant.merchantId!, 'cashier');
    await t.db.update(users).set({ mobile: '9123400011' }).where(eq(users.id, cashier.id));
    const code = await askCode(cashier.username, '9123400011');
    expectAnswer(await confirm(cashier.username, code), 200, { detail: RESET_DONE });
    await t.tokenFor(cashier.username, NEW_PASSWORD);
  });
});

describe('no user enumeration', () => {
  it('answers an unknown username, a staff login and a landline exactly as a real one, sending nothing', async () => {
    const merchant = await t.createMerchantLogin({ merchant: { contactNumber: '9123400006' } });
    const cashier = await t.createStaffLogin(merchant.merchantId!, 'cashier');
    const landline = await t.createHotelLogin({ hotel: { contactNumber: '022 2345 6789' } });
    const before = sent.length;
    const real = await ask(merchant.username);
    await codeTextedTo('9123400006', before);
    const queuedBefore = await t.db.$count(messages);
    for (const username of ['nobody-here-at-all', cashier.username, landline.username]) {
      const res = await ask(username);
      expect(res.status).toBe(real.status);
      expect(res.text).toBe(real.text);
    }
    expect(await codeRowOf(cashier.id)).toBeUndefined();
    expect(await codeRowOf(landline.id)).toBeUndefined();
    // Nothing queued for the outbox either (a message is queued in the request's own transaction).
    expect(await t.db.$count(messages)).toBe(queuedBefore);

    const refusals = await Promise.all([
      confirm('nobody-here-at-all', '123456'),
      confirm(cashier.username, '123456'),
      confirm(merchant.username, '000000'),
    ]);
    for (const res of refusals) expectAnswer(res, 422, { detail: RESET_CODE_REFUSED });
  });
});

describe('a back-office user, by e-mail', () => {
  it('mails the code from MAIL_FROM to users.email, without any password; the code sets the password', async () => {
    const user = await t.createAdminUser('admin', { email: 'asha.rao@example.test' });
    const token = await t.tokenFor(user.username, user.password);
    const seen = smtp.received.length;
    expectAnswer(await ask(user.username), 202, { detail: RESET_CODE_SENT });
    const mail = await smtp.next(seen);
    expect(mail.to).toEqual(['asha.rao@example.test']);
    expect(mail.from).toBe('no-reply@stayperks.test');
    expect(mail.headers.from).toBe('StayPerks <no-reply@stayperks.test>');
    expect(mail.headers.to).toBe('asha.rao@example.test');
    expect(mail.headers.subject).toBe('Your StayPerks password reset code');
    const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).not.toContain(user.password);
    expect(mail.text.toLowerCase()).not.toMatch(/password:/);

    expectAnswer(await confirm(user.username, code!), 200, { detail: RESET_DONE });
    expect((await meWith(token)).status).toBe(401);
    await t.tokenFor(user.username, NEW_PASSWORD);
  });
});

describe('limits', () => {
  it('3 requests an hour per account, whatever the address; 10 per address in 15 minutes', async () => {
    const username = 'no-such-login-limits';
    for (let i = 0; i < 3; i++) expect((await ask(username)).status).toBe(202);
    const refused = await ask(username);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many password reset attempts for this login\. Please try again in/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);

    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await ask(`spray-${i}`, address)).status).toBe(202);
    const sprayed = await ask('spray-10', address);
    expect(sprayed.status).toBe(429);
    expect(sprayed.body.detail).toMatch(/^Too many password reset attempts from this network\./);
  });

  it('10 confirmations an hour per account, across codes and addresses', async () => {
    const username = 'no-such-login-confirms';
    for (let i = 0; i < 10; i++) expect((await confirm(username, '123456')).status).toBe(422);
    const refused = await confirm(username, '123456');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many password reset attempts for this login\./);
  });
});
