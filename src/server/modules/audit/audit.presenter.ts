import * as v from 'valibot';
import { int, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { AuditEventRow } from './audit.service';

/**
 * A record's fields as the trail keeps them (jsonb): a JSON object. Typed `{}` (any value but null), as the web reads
 * it; the description says object.
 */
const recordFields = v.pipe(
  v.custom<NonNullable<unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
  v.metadata({ type: 'object' }),
);

/** GET /audit-events row (docs/SECURITY.md "Audit trail"): who did what to which record, when, from where. */
export const AuditEventView = named(
  'AuditEvent',
  v.strictObject({
    id: int,
    at: isoDateTime,
    actor_id: v.nullable(uuid),
    actor_username: v.nullable(v.string()),
    action: v.string(),
    entity: v.nullable(v.string()),
    entity_id: v.nullable(v.string()),
    /** The record before and after the change (never a password or hash); null where there is none. */
    before: v.nullable(recordFields),
    after: v.nullable(recordFields),
    address: v.nullable(v.string()),
  }),
);
export type AuditEventView = v.InferOutput<typeof AuditEventView>;

export const presentAuditEvent = (row: AuditEventRow): AuditEventView => ({
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
