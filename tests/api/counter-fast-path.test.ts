import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { counterFastPath } from '../../src/server/areas/merchant-area/counter-fast-path';
import type { AppEnv } from '../../src/server/platform/context';
import { issueToken } from '../../src/server/platform/lib/tokens';
import { SIGNED_OUT_IDLE } from '../../src/shared/session-lifetime';
import { sessionIdOf, TEST_JWT_SECRET, type TestResponse, useTestContext } from '../support';
import { merchantWithCodes } from '../support/merchant-codes';
import { insertCouponFor, insertOffer } from '../support/offer-factories';
import { auditEvents, coupons, merchants, sessions, users } from '../support/tables';

/**
 * The counter's redemption checks the session its token names in its own statement (areas/merchant-area/
 * counter-fast-path.ts; on PostgreSQL, where the wrong-code count is read in that statement too). Whichever path
 * answers, a token that would not sign its login in redeems nothing and gets the ordinary answer; a right one redeems
 * once, recorded under its login.
 */
const t = useTestContext();

const redeem = (token: string, code: string): Promise<TestResponse> =>
  t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: code } });

async function counterWithCodes(count: number) {
  const { login, token, codes } = await merchantWithCodes(t, count);
  return { login, token, sid: sessionIdOf(token), codes };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sv: number; mid?: string };
const couponOf = async (code: string) => (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0]!;

describe('POST /api/merchant/redeem-voucher, the session checked by the redemption', () => {
  it('a merchant token carries its merchant; a right code is redeemed once, under the login, seen now', async () => {
    const { login, token, sid, codes } = await counterWithCodes(1);
    expect(claimsOf(token).mid).toBe(login.merchantId);
    // The device was last seen 10 minutes ago: this redemption marks it seen (at most every 5 minutes).
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.id, sid));

    const res = await redeem(token, codes[0]!);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', coupon_code: codes[0] });
    const coupon = await couponOf(codes[0]!);
    expect(coupon.isRedeemed).toBe(true);
    expect(coupon.redeemedBy).toBe(login.id);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'coupon.redeem'), eq(auditEvents.entityId, coupon.id)));
    expect(event).toMatchObject({ actorId: login.id, actorUsername: login.username });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(Date.now() - session!.lastSeenAt.getTime()).toBeLessThan(60_000);

    const again = await redeem(token, codes[0]!);
    expect(again.body.status).toBe('already_redeemed');
  });

  it('answers as it is, even to a client that takes gzip: a redemption and the ordinary path behind it', async () => {
    const { token, codes } = await counterWithCodes(1);
    const headers = { 'Accept-Encoding': 'gzip, br' };
    const first = await t.request('POST', '/api/merchant/redeem-voucher', {
      token,
      headers,
      json: { voucher_code: codes[0] },
    });
    // Already redeemed: the fast path leaves it to the ordinary one.
    const again = await t.request('POST', '/api/merchant/redeem-voucher', {
      token,
      headers,
      json: { voucher_code: codes[0] },
    });
    for (const [res, status] of [
      [first, 'success'],
      [again, 'already_redeemed'],
    ] as const) {
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe(status);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('no-store, no-transform');
    }
  });

  it('after this device signed out, its token redeems nothing: 401', async () => {
    const { token, codes } = await counterWithCodes(1);
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBeLessThan(300);
    expect((await redeem(token, codes[0]!)).status).toBe(401);
    expect((await couponOf(codes[0]!)).isRedeemed).toBe(false);
  });

  it('once the login is signed out everywhere (its session version moved on), or idle for 7 days: 401', async () => {
    const { login, token, sid, codes } = await counterWithCodes(2);
    await t.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, login.id));
    expect((await redeem(token, codes[0]!)).status).toBe(401);

    const fresh = await t.tokenFor(login.username, login.password);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.id, sessionIdOf(fresh)));
    const idle = await redeem(fresh, codes[1]!);
    expect(idle.status).toBe(401);
    expect(idle.body.detail).toBe(SIGNED_OUT_IDLE);
    for (const code of codes) expect((await couponOf(code)).isRedeemed).toBe(false);
    expect(sid).not.toBe(sessionIdOf(fresh));
  });

  it("a token naming another merchant than its login's redeems none of that merchant's codes; an archived one none", async () => {
    const { login, token: real, sid, codes } = await counterWithCodes(2);
    const { sv } = claimsOf(real);
    const other = await t.createMerchantLogin();
    // Signed with the server's secret: only the login's own merchant may redeem, whatever the token says.
    const forged = await issueToken(
      { sub: login.id, user_type: 'merchant', sv, sid, mid: other.merchantId! },
      TEST_JWT_SECRET,
    );
    const othersCode = (await insertCouponFor(t.db, await insertOffer(t.db, { merchantId: other.merchantId! }))).coupon
      .code;
    const wrongMerchant = await redeem(forged, othersCode);
    expect(wrongMerchant.body.status).toBe('invalid');
    expect((await couponOf(othersCode)).isRedeemed).toBe(false);
    // Its own merchant's code is still its own (the ordinary path reads the login's merchant).
    expect((await redeem(forged, codes[0]!)).body.status).toBe('success');

    const token = await t.tokenFor(login.username, login.password);
    await t.db.update(merchants).set({ archivedAt: new Date() }).where(eq(merchants.id, login.merchantId!));
    expect((await redeem(token, codes[1]!)).status).toBe(403);
    expect((await couponOf(codes[1]!)).isRedeemed).toBe(false);
  });

  it('a token more than a day old still redeems, and is answered a fresh one naming the merchant', async () => {
    const { login, token, sid, codes } = await counterWithCodes(1);
    // Issued before tokens named their merchant: the fresh one does.
    const dayOld = await issueToken(
      { sub: login.id, user_type: 'merchant', sv: claimsOf(token).sv, sid },
      TEST_JWT_SECRET,
      Math.floor(Date.now() / 1000) - 25 * 60 * 60,
    );
    const res = await redeem(dayOld, codes[0]!);
    expect(res.body.status).toBe('success');
    const refreshed = res.headers.get('X-Refreshed-Token');
    expect(refreshed).toBeTruthy();
    expect(sessionIdOf(refreshed!)).toBe(sid);
    expect(claimsOf(refreshed!).mid).toBe(login.merchantId);
  });

  it('a right code is answered without the session lookup; everything else goes on to the route', async () => {
    const { token, codes } = await counterWithCodes(2);
    // The middleware alone in front of a route that only says it was reached.
    const app = new Hono<AppEnv>()
      .use('*', counterFastPath(t.deps))
      .post('/api/merchant/redeem-voucher', (c) => c.json({ reached: true }, 299 as 200));
    const send = (code: string, auth = `Bearer ${token}`) =>
      app.request('/api/merchant/redeem-voucher', {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ voucher_code: code }),
      });
    const right = await send(codes[0]!);
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ status: 'success', coupon_code: codes[0] });
    // A used code, a wrong one, no token: the route answers.
    for (const res of [await send(codes[0]!), await send('ZZZZ2222'), await send(codes[1]!, '')])
      expect(res.status).toBe(299);
  });

  describe('in batches (coupons/redemption-batches.ts)', () => {
    /** The middleware alone in front of a route that only says it was reached. */
    const fastPathOnly = () =>
      new Hono<AppEnv>()
        .use('*', counterFastPath(t.deps))
        .post('/api/merchant/redeem-voucher', (c) => c.json({ reached: true }, 299 as 200));
    const sendTo = async (app: ReturnType<typeof fastPathOnly>, token: string, json: object) =>
      app.request('/api/merchant/redeem-voucher', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });

    it('two counters at once: each right code once, under its own login; the rest goes on to the route', async () => {
      const app = fastPathOnly();
      const a = await counterWithCodes(6);
      const b = await counterWithCodes(4);
      const attempts = [
        ...a.codes.map((code) => ({ token: a.token, json: { voucher_code: code } })),
        // The same code twice at once, a bill with a code, another merchant's code, a wrong code.
        { token: a.token, json: { voucher_code: a.codes[0] } },
        ...b.codes.map((code, i) => ({
          token: b.token,
          json: { voucher_code: code, ...(i ? {} : { bill_amount: 850 }) },
        })),
        { token: b.token, json: { voucher_code: a.codes[1] } },
        { token: a.token, json: { voucher_code: 'ZZZZ2222' } },
      ];
      const answers = await Promise.all(attempts.map(({ token, json }) => sendTo(app, token, json)));
      const statuses = answers.map((res) => res.status);
      // Every right code answered by the batch once; the second try of a code, the other merchant's and the wrong
      // one go on to the route, which tells why.
      expect(statuses).toEqual([...a.codes.map(() => 200), 299, ...b.codes.map(() => 200), 299, 299]);
      const redeemed = await t.db
        .select()
        .from(coupons)
        .where(inArray(coupons.code, [...a.codes, ...b.codes]));
      for (const coupon of redeemed) {
        expect(coupon.isRedeemed).toBe(true);
        expect(coupon.redeemedBy).toBe((a.codes.includes(coupon.code) ? a : b).login.id);
      }
      expect(redeemed.find((c) => c.code === b.codes[0])!.billAmount).toBe(850);
      // Some shared one statement (its now()): they were redeemed in a batch.
      const times = new Set(redeemed.map((c) => c.redeemedAt!.getTime()));
      expect(times.size).toBeLessThan(redeemed.length);
      const events = await t.db
        .select()
        .from(auditEvents)
        .where(
          inArray(
            auditEvents.entityId,
            redeemed.map((c) => c.id),
          ),
        );
      expect(events.filter((e) => e.action === 'coupon.redeem')).toHaveLength(10);
      expect(events.filter((e) => e.action === 'coupon.bill_amount')).toHaveLength(1);
      for (const event of events)
        expect(event.actorUsername).toBe(
          (a.codes.includes((event.after as { code: string }).code) ? a : b).login.username,
        );
    });

    it('a batch that fails whole is tried one attempt at a time: only the failing one fails', async () => {
      const app = fastPathOnly();
      const { codes, token } = await counterWithCodes(4);
      // One voucher whose update fails (as a deadlock with another server's batch would fail the whole batch).
      await t.db.execute(
        sql.raw(`create function test_refuse_coupon() returns trigger language plpgsql as $$
          begin raise exception 'refused for the test'; end $$`),
      );
      await t.db.execute(
        sql.raw(`create trigger test_refuse_coupon before update on coupons for each row
          when (new.code = '${codes[1]}') execute function test_refuse_coupon()`),
      );
      try {
        // The first runs alone; the three after it wait and go together.
        const answers = await Promise.all(codes.map((code) => sendTo(app, token, { voucher_code: code })));
        expect(answers.map((res) => res.status)).toEqual([200, 500, 200, 200]);
      } finally {
        await t.db.execute(sql.raw('drop trigger test_refuse_coupon on coupons'));
        await t.db.execute(sql.raw('drop function test_refuse_coupon()'));
      }
      expect((await couponOf(codes[1]!)).isRedeemed).toBe(false);
      for (const code of [codes[0]!, codes[2]!, codes[3]!]) expect((await couponOf(code)).isRedeemed).toBe(true);
    });

    it.runIf(process.env.TEST_DATABASE_URL)(
      'a batch held up by a locked voucher does not hold up the next one for long',
      async () => {
        const app = fastPathOnly();
        const { codes, token } = await counterWithCodes(2);
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        // Another transaction holds the first voucher's row (an undo at another counter, say).
        const holder = t.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from ${coupons} where ${coupons.code} = ${codes[0]!} for update`);
          locked();
          await released;
        });
        await isLocked;
        const first = sendTo(app, token, { voucher_code: codes[0] });
        const second = await sendTo(app, token, { voucher_code: codes[1] });
        expect(await second.json()).toMatchObject({ status: 'success', coupon_code: codes[1] });
        expect((await couponOf(codes[0]!)).isRedeemed).toBe(false);
        release();
        await holder;
        expect(await (await first).json()).toMatchObject({ status: 'success', coupon_code: codes[0] });
      },
    );
  });
});
