import { Hono } from 'hono';
import { LoginSchema } from '../../../shared/schemas/auth';
import { ChangePasswordSchema } from '../../../shared/schemas/passwords';
import type { AppDeps, AppEnv } from '../../platform/context';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { auditContext } from '../audit/audit-context';
import { CurrentUserView, presentCurrentUser } from '../users/users.presenter';
import { presentSession, SessionView } from './auth.presenter';
import { changeOwnPassword, isCurrentPassword, login, logout, wrongCurrentPassword } from './auth.service';
import { createLoginLimits } from './login-limits';

export function authRoutes(deps: AppDeps) {
  const { db, config } = deps; // deps.jwtSecret is read per request: it exists only once the database is ready
  // Failed passwords per address + account, per account and per address (docs/SECURITY.md), on every server.
  const limits = createLoginLimits(deps.rateLimitStore);
  const signedIn = requireRole('ownAccount');

  return (
    new Hono<AppEnv>()
      .post('/login', answers(SessionView), validate('json', LoginSchema), async (c) => {
        const input = c.req.valid('json');
        const address = clientAddress(c, config.trustProxy);
        const attempt = await limits.attempt(address, input.username);
        const session = await login(db, deps.jwtSecret, input, address);
        await attempt.succeeded();
        return c.json(presentSession(session));
      })
      .get('/me', answers(CurrentUserView), signedIn, (c) => c.json(presentCurrentUser(currentUser(c))))
      // Ends every session of the caller, on all devices (the session version moves on).
      .post('/logout', answers(MessageAnswer), signedIn, async (c) => {
        await logout(db, auditContext(c, config), currentUser(c));
        return c.json({ detail: 'Logged out successfully' });
      })
      // Any signed-in login, its own password; a wrong current password counts as a failed login.
      .put('/password', answers(SessionView), signedIn, validate('json', ChangePasswordSchema), async (c) => {
        const user = currentUser(c);
        const input = c.req.valid('json');
        const attempt = await limits.attempt(clientAddress(c, config.trustProxy), user.username);
        if (!(await isCurrentPassword(db, user, input.current_password))) throw wrongCurrentPassword();
        await attempt.succeeded();
        const session = await changeOwnPassword(db, deps.jwtSecret, auditContext(c, config), user, input.new_password);
        return c.json(presentSession(session));
      })
  );
}
