import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import {
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RESET_CODE_SENT,
  RESET_DONE,
} from '../../../shared/schemas/password-reset';
import type { AppDeps, AppEnv, MessagingDeps } from '../../platform/context';
import { clientAddress, createLimiter } from '../../platform/middleware/rate-limit';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { confirmReset, requestReset } from './password-reset.service';

const QUARTER_HOUR = 15 * 60;
const HOUR = 60 * 60;

/**
 * /api/auth/password-reset (public, docs/SECURITY.md "Forgot password"): ask for a code, then set a new password
 * with it. Limits per address and per account (the username as typed, whether or not it exists, so a limit tells
 * nothing either), besides the code's own 5 tries.
 */
export function passwordResetRoutes(deps: AppDeps, { messenger, outbox, mailer }: MessagingDeps) {
  // deps.jwtSecret is read per request: it is ready only once the database is (platform/index.ts).
  const { db, config, rateLimitStore } = deps;
  const limiter = (keyPrefix: string, points: number, duration: number, whose: string) =>
    createLimiter(rateLimitStore, {
      keyPrefix,
      points,
      duration,
      message: (wait) => `Too many password reset attempts ${whose}. Please try again in ${wait}.`,
    });
  const requestsByAddress = limiter('reset-request-address', 10, QUARTER_HOUR, 'from this network');
  const requestsByAccount = limiter('reset-request-account', 3, HOUR, 'for this login');
  const confirmsByAddress = limiter('reset-confirm-address', 20, QUARTER_HOUR, 'from this network');
  const confirmsByAccount = limiter('reset-confirm-account', 10, HOUR, 'for this login');
  const accountKey = (username: string) => username.toLowerCase();

  return new Hono<AppEnv>()
    .post(
      '/request',
      answers(MessageAnswer, { status: 202, description: 'The same answer whether the login exists or not' }),
      validate('json', PasswordResetRequestSchema),
      async (c) => {
        const { username } = c.req.valid('json');
        await requestsByAddress.consume(clientAddress(c, config.trustProxy));
        await requestsByAccount.consume(accountKey(username));
        const mail = await requestReset(db, username, {
          secret: deps.jwtSecret,
          messenger,
          canMailCodes: mailer.canSendCodes,
          audit: auditContext(c, config),
          today: todayIn(config.timeZone),
        });
        outbox.kick();
        // After the answer: a slow or failing mail server neither delays it nor tells the caller anything.
        if (mail) void mailer.send(mail);
        return c.json({ detail: RESET_CODE_SENT }, 202);
      },
    )
    .post('/confirm', answers(MessageAnswer), validate('json', PasswordResetConfirmSchema), async (c) => {
      const input = c.req.valid('json');
      await confirmsByAddress.consume(clientAddress(c, config.trustProxy));
      await confirmsByAccount.consume(accountKey(input.username));
      await confirmReset(db, input, deps.jwtSecret, auditContext(c, config));
      return c.json({ detail: RESET_DONE });
    });
}
