import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../../db/client';

/** An error a service throws on purpose: its status and `detail` go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** Extra fields of the answer beside `detail`, e.g. the `offer_id` a refused scan submission names. */
    readonly fields?: Record<string, string | number | boolean | null>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new AppError(403, detail);
export const notFound = (detail = 'Not found') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);

/** The PostgreSQL error (its SQLSTATE and message) an error is or wraps, looking through Drizzle's wrapper. */
export function pgError(error: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, message: typeof message === 'string' ? message : '' };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL error code of an error, looking through Drizzle's wrapper. */
export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code;

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';

/**
 * Runs `work`; when it fails on the constraint `violated` tells (isUniqueViolation: a name taken meanwhile;
 * isForeignKeyViolation: a record referred to meanwhile), answers 409 `detail` instead. Other errors pass on.
 */
export async function conflictOn<T>(
  violated: (error: unknown) => boolean,
  detail: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violated(error)) throw conflict(detail);
    throw error;
  }
}

/** `work` in a transaction of `db`, with conflictOn's 409: the usual shape of a write that can clash. */
export const transactionOr409 = <T>(
  db: Db,
  violated: (error: unknown) => boolean,
  detail: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> => conflictOn(violated, detail, () => db.transaction(work));

/** What every API call answers while the database cannot be reached (docs/OPERATING.md). */
export { SERVICE_UNAVAILABLE } from '../../../shared/constants';

// Node socket errors and PostgreSQL codes that mean "no usable connection", not "this query is wrong":
// class 08 connection exceptions, 57P01-57P03 (server shutting down or starting), 57014 (statement timeout),
// 53300 (too many connections), 25P03 (idle-in-transaction timeout).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '25P03',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/** True when the error (or one it wraps) says the database is unreachable: the request answers 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [error];
  while (stack.length) {
    const e = stack.pop();
    if (!e || typeof e !== 'object' || seen.has(e) || seen.size > 8) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    // A failed query's own message carries its parameters (user input): only its cause's message counts.
    if (typeof message === 'string' && !(e instanceof DrizzleQueryError) && UNAVAILABLE_MESSAGES.test(message))
      return true;
    stack.push(cause);
    if (Array.isArray(errors)) stack.push(...(errors as unknown[])); // AggregateError from a connect to several addresses
  }
  return false;
}
