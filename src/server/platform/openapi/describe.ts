import type { ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
import type * as v from 'valibot';
import type { Permission } from '../../../shared/permissions';
import type { AppEnv } from '../context';

/**
 * What a route's handlers say about it, for the API description (docs/DEVELOPING.md "API conventions"). The role
 * check (`requireRole`) and the validators (`validate`) carry their permission and schema as metadata on the
 * middleware function itself, so the description reads what actually runs; the answers, which no middleware checks,
 * are stated with the no-op markers below. `openapi/routes.ts` reads them back from `app.routes`.
 */
export const ROUTE_META = Symbol('stayperks.routeMeta');

/** The parts of a request a route checks, as `validate(target, schema)` names them. */
export type RequestTarget = keyof ValidationTargets;

export interface AnswerOptions {
  /** 200 unless said. */
  status?: number;
  /** What the answer is, in a few words; a JSON answer defaults to its shape's name. */
  description?: string;
  /** Response headers the answer sends, with what each holds (X-Next-Cursor...). */
  headers?: Record<string, string>;
}

export type RouteMeta =
  | { kind: 'role'; permission: Permission }
  | { kind: 'validate'; target: RequestTarget; schema: v.GenericSchema }
  | { kind: 'header'; name: string; schema: v.GenericSchema; description: string }
  | { kind: 'upload'; field: string; mediaTypes: readonly string[] }
  | ({ kind: 'answer'; status: number } & (
      { body: 'json'; schema: v.GenericSchema } | { body: 'file'; mediaTypes: readonly string[] } | { body: 'none' }
    ) &
      Omit<AnswerOptions, 'status'>);

type Described = { [ROUTE_META]?: readonly RouteMeta[] };

/** Adds metadata to a handler and gives the same function back, its type unchanged (so Hono's inference is too). */
export function describeHandler<F extends (...args: never[]) => unknown>(handler: F, ...meta: RouteMeta[]): F {
  const own = (handler as Described)[ROUTE_META] ?? [];
  Object.defineProperty(handler, ROUTE_META, { value: [...own, ...meta], configurable: true });
  return handler;
}

/** The metadata of a handler as Hono stores it (a sub-app's handler may be wrapped, see Hono's `route()`). */
export function handlerMeta(handler: unknown): readonly RouteMeta[] {
  type Wrapped = Described & { __COMPOSED_HANDLER?: Wrapped };
  let fn = handler as Wrapped | undefined;
  while (fn && !fn[ROUTE_META] && fn.__COMPOSED_HANDLER) fn = fn.__COMPOSED_HANDLER;
  return fn?.[ROUTE_META] ?? [];
}

/** A middleware that does nothing but carry `meta`: a route's answers are stated where the route is written. */
const marker = (...meta: RouteMeta[]) =>
  describeHandler(
    createMiddleware<AppEnv>(async (_c, next) => {
      await next();
    }),
    ...meta,
  );

/** The route answers JSON of this shape (a response schema beside its presenter), with `status` (200). */
export const answers = (schema: v.GenericSchema, options: AnswerOptions = {}) =>
  marker({ kind: 'answer', body: 'json', schema, ...options, status: options.status ?? 200 });

/** The route answers a file of one of these media types (CSV exports, PDFs, images). */
export const answersFile = (mediaTypes: string | readonly string[], options: AnswerOptions = {}) =>
  marker({
    kind: 'answer',
    body: 'file',
    mediaTypes: typeof mediaTypes === 'string' ? [mediaTypes] : mediaTypes,
    ...options,
    status: options.status ?? 200,
  });

/** A CSV export (platform/lib/csv.ts `csvResponse`): an attachment, UTF-8 with a byte-order mark. */
export const answersCsv = (description = 'CSV file (an attachment)') => answersFile('text/csv', { description });

/** The route may answer `status` without a body (304 Not Modified). */
export const answersEmpty = (status: number, description: string) =>
  marker({ kind: 'answer', body: 'none', status, description });

/** A request header the handler reads and checks itself (not through `validate`). */
export const readsHeader = (name: string, schema: v.GenericSchema, description: string) =>
  marker({ kind: 'header', name, schema, description });

/**
 * The names of the answers' shapes, for the document's components: `named('Location', v.strictObject(...))` beside
 * its presenter. A shape used inside another (a coupon in a scan) is then written once in the document too.
 */
const names = new Map<v.GenericSchema, string>();

export function named<T extends v.GenericSchema>(name: string, schema: T): T {
  for (const [known, knownName] of names) {
    if (knownName === name && known !== schema) throw new Error(`Two answer shapes are named ${name}`);
  }
  names.set(schema, name);
  return schema;
}

/** Every named shape, by name. */
export function namedShapes(): Record<string, v.GenericSchema> {
  return Object.fromEntries([...names].map(([schema, name]) => [name, schema]));
}

/** The name of a shape given to `named`, if any. */
export const shapeName = (schema: v.GenericSchema): string | undefined => names.get(schema);
