import type { Presented } from '../../platform/lib/presented';
import type { AuditEventRow } from './audit.service';

/** GET /audit-events row (docs/SECURITY.md "Audit trail"): who did what to which record, when, from where. */
export const presentAuditEvent = (row: AuditEventRow) => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actor_id: row.actorId,
  actor_username: row.actorUsername,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  /** The record before and after the change (never a password or hash); null where there is none. */
  before: row.before ?? null,
  after: row.after ?? null,
  address: row.address,
});

export type AuditEventView = Presented<typeof presentAuditEvent>;
