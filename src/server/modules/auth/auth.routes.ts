import { Hono } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { LoginSchema } from '../../../shared/schemas/auth';
import { ChangePasswordSchema } from '../../../shared/schemas/passwords';
import type { AppDeps, AppEnv } from '../../platform/context';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { currentSession } from '../../platform/middleware/auth';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { auditContext } from '../audit/audit-context';
import { CurrentUserView, presentCurrentUser } from '../users/users.presenter';
import { presentSession, SessionView } from './auth.presenter';
import { DeviceView, presentDevice } from '../users/sessions.presenter';
import { endDeviceSession, listOwnSessions } from '../users/sessions.service';
import {
  changeOwnPassword,
  isCurrentPassword,
  login,
  logout,
  logoutEverywhere,
  wrongCurrentPassword,
} from './auth.service';
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
        const session = await login(db, deps.jwtSecret, input, address, c.req.header('user-agent'));
        await attempt.succeeded();
        return c.json(presentSession(session));
      })
      .get('/me', answers(CurrentUserView), signedIn, (c) => c.json(presentCurrentUser(currentUser(c))))
      // Ends this device's session only (docs/SECURITY.md "Sessions"): the login's other devices stay signed in.
      .post('/logout', answers(MessageAnswer), signedIn, async (c) => {
        await logout(db, auditContext(c, config), currentUser(c), currentSession(c));
        return c.json({ detail: 'Logged out successfully' });
      })
      // "Sign out everywhere": every session of the caller, this one too (the session version moves on).
      .post('/logout-everywhere', answers(MessageAnswer), signedIn, async (c) => {
        await logoutEverywhere(db, auditContext(c, config), currentUser(c));
        return c.json({ detail: 'Signed out everywhere' });
      })
      // The caller's own signed-in devices, this one marked; another login's are never listed.
      .get('/sessions', answers(v.array(DeviceView)), signedIn, async (c) => {
        const rows = await listOwnSessions(db, currentUser(c).id);
        const current = currentSession(c).id;
        return c.json(rows.map((row) => presentDevice(row, current)));
      })
      // Signs one of the caller's own devices out (this one too); another login's session is 404, as a missing one.
      .delete('/sessions/:id', answers(MessageAnswer), signedIn, validate('param', UuidIdParam), async (c) => {
        const user = currentUser(c);
        await endDeviceSession(db, auditContext(c, config), user.id, c.req.valid('param').id);
        return c.json({ detail: 'Device signed out' });
      })
      // Any signed-in login, its own password; a wrong current password counts as a failed login.
      .put('/password', answers(SessionView), signedIn, validate('json', ChangePasswordSchema), async (c) => {
        const user = currentUser(c);
        const input = c.req.valid('json');
        const attempt = await limits.attempt(clientAddress(c, config.trustProxy), user.username);
        if (!(await isCurrentPassword(db, user, input.current_password))) throw wrongCurrentPassword();
        await attempt.succeeded();
        const session = await changeOwnPassword(
          db,
          deps.jwtSecret,
          auditContext(c, config),
          user,
          currentSession(c),
          input.new_password,
        );
        return c.json(presentSession(session));
      })
  );
}
