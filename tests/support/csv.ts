/** Reading the CSV exports in tests: the raw bytes (to see the byte-order mark) and the cells (RFC 4180 quoting). */

export interface CsvFile {
  /** The file began with the UTF-8 byte-order mark EF BB BF. */
  bom: boolean;
  header: string[];
  rows: string[][];
  /** Content-Disposition's file name. */
  fileName: string | null;
}

/** Cells of a CSV text: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/** A CSV body read from its bytes (Response.text() would drop the byte-order mark). */
export function readCsvBytes(bytes: Uint8Array, contentDisposition: string | null): CsvFile {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
  const [header = [], ...rows] = parseCsv(text);
  const fileName = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? null;
  return { bom, header, rows, fileName };
}

/** The rows as objects keyed by the header. */
export const asRecords = (file: CsvFile): Record<string, string>[] =>
  file.rows.map((row) => Object.fromEntries(file.header.map((name, i) => [name, row[i] ?? ''])));
