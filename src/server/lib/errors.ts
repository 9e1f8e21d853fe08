import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error a service throws on purpose: its status and `detail` go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new AppError(403, detail);
export const notFound = (detail = 'Not found') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);

/** PostgreSQL error code of an error, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';
