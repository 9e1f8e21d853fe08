import type { AuditEvent } from '../../../shared/types';
import type { AuditEventRow } from './audit.service';

export const presentAuditEvent = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actor_id: row.actorId,
  actor_username: row.actorUsername,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  address: row.address,
});
