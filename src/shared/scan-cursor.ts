import { isCalendarDate } from './dates';

/**
 * The Customer Scans page cursor (X-Next-Cursor, then `?cursor=`): the last row's scan_date, to the microsecond
 * as PostgreSQL stores it, and its id, in base64url. Clients pass it back as is; only the server reads it.
 */
export interface ScanCursor {
  /** 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (UTC). */
  at: string;
  id: string;
}

const CURSOR = /^(([1-9]\d{3}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z) ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeScanCursor(cursor: ScanCursor): string {
  return btoa(`${cursor.at} ${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor in `text`, or undefined when it is not one this server made. */
export function decodeScanCursor(text: string): ScanCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(text)) return undefined;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = CURSOR.exec(plain);
  if (!match || !isCalendarDate(match[2]!)) return undefined;
  return { at: match[1]!, id: match[4]! };
}
