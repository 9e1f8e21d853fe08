import { Hono } from 'hono';
import {
  formatRecoveryCode,
  SecondFactorCodeSchema,
  TurnOffSecondFactorSchema,
} from '../../../shared/schemas/second-factor';
import { CurrentPasswordSchema } from '../../../shared/schemas/reauth';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { RecoveryCodesView, SecondFactorSetupView, SecondFactorStatusView } from './second-factor.presenter';
import { confirmSetup, secondFactorStatus, startSetup, turnOff } from './second-factor.service';
import type { Limiter } from '../../platform/middleware/rate-limit';
import type { Reauthenticate } from './reauth';

/**
 * One's own two-step sign-in (docs/SECURITY.md "Second factor"): the back office, hotels and merchant owners. A
 * session that must set it up first (MFA_REQUIRED) reaches these too.
 */
export function secondFactorRoutes({ db, config }: AppDeps, codes: Limiter, reauthenticate: Reauthenticate) {
  const own = requireRole('ownSecondFactor', { beforeSecondFactor: true });
  const key = config.dataEncryptionKey;
  return (
    new Hono<AppEnv>()
      .get('/', answers(SecondFactorStatusView), own, async (c) => {
        const user = currentUser(c);
        const status = await secondFactorStatus(db, user.id);
        return c.json({
          enabled: status.enabled,
          required: user.secondFactor?.required ?? false,
          recovery_codes_left: status.recoveryCodesLeft,
        });
      })
      // A new secret, not on until confirmed; a set-up started before is replaced; 409 while it is on. The current
      // password first (docs/SECURITY.md "Re-authentication"): a session alone does not change how the login signs in.
      .post('/setup', answers(SecondFactorSetupView), own, validate('json', CurrentPasswordSchema), async (c) => {
        await reauthenticate(currentUser(c), c.req.valid('json').current_password);
        const { secret, uri } = await startSetup(db, key, currentUser(c));
        return c.json({ secret, otpauth_uri: uri });
      })
      // The first code turns it on and answers the recovery codes (shown once).
      .post('/confirm', answers(RecoveryCodesView), own, validate('json', SecondFactorCodeSchema), async (c) => {
        const user = currentUser(c);
        const recovery = await confirmSetup(db, key, codes, auditContext(c, config), user, c.req.valid('json').code);
        return c.json({ recovery_codes: recovery.map(formatRecoveryCode) });
      })
      // Off with the current password and a current code or a recovery code; 403 while the login's role requires it.
      .post('/turn-off', answers(MessageAnswer), own, validate('json', TurnOffSecondFactorSchema), async (c) => {
        const input = c.req.valid('json');
        await reauthenticate(currentUser(c), input.current_password);
        await turnOff(db, key, codes, auditContext(c, config), currentUser(c), input);
        return c.json({ detail: 'Two-step sign-in is off' });
      })
  );
}
