import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import {
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  VerificationRequestSchema,
  VerificationVerifySchema,
} from '../../../shared/schemas/verification';
import type { AppDeps, AppEnv, MessagingDeps } from '../../platform/context';
import { clientAddress, createLimiter } from '../../platform/middleware/rate-limit';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { CodeRequestedView, VerifiedView } from './verification.presenter';
import { requestCode, verifyCode } from './verification.service';

/**
 * /api/verification (public, docs/PRODUCT.md "Guest trust"): ask for a code, verify it. Besides the code rules, one
 * address may ask 60 times and verify 120 times in 10 minutes (a hotel's Wi-Fi carries many guests).
 */
export function verificationRoutes(deps: AppDeps, { messenger, outbox }: MessagingDeps) {
  // deps.jwtSecret is read per request: it is ready only once the database is (platform/index.ts).
  const { db, config, rateLimitStore } = deps;
  const requests = createLimiter(rateLimitStore, {
    keyPrefix: 'verification-request',
    points: 60,
    duration: 10 * 60,
    message: (wait) => `Too many code requests from this network. Please try again in ${wait}.`,
  });
  const verifications = createLimiter(rateLimitStore, {
    keyPrefix: 'verification-verify',
    points: 120,
    duration: 10 * 60,
    message: (wait) => `Too many tries from this network. Please try again in ${wait}.`,
  });
  return new Hono<AppEnv>()
    .post(
      '/request',
      answers(CodeRequestedView, { status: 202, description: 'The code is queued and goes out at once' }),
      validate('json', VerificationRequestSchema),
      async (c) => {
        await requests.consume(clientAddress(c, config.trustProxy));
        const { channel } = await requestCode(db, c.req.valid('json'), {
          secret: deps.jwtSecret,
          messenger,
          today: todayIn(config.timeZone),
          timeZone: config.timeZone,
        });
        outbox.kick();
        const body: CodeRequestedView = {
          resend_after_seconds: CODE_RESEND_SECONDS,
          expires_in_seconds: CODE_TTL_SECONDS,
          channel,
        };
        return c.json(body, 202);
      },
    )
    .post('/verify', answers(VerifiedView), validate('json', VerificationVerifySchema), async (c) => {
      await verifications.consume(clientAddress(c, config.trustProxy));
      const { token, expiresIn } = await verifyCode(db, c.req.valid('json'), deps.jwtSecret);
      return c.json({ verification_token: token, expires_in_seconds: expiresIn });
    });
}
