import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { Config } from '../../env';
import { clientAddress } from '../../middleware/rate-limit';
import type { AuditContext } from './audit.service';

/** The caller and address of this request, for recordAudit(). Anonymous callers have a null actor id. */
export function auditContext(c: Context<AppEnv>, config: Pick<Config, 'trustProxy'>): AuditContext {
  const user = c.get('user');
  return {
    actor: { id: user?.id ?? null, username: user?.username ?? null },
    address: clientAddress(c, config.trustProxy),
  };
}
