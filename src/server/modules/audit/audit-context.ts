import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import type { Config } from '../../platform/env';
import { clientAddress } from '../../platform/middleware/rate-limit';
import type { AuditContext } from './audit.service';

/** The caller and address of this request, for recordAudit(). Anonymous callers have a null actor id. */
export function auditContext(c: Context<AppEnv>, config: Pick<Config, 'trustProxy'>): AuditContext {
  const user = c.get('user');
  return {
    actor: { id: user?.id ?? null, username: user?.username ?? null },
    address: clientAddress(c, config.trustProxy),
  };
}
