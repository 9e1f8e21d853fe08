import type { MiddlewareHandler } from 'hono';

/**
 * Sets a header on the answer a handler already made, for middleware that adds one after `next()`. Hono's
 * `c.header` does that by copying the answer into a new Response with a streamed body, so @hono/node-server can no
 * longer write it in one piece: on a small JSON answer that copy was about a twentieth of the server's CPU. The
 * answer's own headers are changed in place instead; an answer whose headers cannot change (one made by `fetch`,
 * or `Response.redirect`) still goes through `c.header`.
 */
export function setAnswerHeader(
  c: { res: Response; header(name: string, value: string): void },
  name: string,
  value: string,
): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Runs just inside Hono's compress() and adds its `Vary: Accept-Encoding` in place (setAnswerHeader) to the answers
 * compress() would add it to itself by `c.header`: JSON without a length, not ranged, encoded, chunked, HEAD or
 * no-transform. compress() then finds it there and leaves the answer as it is; every other answer is left to it.
 */
export function varyOnEncoding(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (
      c.res.status === 206 ||
      c.req.method === 'HEAD' ||
      !headers.get('content-type')?.startsWith('application/json') ||
      headers.has('content-length') ||
      headers.has('content-encoding') ||
      headers.has('transfer-encoding') ||
      NO_TRANSFORM.test(headers.get('cache-control') ?? '')
    )
      return;
    const current = headers.get('vary');
    if (current === '*' || (current && VARY_ACCEPT_ENCODING.test(current))) return;
    setAnswerHeader(c, 'Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
  };
}
