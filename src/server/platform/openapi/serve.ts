import type { Context } from 'hono';
import { etag } from 'hono/etag';
import type { RouterRoute } from 'hono/types';
import type * as v from 'valibot';
import { answers, answersEmpty } from './describe';
import { openApiDocument } from './document';
import { OpenApiAnswer } from './shapes';

/**
 * GET /api/openapi.json (public): the document of every route, made on the first request from `routes()` (the whole
 * app's, which are all registered by then) and kept for the life of the process: the routes never change while it
 * runs. Answered with `c.json`, so the web's typed client reads it as JSON; cacheable for five minutes, then
 * revalidated by its ETag (a 304 costs the writing and hashing, about a millisecond, not the making).
 */
export function openApiHandlers(routes: () => readonly RouterRoute[]) {
  let document: v.InferOutput<typeof OpenApiAnswer> | undefined;
  return [
    answers(OpenApiAnswer, { description: 'This document (OpenAPI 3.1)' }),
    answersEmpty(304, 'The copy named by If-None-Match is current'),
    etag(),
    (c: Context) => {
      document ??= openApiDocument(routes());
      return c.json(document, 200, { 'Cache-Control': 'public, max-age=300' });
    },
  ] as const;
}
