import { Hono } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { LoginSchema } from '../../../shared/schemas/auth';
import { LoginSecondStepSchema } from '../../../shared/schemas/second-factor';
import { ChangePasswordSchema } from '../../../shared/schemas/passwords';
import { CURRENT_PASSWORD_REQUIRED, CurrentPasswordSchema, EndDeviceSchema } from '../../../shared/schemas/reauth';
import type { AppDeps, AppEnv } from '../../platform/context';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { AppError } from '../../platform/lib/errors';
import { refuseUsernameInPassword } from '../../platform/lib/passwords';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { requestIsHttps } from '../../platform/middleware/transport-security';
import { currentSession } from '../../platform/middleware/auth';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { auditContext } from '../audit/audit-context';
import { CurrentUserView, presentCurrentUser } from '../users/users.presenter';
import { AccountLockedAnswer, presentSession, SessionView } from './auth.presenter';
import { DeviceView, presentDevice } from '../users/sessions.presenter';
import { endDeviceSession, listOwnSessions } from '../users/sessions.service';
import { changeOwnPassword, login, loginSecondStep, logout, logoutEverywhere } from './auth.service';
import { knownDevice, rememberDevice } from './device-token';
import { createLoginLimits } from './login-limits';
import { endReplacedSession, reauthentication } from './reauth';
import { SecondStepView } from './second-factor.presenter';
import { secondFactorRoutes } from './second-factor.routes';
import { createCodeLimiter } from './second-factor.service';

export function authRoutes(deps: AppDeps) {
  const { db, config } = deps; // deps.jwtSecret is read per request: it exists only once the database is ready
  // Failed passwords per known device, per account from unknown devices and per address (docs/SECURITY.md "Login
  // limits"), on every server.
  const limits = createLoginLimits(deps);
  // The current password asked again (docs/SECURITY.md "Re-authentication"), against the login's own limit.
  const reauthenticate = reauthentication(deps);
  const signedIn = requireRole('ownAccount');
  // What a session that must set up two-step sign-in first may do besides the set-up (docs/SECURITY.md "Second factor").
  const evenBeforeSecondFactor = requireRole('ownAccount', { beforeSecondFactor: true });
  // Wrong second-factor codes per login, at sign-in and in the set-up alike (docs/SECURITY.md "Second factor").
  const codes = createCodeLimiter(deps.rateLimitStore);

  return (
    new Hono<AppEnv>()
      // With two-step sign-in on, the right password answers the second step's token instead of a session.
      .post(
        '/login',
        answers(v.union([SessionView, SecondStepView]), {
          description: 'Session, or SecondStep with two-step sign-in',
        }),
        answers(AccountLockedAnswer, {
          status: 429,
          description: 'The account is locked to devices that have not signed in to it before; other 429s are Error',
          headers: { 'Retry-After': 'Seconds until the lock (or the limit) ends' },
        }),
        validate('json', LoginSchema),
        async (c) => {
          const input = c.req.valid('json');
          const address = clientAddress(c, config.trustProxy);
          const device = await knownDevice(c, input.username, deps.jwtSecret);
          const attempt = await limits.attempt({ address, device }, input.username);
          const outcome = await login(db, deps.jwtSecret, input, address, c.req.header('user-agent')).catch(
            async (error: unknown) => {
              await attempt.failed();
              throw error;
            },
          );
          await attempt.succeeded();
          if ('secondStepToken' in outcome)
            return c.json<SessionView | SecondStepView>({ mfa_required: true, mfa_token: outcome.secondStepToken });
          await endReplacedSession(db, deps.jwtSecret, { address }, input.previous_token);
          await rememberDevice(c, input.username, deps.jwtSecret, requestIsHttps(c, config.trustProxy));
          return c.json<SessionView | SecondStepView>(presentSession(outcome));
        },
      )
      // The second step: a code of the login's app or a recovery code; the session is made only here.
      // The device cookie is given here, once the sign-in is complete, not at the password step: it stands for "this
      // device signed in to this account", and a password alone (perhaps a leaked one) is not a sign-in.
      .post('/login/mfa', answers(SessionView), validate('json', LoginSecondStepSchema), async (c) => {
        const address = clientAddress(c, config.trustProxy);
        const input = c.req.valid('json');
        const key = config.dataEncryptionKey;
        const session = await loginSecondStep(db, deps.jwtSecret, key, codes, input, address);
        await endReplacedSession(db, deps.jwtSecret, { address }, input.previous_token);
        await rememberDevice(c, session.user.username, deps.jwtSecret, requestIsHttps(c, config.trustProxy));
        return c.json(presentSession(session));
      })
      .route('/second-factor', secondFactorRoutes(deps, codes, reauthenticate))
      .get('/me', answers(CurrentUserView), evenBeforeSecondFactor, (c) => c.json(presentCurrentUser(currentUser(c))))
      // Ends this device's session only (docs/SECURITY.md "Sessions"): the login's other devices stay signed in.
      .post('/logout', answers(MessageAnswer), evenBeforeSecondFactor, async (c) => {
        await logout(db, auditContext(c, config), currentUser(c), currentSession(c));
        return c.json({ detail: 'Logged out successfully' });
      })
      // "Sign out everywhere": every session of the caller, this one too (the session version moves on), after the
      // current password (docs/SECURITY.md "Re-authentication").
      .post(
        '/logout-everywhere',
        answers(MessageAnswer),
        signedIn,
        validate('json', CurrentPasswordSchema),
        async (c) => {
          await reauthenticate(currentUser(c), c.req.valid('json').current_password);
          await logoutEverywhere(db, auditContext(c, config), currentUser(c));
          return c.json({ detail: 'Signed out everywhere' });
        },
      )
      // The caller's own signed-in devices, this one marked; another login's are never listed.
      .get('/sessions', answers(v.array(DeviceView)), signedIn, async (c) => {
        const rows = await listOwnSessions(db, currentUser(c).id);
        const current = currentSession(c).id;
        return c.json(rows.map((row) => presentDevice(row, current)));
      })
      // Signs one of the caller's own devices out; another login's session is 404, as a missing one. Another device
      // takes the current password first (docs/SECURITY.md "Re-authentication"); this one needs none, as Logout.
      .delete(
        '/sessions/:id',
        answers(MessageAnswer),
        signedIn,
        validate('param', UuidIdParam),
        validate('json', EndDeviceSchema),
        async (c) => {
          const user = currentUser(c);
          const { id } = c.req.valid('param');
          if (id !== currentSession(c).id) {
            const password = c.req.valid('json').current_password;
            if (password === undefined) throw new AppError(422, CURRENT_PASSWORD_REQUIRED);
            await reauthenticate(user, password);
          }
          await endDeviceSession(db, auditContext(c, config), user.id, id);
          return c.json({ detail: 'Device signed out' });
        },
      )
      // Any signed-in login, its own password; a wrong current password counts against this login only
      // (docs/SECURITY.md "Login limits"), and the new one must not contain the username ("Passwords").
      .put('/password', answers(SessionView), signedIn, validate('json', ChangePasswordSchema), async (c) => {
        const user = currentUser(c);
        const input = c.req.valid('json');
        refuseUsernameInPassword(input.new_password, user.username);
        await reauthenticate(user, input.current_password);
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
