import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

/**
 * The audit trail (docs/SECURITY.md): who did what to which record, when, from where, with the values before and
 * after. Services call recordAudit() with the same `db` (or transaction) that makes the change, so an event is
 * kept exactly when its change is. Never pass passwords or hashes in before/after: `withoutSecrets` strips them.
 */

export interface AuditActor {
  id: string | null;
  username: string | null;
}

/** Who is calling, from where: built once per request by the routes (see auditContext in audit.routes.ts). */
export interface AuditContext {
  actor: AuditActor;
  address: string | null;
}

export interface AuditEventInput {
  /** Dotted verb: 'login.success', 'login.failure', 'hotel.create', 'hotel.update', 'user.role_change', 'coupon.redeem', … */
  action: string;
  /** 'hotel', 'merchant', 'offer', 'user', 'coupon', 'location', 'merchant_type', 'contact_info', 'subscription', … */
  entity?: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEYS = /pass(word)?|hash|token|secret/i;

/** A copy of a record without password, hash, token or secret fields (any depth). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEYS.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

export async function recordAudit(db: Db, context: AuditContext, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: context.actor.id,
    actorUsername: context.actor.username,
    action: event.action,
    entity: event.entity ?? null,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    before: event.before === undefined ? null : withoutSecrets(event.before),
    after: event.after === undefined ? null : withoutSecrets(event.after),
    address: context.address,
  });
}
