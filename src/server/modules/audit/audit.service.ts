import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuditAction, AuditEntity, AuditEntityWith } from '../../../shared/audit-actions';
import { addDays } from '../../../shared/dates';
import { AUDIT_PAGE_DEFAULT, encodeAuditCursor, type AuditEventListQuery } from '../../../shared/schemas/audit';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/table-columns';
import { auditEvents } from './table';
import { exactUtc, startOfDay } from '../../platform/lib/business-time';

/**
 * The audit trail (docs/SECURITY.md): who did what to which record, when, from where, with the values before and
 * after. Services call recordAudit() with the same `db` (or transaction) that makes the change, so an event is
 * kept exactly when its change is. Never pass passwords or hashes in before/after: `withoutSecrets` strips them.
 */

export interface AuditActor {
  id: string | null;
  username: string | null;
}

/** Who is calling, from where: built once per request by the routes (auditContext in audit-context.ts). */
export interface AuditContext {
  actor: AuditActor;
  address: string | null;
}

export interface AuditEventInput {
  /** One of the shared list (src/shared/audit-actions.ts), which gives it its label and filter entry. */
  action: AuditAction;
  entity?: AuditEntity;
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

/**
 * The audit event of a hot path written in the change's own statement (one round trip): an `INSERT … SELECT` to use
 * as a CTE, one event per row of `from` (another CTE of that statement). The values are SQL over its columns.
 */
export function auditInsertFrom(
  from: SQLWrapper,
  event: {
    actorId: SQL;
    actorUsername: SQL;
    /** A constant, or an expression over `from` choosing one (of auditActionLiteral's; never from input). */
    action: AuditAction | SQL;
    entity: AuditEntity;
    entityId: SQL;
    before: SQL;
    after: SQL;
    address: SQL;
  },
): SQL {
  return sql`insert into ${auditEvents} (actor_id, actor_username, action, entity, entity_id, before, after, address)
    select ${event.actorId}, ${event.actorUsername},
      ${typeof event.action === 'string' ? sql.raw(quoted(event.action)) : event.action}, ${sql.raw(quoted(event.entity))},
      ${event.entityId}, ${event.before}, ${event.after}, ${event.address}
    from ${from}`;
}

/** A listed action as an SQL literal, for an event whose action an SQL expression chooses (auditInsertFrom). */
export const auditActionLiteral = (action: AuditAction): SQL => sql.raw(quoted(action));

/** A constant name as an SQL literal (action and entity names are dotted words). */
function quoted(name: string): string {
  if (!/^[a-z_.]+$/.test(name)) throw new Error(`Not an audit name: ${name}`);
  return `'${name}'`;
}

/** A row with its keys as the API names them ('locationId' → 'location_id'), for before/after. */
export function asAuditRecord(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`), value]),
  );
}

/** `<entity>.create` of a new record, shown in the trail by `toRecord` (by default its keys as the API names them). */
export async function recordCreate<T extends { id: string | number }>(
  db: Db,
  context: AuditContext,
  entity: AuditEntityWith<'create'>,
  created: T,
  toRecord: (row: T) => unknown = asAuditRecord,
): Promise<void> {
  await recordAudit(db, context, {
    action: `${entity}.create`,
    entity,
    entityId: created.id,
    after: toRecord(created),
  });
}

/** `<entity>.update` of record `id`: its values before and after the change, shown as in recordCreate. */
export async function recordUpdate<T extends object>(
  db: Db,
  context: AuditContext,
  entity: AuditEntityWith<'update'>,
  id: string | number,
  change: { before: T; after: T },
  toRecord: (row: T) => unknown = asAuditRecord,
): Promise<void> {
  await recordAudit(db, context, {
    action: `${entity}.update`,
    entity,
    entityId: id,
    before: toRecord(change.before),
    after: toRecord(change.after),
  });
}

/** `<entity>.delete` of record `id`: the record as it was, with its keys as the API names them. */
export async function recordDelete(
  db: Db,
  context: AuditContext,
  entity: AuditEntityWith<'delete'>,
  id: string | number,
  deleted: object,
): Promise<void> {
  await recordAudit(db, context, { action: `${entity}.delete`, entity, entityId: id, before: asAuditRecord(deleted) });
}

/**
 * `<entity>.archive` of record `archived` (docs/PRODUCT.md "Archiving"): kept, with `changes` (archived_at, …), instead
 * of deleted; the trail shows the record before and after, with its keys as the API names them.
 */
export async function recordArchive(
  db: Db,
  context: AuditContext,
  entity: AuditEntityWith<'archive'>,
  id: string,
  archived: object,
  changes: Record<string, unknown>,
): Promise<void> {
  const before = asAuditRecord(archived);
  await recordAudit(db, context, {
    action: `${entity}.archive`,
    entity,
    entityId: id,
    before,
    after: { ...before, ...changes },
  });
}

/**
 * An event as listed: every column, `at` in UTC to the microsecond ('YYYY-MM-DDTHH:MM:SS.ffffffZ'), as the cursor
 * needs it.
 */
const listedColumns = { ...getTableColumns(auditEvents), at: exactUtc(auditEvents.at) };
export type AuditEventRow = RowOf<typeof listedColumns>;

export interface AuditEventPage {
  rows: AuditEventRow[];
  /** The cursor of the events after this page; undefined on the last page. */
  nextCursor: string | undefined;
}

/**
 * GET /audit-events: newest first, filtered, one page past the cursor. Each filter has its index (actor, action,
 * entity; time for the rest, docs/SECURITY.md); a username is compared as logins are unique: case-insensitively.
 * Dates are business days in `timeZone`, both inclusive.
 */
export async function listAuditEvents(db: Db, query: AuditEventListQuery, timeZone: string): Promise<AuditEventPage> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const conditions: (SQL | undefined)[] = [
    query.user?.id ? eq(auditEvents.actorId, query.user.id) : undefined,
    query.user?.username ? sql`lower(${auditEvents.actorUsername}) = lower(${query.user.username})` : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
    query.entity_id ? eq(auditEvents.entityId, query.entity_id) : undefined,
    query.date_from ? gte(auditEvents.at, startOfDay(query.date_from, timeZone)) : undefined,
    query.date_to ? lt(auditEvents.at, startOfDay(addDays(query.date_to, 1), timeZone)) : undefined,
    query.cursor
      ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${query.cursor.at}::timestamptz, ${query.cursor.id}::bigint)`
      : undefined,
  ];
  const rows = await db
    .select(listedColumns)
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    // One row more than the page tells whether another page follows.
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => ({ ...row, id: Number(row.id) }));
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeAuditCursor({ at: last.at, id: last.id }) : undefined,
  };
}
