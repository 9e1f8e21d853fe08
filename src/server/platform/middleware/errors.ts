import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  AppError,
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isUniqueViolation,
  SERVICE_UNAVAILABLE,
} from '../lib/errors';
import type { Logger } from '../lib/logger';
import { loggedRouteOf, requestIdOf } from './request-log';

/**
 * Every error leaves the server as JSON {"detail": "..."} (docs/DEVELOPING.md "API conventions"). A lost database is
 * 503 with a plain message, never 500 (docs/OPERATING.md); unexpected errors are logged by type and cleaned message
 * only.
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof AppError)
      return c.json({ ...error.fields, detail: error.detail }, error.status, error.headers);
    if (error instanceof HTTPException) {
      const status = error.status;
      const detail = error.message || (status === 413 ? 'Request body is too large' : 'Request failed');
      return c.json({ detail }, status);
    }
    // A broken multipart body (no boundary, cut short) on an upload: the client's fault, not ours.
    if (error instanceof TypeError && /Failed to parse body as FormData/i.test(error.message)) {
      return c.json({ detail: 'The upload must be multipart/form-data with the file in the field "file"' }, 400);
    }
    if (isUniqueViolation(error)) return c.json({ detail: 'This record already exists' }, 409);
    if (isForeignKeyViolation(error)) return c.json({ detail: 'This record is referenced by other data' }, 409);
    const where = { reqId: requestIdOf(c), method: c.req.method, route: loggedRouteOf(c) };
    if (isDatabaseUnavailable(error)) {
      logger.warn({ ...where, err: error }, 'database unavailable');
      c.header('Retry-After', '5');
      return c.json({ detail: SERVICE_UNAVAILABLE }, 503);
    }
    logger.error({ ...where, err: error }, 'unhandled error');
    return c.json({ detail: 'Internal server error' }, 500);
  };
}

export const apiNotFound = (c: Context) => c.json({ detail: `Not found: ${c.req.method} ${c.req.path}` }, 404);
