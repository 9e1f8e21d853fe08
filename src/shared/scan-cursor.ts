import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from './keyset-cursor';

/** The Customer Scans page cursor: the last row's scan_date and its uuid (keyset-cursor.ts). */
export type ScanCursor = KeysetCursor<string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeScanCursor = (cursor: ScanCursor): string => encodeKeysetCursor(cursor);

export const decodeScanCursor = (text: string): ScanCursor | undefined =>
  decodeKeysetCursor(text, (id) => (UUID.test(id) ? id : undefined));
