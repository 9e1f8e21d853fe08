import { isCalendarDate } from './dates';
import { isUuid } from './uuid';

/**
 * A newest-first page cursor (X-Next-Cursor, then `?cursor=`): the last row's time, to the microsecond as
 * PostgreSQL stores it, and its id, in base64url. Clients pass it back as is; only the server reads it.
 * Customer Scans (uuid ids) and the audit trail (integer ids) both page with it.
 */
export interface KeysetCursor<Id> {
  /** 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (UTC). */
  at: string;
  id: Id;
}

const AT = /^(([1-9]\d{3}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z) (\S+)$/;

export function encodeKeysetCursor(cursor: KeysetCursor<string | number>): string {
  return btoa(`${cursor.at} ${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor in `text` whose id `readId` accepts, or undefined when it is not one this server made. */
export function decodeKeysetCursor<Id>(
  text: string,
  readId: (id: string) => Id | undefined,
): KeysetCursor<Id> | undefined {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(text)) return undefined;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = AT.exec(plain);
  if (!match || !isCalendarDate(match[2]!)) return undefined;
  const id = readId(match[4]!);
  return id === undefined ? undefined : { at: match[1]!, id };
}

/** A cursor whose rows have uuid ids (Customer Scans, "Needs attention"). */
export const decodeUuidKeysetCursor = (text: string): KeysetCursor<string> | undefined =>
  decodeKeysetCursor(text, (id) => (isUuid(id) ? id : undefined));
