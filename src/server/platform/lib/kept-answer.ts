import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, TypedResponse } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { etagMatches } from './etag';

/**
 * A JSON answer made once and kept, with its gzip and Brotli bytes made on first use (docs/DATA.md "Review version",
 * "Catalogue version"): large back-office answers whose figures change far less often than they are viewed (Hotel
 * Details, the monthly revenue report). Writing and compressing them cost more than reading their figures.
 */
export interface KeptAnswer {
  etag: string;
  /** The JSON as UTF-8 bytes. */
  json: Uint8Array;
  /** Compressed once, when first asked for, off the event loop (zlib's threads): 40 and 75 ms for 3.4 MB. */
  gzip(): Promise<Uint8Array>;
  brotli(): Promise<Uint8Array>;
}

const gzipBytes = promisify(gzip);
const brotliBytes = promisify(brotliCompress);

export function keptAnswer(value: unknown, etag: string): KeptAnswer {
  const json = Buffer.from(JSON.stringify(value));
  let gzipped: Promise<Uint8Array> | undefined;
  let brotli: Promise<Uint8Array> | undefined;
  return {
    etag,
    json,
    gzip: () => (gzipped ??= gzipBytes(json)),
    // Quality 4: Hotel Details at 10,000 hotels 317 KB in 75 ms (gzip: 403 KB, 41 ms); 5 to 9 save under 1 % in 2 to
    // 11 times as long, 11 (the default) 17 % in 25 s.
    brotli: () =>
      (brotli ??= brotliBytes(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })),
  };
}

/**
 * Answers kept under a version read from the database on every request (so a change committed through any server is
 * seen at once): only the newest version's answers are kept, at most `maxEntries` of them (insertion order is
 * recency order); requests that miss together share one read, and a failed read is not kept.
 */
export function keptAnswers(maxEntries: number) {
  const cache = new Map<string, Promise<KeptAnswer>>();
  let newest = '';
  return (version: string, key: string, make: () => Promise<KeptAnswer>): Promise<KeptAnswer> => {
    const full = `${version}|${key}`;
    const hit = cache.get(full);
    if (hit) {
      cache.delete(full);
      cache.set(full, hit);
      return hit;
    }
    // Every entry was made from figures read after its version was, so it is never older than its key; a late reader
    // of an older version starts the cache again.
    if (version !== newest) {
      cache.clear();
      newest = version;
    }
    const made = make();
    cache.set(full, made);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    made.catch(() => cache.get(full) === made && cache.delete(full));
    return made;
  };
}

/** Brotli, else gzip, else none: the client's highest weight above 0 (its own entry's, else the wildcard's). */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepts = parseAccept(acceptEncoding ?? '');
  const weight = (name: string) =>
    (accepts.find((a) => a.type.toLowerCase() === name) ?? accepts.find((a) => a.type === '*'))?.q ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/**
 * The kept answer sent: its ETag, private revalidation (no-cache: a browser asks each time and gets 304 while its copy
 * is current; private: only the signed-in caller may keep it), then 304 or the bytes of the encoding the client takes
 * best. Typed as the JSON answer it is (`T`), so the route table (src/server/platform/app.ts `ApiSchema`) holds its
 * type.
 */
export async function sendKeptAnswer<T>(c: Context, answer: KeptAnswer) {
  c.header('ETag', answer.etag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization, Accept-Encoding');
  if (etagMatches(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  const encoding = encodingFor(c.req.header('Accept-Encoding'));
  if (encoding) c.header('Content-Encoding', encoding);
  const body = encoding === 'br' ? await answer.brotli() : encoding === 'gzip' ? await answer.gzip() : answer.json;
  return c.body(body as Uint8Array<ArrayBuffer>) as Response as Response & TypedResponse<T, 200, 'json'>;
}
