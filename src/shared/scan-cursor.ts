import { decodeUuidKeysetCursor, encodeKeysetCursor, type KeysetCursor } from './keyset-cursor';

/** The Customer Scans page cursor: the last row's scan_date and its uuid (keyset-cursor.ts). */
export type ScanCursor = KeysetCursor<string>;

export const encodeScanCursor = (cursor: ScanCursor): string => encodeKeysetCursor(cursor);

export const decodeScanCursor = (text: string): ScanCursor | undefined => decodeUuidKeysetCursor(text);
