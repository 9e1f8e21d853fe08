import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who changed what (docs/SECURITY.md): logins (success and failure), every admin change, password resets, role
 * changes and redemptions. Written by the service that makes the change, in the same transaction where it can be.
 * No foreign keys: an event outlives the login and the record it names. Never holds a password or hash.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** users.id of the caller; null for an anonymous caller (a failed login, a guest). */
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username'),
    /** 'login.success', 'login.failure', 'hotel.create', 'user.role_change', 'coupon.redeem', … */
    action: text('action').notNull(),
    /** 'hotel', 'merchant', 'offer', 'user', 'coupon', … */
    entity: text('entity'),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
  ],
);
