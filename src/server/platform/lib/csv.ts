import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createGzip } from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { Context, TypedResponse } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { logAfterAnswer } from '../middleware/request-log';

/**
 * CSV exports of the back office's tables (docs/DEVELOPING.md "CSV exports and charts"): UTF-8 with a byte-order
 * mark (so Excel reads it as UTF-8), a header row, CRLF line ends, streamed to the response a batch of rows at a
 * time with backpressure, so a million rows never sit in memory.
 */

/** A cell: text, a plain number (amounts, counts), or empty. */
export type CsvCell = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => CsvCell;
}

/**
 * Batches of rows as CSV, one chunk of the response per batch. A batch is read only when the response asks for the
 * next chunk, that is when the client has taken the previous one (backpressure): at most a batch or two are held,
 * whatever the number of rows. A client that goes away cancels the stream, which ends the batch source (its
 * `finally` blocks run). Each batch is written by csv-stringify's synchronous API: per record, the stream API's
 * machinery cost more than the writing.
 */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]> | Iterable<T[]>,
  onFailure: (error: unknown) => void = () => {},
): ReadableStream<Uint8Array> {
  const source = Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]();
  const headers = columns.map((column) => column.header);
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<T[]>;
      try {
        next = await source.next();
      } catch (error) {
        onFailure(error);
        throw error;
      }
      // The header row (with the byte-order mark) goes with the first batch, or alone when there is none.
      if (next.done && !first) return controller.close();
      const records = next.done ? [] : next.value.map((row) => columns.map((column) => column.cell(row) ?? null));
      const text = stringify(records, {
        bom: first,
        header: first,
        columns: headers,
        record_delimiter: 'windows',
        // A cell that begins with = + - @ (or a tab or carriage return) would run as a formula in a spreadsheet:
        // csv-stringify prefixes an apostrophe, which makes it text (OWASP "CSV Injection"); numbers stay numbers.
        escape_formulas: true,
      });
      first = false;
      controller.enqueue(encoder.encode(text));
      if (next.done) controller.close();
    },
    async cancel() {
      await source.return?.();
    },
  });
}

/**
 * The download: text/csv with the file name, never cached; gzipped here, at zlib's fastest level, for a client that
 * takes gzip. A CSV shrinks about sevenfold even so, and the app-wide compress middleware (CompressionStream at the
 * default level) spent more CPU on a million-scan file than reading it from the database did (README Performance).
 */
export function csvResponse<T>(
  c: Context,
  fileName: string,
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]> | Iterable<T[]>,
): Response & TypedResponse<ReadableStream<Uint8Array>, 200, 'body'> {
  // Once the first bytes are out a failure cannot be a 503: the client sees the transfer cut off, the log says why.
  const csv = csvStream(columns, batches, (error) => logAfterAnswer(c, error, 'export cut off'));
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  return c.body(gzip ? gzipped(csv) : csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'private, no-store',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
}

/**
 * Accept-Encoding gives gzip a weight above 0: its own entry's, else the wildcard's (as Hono's compress middleware
 * reads it, with Hono's parser).
 */
export function acceptsGzip(header: string | undefined): boolean {
  const accepts = parseAccept(header ?? '');
  const entry = accepts.find((a) => a.type.toLowerCase() === 'gzip') ?? accepts.find((a) => a.type === '*');
  return (entry?.q ?? 0) > 0;
}

/**
 * The stream through node's gzip; a client that goes away destroys the pipeline, which cancels the CSV stream. The
 * pipeline's own error is not logged: a failed batch is logged where it fails (csvStream), a client leaving is no error.
 */
function gzipped(csv: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const source = Readable.fromWeb(csv as NodeReadableStream<Uint8Array>);
  const compressed = pipeline(source, createGzip({ level: constants.Z_BEST_SPEED }), () => {});
  return Readable.toWeb(compressed) as ReadableStream<Uint8Array>;
}

/** "<name>_<from>_to_<to>.csv"; an open start reads "all", an open end is `today`. */
export const rangeFileName = (name: string, from: string | undefined, to: string | undefined, today: string): string =>
  `${name}_${from ?? 'all'}_to_${to ?? today}.csv`;

/** The next keyset cursor after a batch of at most `size` rows: `key` of its last row when it is full, else none. */
export function cursorAfterFull<T, C>(rows: T[], size: number, key: (last: T) => C): C | undefined {
  const last = rows[rows.length - 1];
  return rows.length === size && last ? key(last) : undefined;
}

/**
 * Rows read in keyset batches: `page(after)` answers a batch and the cursor of the next one (undefined after the
 * last). The next batch is asked for as soon as its cursor is known, so the database reads it while this one is
 * written out (two processes at work, not one after the other); at most two batches are held at a time.
 */
export async function* keysetBatches<T, C>(
  page: (after: C | undefined) => Promise<{ rows: T[]; next: C | undefined }>,
): AsyncGenerator<T[]> {
  let pending: Promise<{ rows: T[]; next: C | undefined }> | undefined = page(undefined);
  try {
    while (pending) {
      const batch: { rows: T[]; next: C | undefined } = await pending;
      pending = batch.next === undefined ? undefined : page(batch.next);
      if (batch.rows.length) yield batch.rows;
    }
  } finally {
    // Stopped early (the client went away): the batch asked for ahead is not wanted, nor its failure.
    pending?.catch(() => {});
  }
}

/**
 * Dates as the screens show them (src/shared/format.ts), written by PostgreSQL: formatting a million timestamps
 * with Intl in Node costs far more than the query. 'Mon' is always English (only the TM prefix translates it).
 */
export const shownDateTime = (column: SQL, timeZone: string): SQL =>
  sql`to_char(${column} at time zone ${timeZone}, 'FMDD Mon YYYY, HH24:MI')`;
export const shownDate = (column: SQL): SQL => sql`to_char(${column}, 'FMDD Mon YYYY')`;
