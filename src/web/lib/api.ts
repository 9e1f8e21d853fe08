import ky, { HTTPError } from 'ky';
import type { ApiPath, ApiRoute, ApiSuccess, GuestAnswers } from '../../shared/api-types';
import { SERVICE_UNAVAILABLE } from '../../shared/constants';
import { getToken, handleUnauthorized } from './session';

/** An API failure with the server's `detail` (or a fallback), so screens can show it as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The offer a refused scan submission names (`{detail, offer_id}`, docs/PRODUCT.md "Scans"). */
    readonly offerId?: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  /** 0 = the request never reached the server (offline, DNS, connection reset). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_DETAIL = 'No connection. Check your internet and try again.';

const http = ky.create({
  prefixUrl: '/api',
  timeout: false, // docs/PRODUCT.md "Constants": no timeout on API calls
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [(request, _options, response) => answered?.(request, response)],
  },
});

/**
 * What the signed-in frame does with every answer (lib/token-refresh.ts: keeping a sliding session's fresh token,
 * docs/SECURITY.md "Sessions"), set by the frame so the guest's first page does not carry it.
 */
let answered: ((request: Request, response: Response) => void) | undefined;
export const onAnswer = (hook: (request: Request, response: Response) => void) => void (answered = hook);

/** Guest calls go without the token: a back-office user testing the scan page must see what a guest sees. */
const publicHttp = ky.create({ prefixUrl: '/api', timeout: false, retry: 0 });

/** One call: HTTP errors become ApiError with the server's detail, a failed connection ApiError(0). */
async function call(method: Method, path: string, options: CallOptions = {}, client = http): Promise<Response> {
  const { param, query, ...rest } = options;
  try {
    return await client(filledPath(path, param), { method, searchParams: query, ...rest });
  } catch (error) {
    if (error instanceof HTTPError) throw await toApiError(error);
    throw new ApiError(0, NETWORK_ERROR_DETAIL);
  }
}

/** A route's pattern with its parameters, each encoded, and without the leading '/': '/hotels/:id' → 'hotels/<id>'. */
export const filledPath = (path: string, param: Record<string, Value> = {}) =>
  path.slice(1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(param[name] ?? ''));

async function send(method: Method, path: string, options?: CallOptions, client = http): Promise<unknown> {
  const response = await call(method, path, options, client);
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? response.json() : response.blob();
}

/** A proxy or load balancer answering for a server that is down or starting says so in HTML, not in our JSON. */
const GATEWAY_STATUSES = [502, 503, 504];

async function toApiError(error: HTTPError): Promise<ApiError> {
  const { response, request } = error;
  let offerId: string | undefined;
  let detail = GATEWAY_STATUSES.includes(response.status)
    ? SERVICE_UNAVAILABLE
    : response.statusText || 'Request failed';
  try {
    const body = (await response.clone().json()) as { detail?: unknown; offer_id?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
    if (typeof body.offer_id === 'string') offerId = body.offer_id;
  } catch {
    // not JSON: keep the fallback above
  }
  if (response.status === 401 && request.headers.has('Authorization')) handleUnauthorized(request.url, detail);
  return new ApiError(response.status, detail, offerId);
}

/** Reads the response's X-Total-Count (and X-Next-Cursor, on lists paged by cursor) alongside the rows. */
async function sendWithTotal(path: string, options?: CallOptions) {
  const response = await call('GET', path, options);
  const nextCursor = response.headers.get('X-Next-Cursor') ?? undefined;
  return {
    rows: (await response.json()) as unknown,
    total: Number(response.headers.get('X-Total-Count') ?? 0),
    nextCursor,
  };
}

/*
 * The calls' types, from the server's route table (shared/api-types.ts `ApiSchema`; docs/DEVELOPING.md "Typed API
 * calls"): a call names a route's pattern and method, sends what the route's validators take, and answers what the
 * route answers. Types only: nothing of this reaches the bundle.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A method's key in the route table. */
export type Key<M extends Method> = `$${Lowercase<M>}`;
type Value = string | number;

/** What a call may carry: path parameters, query parameters, a JSON or multipart body, headers, a timeout. */
interface CallOptions {
  param?: Record<string, Value>;
  query?: Record<string, Value | undefined>;
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  timeout?: number;
}

/** Path and query values travel as text: a number is sent in digits. */
type AsText<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] | number : T[K] };
/** No key of T is required. */
type AllOptional<T> = Record<string, never> extends T ? true : false;
/** T with the keys whose values require nothing made optional. */
type Optional<T> = { [K in keyof T as AllOptional<T[K]> extends true ? never : K]: T[K] } & {
  [K in keyof T as AllOptional<T[K]> extends true ? K : never]?: T[K];
};

/** A route's input as a call sends it: path parameters, query and JSON body, as the route's validators take them. */
type Input<R> = [R] extends [{ input: infer I }]
  ? Optional<{ [K in keyof I & ('param' | 'query' | 'json')]: K extends 'json' ? I[K] : AsText<I[K]> }>
  : never;
type Extra = Pick<CallOptions, 'headers' | 'timeout'>;
/** The options argument: required when the route requires a parameter or a body. */
type Args<R> = AllOptional<Input<R>> extends true ? [options?: Input<R> & Extra] : [options: Input<R> & Extra];

/** The guest's shape of a route that answers guests another shape than signed-in callers (GuestAnswers). */
type GuestAnswer<M extends Method, P> = P extends keyof GuestAnswers
  ? Key<M> extends keyof GuestAnswers[P]
    ? GuestAnswers[P][Key<M>]
    : never
  : never;
/** The members of T but the one that is the same type as G. */
type Without<T, G> = T extends unknown ? ([T] extends [G] ? ([G] extends [T] ? never : T) : T) : never;

/** What the call answers on success: a guest's shape to guest calls, the route's other answers to the rest. */
type Answer<M extends Method, P extends ApiPath<Key<M>>, Guest extends boolean> = [GuestAnswer<M, P>] extends [never]
  ? ApiSuccess<ApiRoute<Key<M>, P>>
  : Guest extends true
    ? GuestAnswer<M, P>
    : Without<ApiSuccess<ApiRoute<Key<M>, P>>, GuestAnswer<M, P>>;

/** A signed-in call's answer. */
export type ApiAnswer<M extends Method, P extends ApiPath<Key<M>>> = Answer<M, P, false>;
/** What a call of the route sends: its path parameters, query and JSON body. */
export type ApiInput<M extends Method, P extends ApiPath<Key<M>>> = Input<ApiRoute<Key<M>, P>>;

/**
 * Calls of one method: `path` is a route's pattern ('/hotels/:id', with `param: { id }`). There is no type argument
 * for the answer: its type is the route's, so a renamed field or path fails the typecheck where it is used.
 */
const caller =
  <M extends Method, Guest extends boolean = false>(method: M, client = http) =>
  <P extends ApiPath<Key<M>>>(path: P, ...[options]: Args<ApiRoute<Key<M>, P>>) =>
    send(method, path, options, client) as Promise<Answer<M, P, Guest>>;

export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  patch: caller('PATCH'),
  delete: caller('DELETE'),
  /** A list with its X-Total-Count and X-Next-Cursor. */
  getPage: <P extends ApiPath<'$get'>>(path: P, ...[options]: Args<ApiRoute<'$get', P>>) =>
    sendWithTotal(path, options) as Promise<{ rows: Answer<'GET', P, false>; total: number; nextCursor?: string }>,
  /** Anonymous calls (the public guest flow). */
  guest: {
    get: caller<'GET', true>('GET', publicHttp),
    post: caller<'POST', true>('POST', publicHttp),
    put: caller<'PUT', true>('PUT', publicHttp),
  },
  /** One file as a multipart upload (field `file`). */
  upload: <P extends ApiPath<'$post'>>(path: P, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return send('POST', path, { body }) as Promise<Answer<'POST', P, false>>;
  },
};

/** The server's detail when there is one, else the screen's fallback text (docs/PRODUCT.md "Forms and messages"). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
