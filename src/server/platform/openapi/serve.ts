import type { Context } from 'hono';
import { etag } from 'hono/etag';
import type { RouterRoute } from 'hono/types';
import { answers, answersEmpty } from './describe';
import { openApiDocument } from './document';
import { OpenApiAnswer } from './shapes';

/**
 * GET /api/openapi.json (public): the document of every route, made on the first request from `routes()` (the whole
 * app's, which are all registered by then) and kept for the life of the process: the routes never change while it
 * runs. Cacheable for five minutes, then revalidated by its ETag.
 */
export function openApiHandlers(routes: () => readonly RouterRoute[]) {
  let json: string | undefined;
  return [
    answers(OpenApiAnswer, { description: 'This document (OpenAPI 3.1)' }),
    answersEmpty(304, 'The copy named by If-None-Match is current'),
    etag(),
    (c: Context) => {
      json ??= JSON.stringify(openApiDocument(routes()));
      return c.body(json, 200, {
        'Content-Type': 'application/json; charset=UTF-8',
        'Cache-Control': 'public, max-age=300',
      });
    },
  ] as const;
}
