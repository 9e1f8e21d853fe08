import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { Readable, pipeline } from 'node:stream';

/**
 * CSV exports of the back office's tables (docs/DEVELOPING.md "CSV exports"): UTF-8 with a byte-order mark (so Excel
 * reads it as UTF-8), a header row, CRLF line ends, streamed to the response a batch of rows at a time with
 * backpressure, so a million rows never sit in memory.
 */

/** A cell: text, a plain number (amounts, counts), or empty. */
export type CsvCell = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => CsvCell;
}

/**
 * A spreadsheet runs a cell that begins with = + - @ (or a tab or carriage return before one) as a formula; a leading
 * apostrophe makes it text (OWASP "CSV Injection"). Numbers are written as numbers and never changed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Chunks handed to the response at once: one socket write per ~64 KB instead of one per line. */
const CHUNK_BYTES = 64 * 1024;

/**
 * `rows` as CSV. The rows are pulled only as fast as the client reads: the response asks for a chunk, the chunk asks
 * csv-stringify, csv-stringify asks the row source (a database batch when its buffer is empty). A client that goes
 * away cancels the stream, which ends the row source (its `finally` blocks run).
 */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): ReadableStream<Uint8Array> {
  async function* records() {
    for await (const row of rows) yield columns.map((column) => column.cell(row) ?? null);
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
    cast: { string: neutraliseFormula },
  });
  // pipeline: an error on either side (a failed query) destroys both, and the response fails instead of ending short.
  pipeline(Readable.from(records()), csv, () => {});
  const chunks = csv[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const parts: Buffer[] = [];
      let size = 0;
      while (size < CHUNK_BYTES) {
        const next = await chunks.next();
        if (next.done) break;
        const part = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        parts.push(part);
        size += part.length;
      }
      if (size > 0) controller.enqueue(new Uint8Array(Buffer.concat(parts, size)));
      if (size < CHUNK_BYTES) controller.close();
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/** The download: text/csv with the file name, never cached. */
export function csvResponse<T>(
  c: Context,
  fileName: string,
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Response {
  return c.body(csvStream(columns, rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'private, no-store',
  });
}

/** "<name>_<from>_to_<to>.csv"; an open start reads "all", an open end is `today`. */
export const rangeFileName = (name: string, from: string | undefined, to: string | undefined, today: string): string =>
  `${name}_${from ?? 'all'}_to_${to ?? today}.csv`;

/**
 * Rows read in keyset batches: `page(after)` answers a batch and the cursor of the next one (undefined after the
 * last), so only one batch is held at a time.
 */
export async function* keysetBatches<T, C>(
  page: (after: C | undefined) => Promise<{ rows: T[]; next: C | undefined }>,
): AsyncGenerator<T> {
  let after: C | undefined;
  do {
    const batch = await page(after);
    yield* batch.rows;
    after = batch.next;
  } while (after !== undefined);
}

/**
 * Dates as the screens show them (src/shared/format.ts), written by PostgreSQL: formatting a million timestamps
 * with Intl in Node costs far more than the query. 'Mon' is always English (only the TM prefix translates it).
 */
export const shownDateTime = (column: SQL, timeZone: string): SQL =>
  sql`to_char(${column} at time zone ${timeZone}, 'FMDD Mon YYYY, HH24:MI')`;
export const shownDate = (column: SQL): SQL => sql`to_char(${column}, 'FMDD Mon YYYY')`;
