import * as v from 'valibot';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../audit-actions';
import { calendarDate, optionalParam, pageCursor, pageLimit } from './common';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '../keyset-cursor';
import { safeText } from './text';
import { isUuid } from '../uuid';

/**
 * GET /api/audit-events (super admin only, docs/SECURITY.md "Audit trail"): filters and keyset paging, newest
 * first. A parameter sent empty (`action=`) counts as absent, as an unset filter does.
 */

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_CURSOR_INVALID = 'cursor is not a valid page cursor: load the list again from the first page';

/** The page cursor: the last event's time and its integer id (keyset-cursor.ts). */
export type AuditCursor = KeysetCursor<number>;

export const encodeAuditCursor = (cursor: AuditCursor): string => encodeKeysetCursor(cursor);

export const decodeAuditCursor = (text: string): AuditCursor | undefined =>
  decodeKeysetCursor(text, (id) =>
    /^[1-9]\d{0,15}$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : undefined,
  );

export const AuditEventListQuerySchema = v.pipe(
  v.object({
    /** A login's id (uuid) or username (any case). */
    user: optionalParam(
      v.pipe(
        v.string(),
        v.maxLength(100, 'user must be at most 100 characters'),
        safeText('user'),
        v.transform((text): { id?: string; username?: string } =>
          isUuid(text) ? { id: text.toLowerCase() } : { username: text },
        ),
      ),
    ),
    /** Exactly the actions the server records (audit-actions.ts). */
    action: optionalParam(v.picklist(AUDIT_ACTIONS, 'action must be a recorded action such as hotel.update')),
    entity: optionalParam(v.picklist(AUDIT_ENTITIES, 'entity must be a recorded record kind such as hotel')),
    entity_id: optionalParam(
      v.pipe(
        v.string(),
        v.maxLength(100, 'entity_id must be at most 100 characters'),
        v.regex(/^[A-Za-z0-9_-]+$/, 'entity_id must be a record id'),
      ),
    ),
    date_from: optionalParam(calendarDate('date_from')),
    date_to: optionalParam(calendarDate('date_to')),
    limit: optionalParam(pageLimit(AUDIT_PAGE_MAX)),
    /** X-Next-Cursor of the previous page: the events before it. */
    cursor: optionalParam(pageCursor(decodeAuditCursor, AUDIT_CURSOR_INVALID)),
  }),
  v.check((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, 'Date From must not be after Date To'),
  v.check((q) => !q.entity_id || Boolean(q.entity), 'entity_id needs entity'),
);
export type AuditEventListQuery = v.InferOutput<typeof AuditEventListQuerySchema>;
