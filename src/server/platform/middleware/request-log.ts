import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { Context } from 'hono';
import type { AuthUser } from '../context';
import { isDatabaseUnavailable } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { setAnswerHeader } from './answer-header';

type LogEnv = {
  Variables: { requestId: string; logger: Logger; user: AuthUser | undefined; loggedAs: LoggedAs | undefined };
};

/** The id requestLog gave this request (for error lines). */
export const requestIdOf = (c: Context): string | undefined => (c as Context<LogEnv>).get('requestId');

/**
 * Logs what goes wrong after the handler has answered (a streamed download that fails half way, when the status is
 * already sent): a line with this request's id and route, as errorHandler's.
 */
export function logAfterAnswer(c: Context, error: unknown, message: string): void {
  const logger = (c as Context<LogEnv>).get('logger');
  logger?.[isDatabaseUnavailable(error) ? 'warn' : 'error'](
    { reqId: requestIdOf(c), method: c.req.method, route: loggedRouteOf(c), err: error },
    message,
  );
}

/** What a request's log lines name when a middleware answers for a route before it runs. */
interface LoggedAs {
  route: string;
  /** The caller it checked itself (no signed-in user was loaded). */
  userId?: string;
}

/**
 * Names the route (and the caller) of this request's log lines when a middleware answers for the route before it
 * runs (areas/merchant-area/counter-fast-path.ts): otherwise they would name the middleware's pattern and no caller.
 */
export const logRequestAs = (c: Context, as: LoggedAs): void => (c as Context<LogEnv>).set('loggedAs', as);

/** The route pattern a log line names: the matched route's (never the raw URL), or the one logRequestAs set. */
export const loggedRouteOf = (c: Context): string | undefined =>
  (c as Context<LogEnv>).get('loggedAs')?.route ?? (routePath(c) || undefined);

/** An id a load balancer sent us is kept when it is short and plain; anything else gets a fresh one. */
const SAFE_ID = /^[\w.:=-]{1,100}$/;

/**
 * One JSON line per request (docs/OPERATING.md, "Logs"): request id (also sent back as X-Request-Id), method,
 * the matched route pattern (never the raw URL, which can carry ids and search text), status, duration, user id.
 * Written at `level` (Config.requestLogLevel: debug in development, so they stay out of the terminal).
 */
export function requestLog(logger: Logger, readiness: { stopping?: boolean }, level: 'info' | 'debug' = 'info') {
  return createMiddleware<LogEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('logger', logger);
    const started = performance.now();
    await next();
    setAnswerHeader(c, 'X-Request-Id', requestId);
    // While shutting down, clients are told not to reuse this connection (docs/OPERATING.md, "Shutdown").
    if (readiness.stopping) setAnswerHeader(c, 'Connection', 'close');
    // A healthy health check is logged at debug: a load balancer asks every few seconds (docs/OPERATING.md).
    const quiet = c.req.path === '/api/health' && c.res.status === 200;
    logger[quiet ? 'debug' : level](
      {
        reqId: requestId,
        method: c.req.method,
        route: loggedRouteOf(c),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get('user')?.id ?? c.get('loggedAs')?.userId,
      },
      'request',
    );
  });
}
