import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../lib/errors';

/**
 * The API's limit on a request body. A body with a Content-Length is judged by that header alone (Node's parser never
 * reads past it), so the body stays unread until the handler reads it: @hono/node-server then reads it straight from
 * the socket. Hono's bodyLimit asks for the request's body as a web stream first, which builds a whole Fetch Request
 * around every request, GET included: about a tenth of the server's CPU for a redemption. A streamed body (chunked,
 * no length) is counted by Hono's bodyLimit as before.
 */
export function apiBodyLimit(maxSize: number, onError: () => never): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return (c, next) => {
    const method = c.req.method;
    // A GET or HEAD has no body here (Hono's own check: `c.req.raw.body` is null for them).
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (parseInt(length, 10) > maxSize) onError();
      return next();
    }
    return counted(c, next);
  };
}

export const tooLarge = (): never => {
  throw new AppError(413, 'File too large (maximum 5 MB)');
};
