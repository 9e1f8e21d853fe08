import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { isVoucherCode, RedeemVoucherSchema } from '../../../shared/schemas/merchant-area';
import { REFRESH_AFTER_SECONDS } from '../../../shared/session-lifetime';
import { isUuid } from '../../../shared/uuid';
import type { AppDeps, AppEnv } from '../../platform/context';
import { readToken } from '../../platform/lib/tokens';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { logRequestAs } from '../../platform/middleware/request-log';
import { redeemInBatch } from '../../modules/coupons/redemption-batches';
import { touchSession } from '../../modules/users/sessions.service';
import { presentRedemption } from './merchant-area.presenter';
import { wrongCodeLimitOf } from './wrong-code-limit';
import { sendUncompressed } from '../../platform/lib/small-answer';

const REDEEM_PATH = '/api/merchant/redeem-voucher';

/**
 * POST /api/merchant/redeem-voucher in one round trip (README "Performance", round 6): every other request loads its
 * caller's session first (platform/middleware/auth.ts), then runs its statements; at the counter that lookup was a
 * fifth of a redemption's cost. Here the redemption's own statement checks the session the token names
 * (coupons/redemption-batches.ts: the same conditions findSessionUser signs a login in with, in the same snapshot as
 * the redemption), so a right code is redeemed and answered without the lookup; at a busy time with the other
 * redemptions waiting, in one statement (README "Performance", round 13).
 *
 * Only the plain case: a merchant token that carries its merchant (`mid`), unexpired and less than a day old (an
 * older one is answered a fresh token by the ordinary path), a valid body without "Redeem anyway" (a role's call), a
 * well-formed code, and the merchant below its wrong-code limit (read in the statement on PostgreSQL, in memory on
 * PGlite). Anything
 * else, and any redemption that changed nothing (a wrong or used code, an ended session, a login no longer the
 * merchant's, the limit reached), goes on to the ordinary route, which signs the caller in and answers as always
 * (401, 403, 429, the code's status): this path never refuses anything itself.
 */
export function counterFastPath(deps: AppDeps) {
  const wrongCodes = wrongCodeLimitOf(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    // A JSON body, as the route's validator reads one.
    if (
      c.req.method !== 'POST' ||
      c.req.path !== REDEEM_PATH ||
      !/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')
    )
      return next();
    // Its log lines name the route, not this middleware's pattern (whoever answers).
    logRequestAs(c, { route: REDEEM_PATH });
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const now = Math.floor(Date.now() / 1000);
    const token = bearer ? await readToken(bearer, deps.jwtSecret, now) : undefined;
    const merchantId = token?.mid;
    if (
      !token ||
      !merchantId ||
      token.expired ||
      token.user_type !== 'merchant' ||
      now - token.iat >= REFRESH_AFTER_SECONDS ||
      !isUuid(token.sub) ||
      !isUuid(token.sid) ||
      !isUuid(merchantId)
    )
      return next();
    const limit = await wrongCodes.forFastPath(merchantId);
    if (limit === undefined) return next();
    const body = v.safeParse(RedeemVoucherSchema, await c.req.json().catch(() => undefined));
    if (!body.success || body.output.override_reason || !isVoucherCode(body.output.voucher_code)) return next();

    const redeemed = await redeemInBatch(deps.db, {
      token: { userId: token.sub, sid: token.sid, sv: token.sv, merchantId },
      code: body.output.voucher_code,
      billAmount: body.output.bill_amount ?? null,
      wrongCodes: limit,
      address: clientAddress(c, deps.config.trustProxy),
      today: todayIn(deps.config.timeZone),
    });
    if (!redeemed) return next();
    // The request's log line names the caller, as the ordinary path's would.
    logRequestAs(c, { route: REDEEM_PATH, userId: token.sub });
    // last_seen_at as the ordinary path keeps it (at most every 5 minutes for a merchant device).
    await touchSession(deps.db, { sessionId: token.sid, userType: 'merchant', lastSeenAt: redeemed.lastSeenAt });
    // A few hundred bytes, the counter's busiest answer: sent as it is.
    sendUncompressed(c);
    return c.json(presentRedemption({ kind: 'redeemed', ...redeemed.coupon }));
  });
}
