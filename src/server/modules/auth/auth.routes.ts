import { Hono } from 'hono';
import { LoginSchema } from '../../../shared/schemas/auth';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { clientAddress, createLimiter } from '../../middleware/rate-limit';
import { currentUser } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { presentCurrentUser } from '../users/users.presenter';
import { login } from './auth.service';

export function authRoutes(deps: AppDeps) {
  // 10 failures per address and username in 15 minutes, then 429 until the window passes (on every server).
  const failures = createLimiter(deps.rateLimitStore, {
    keyPrefix: 'login',
    points: 10,
    duration: 15 * 60,
    message: (wait) => `Too many failed login attempts. Try again in ${wait}.`,
  });

  return new Hono<AppEnv>()
    .post('/login', validate('json', LoginSchema), async (c) => {
      const input = c.req.valid('json');
      const key = `${clientAddress(c, deps.config.trustProxy)}|${input.username.toLowerCase()}`;
      await failures.check(key);
      try {
        const result = await login(deps.db, deps.jwtSecret, input);
        await failures.reset(key);
        return c.json(result);
      } catch (error) {
        if (error instanceof AppError && error.status === 401) await failures.penalty(key);
        throw error;
      }
    })
    .get('/me', (c) => c.json(presentCurrentUser(currentUser(c))));
}
