import ky, { HTTPError, type Options } from 'ky';
import { SERVICE_UNAVAILABLE } from '../../shared/constants';
import { getToken, handleUnauthorized } from './session';

/** An API failure with the server's `detail` (or a fallback), so screens can show it as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
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
  },
});

/** Guest calls go without the token: a back-office user testing the scan page must see what a guest sees. */
const publicHttp = ky.create({ prefixUrl: '/api', timeout: false, retry: 0 });

/** One call: HTTP errors become ApiError with the server's detail, a failed connection ApiError(0). */
async function call(method: string, path: string, options: Options = {}, client = http): Promise<Response> {
  try {
    return await client(path.replace(/^\//, ''), { method, ...options });
  } catch (error) {
    if (error instanceof HTTPError) throw await toApiError(error);
    throw new ApiError(0, NETWORK_ERROR_DETAIL);
  }
}

async function send<T>(method: string, path: string, options: Options = {}, client = http): Promise<T> {
  const response = await call(method, path, options, client);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.blob()) as T;
}

/** A proxy or load balancer answering for a server that is down or starting says so in HTML, not in our JSON. */
const GATEWAY_STATUSES = [502, 503, 504];

async function toApiError(error: HTTPError): Promise<ApiError> {
  const { response, request } = error;
  let detail = GATEWAY_STATUSES.includes(response.status)
    ? SERVICE_UNAVAILABLE
    : response.statusText || 'Request failed';
  try {
    const body = (await response.clone().json()) as { detail?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
  } catch {
    // not JSON: keep the fallback above
  }
  if (response.status === 401 && request.headers.has('Authorization')) handleUnauthorized(request.url);
  return new ApiError(response.status, detail);
}

/** Reads the response's X-Total-Count (and X-Next-Cursor, on lists paged by cursor) alongside the rows. */
async function sendWithTotal<T>(
  path: string,
  options: Options = {},
): Promise<{ rows: T; total: number; nextCursor?: string }> {
  const response = await call('GET', path, options);
  const nextCursor = response.headers.get('X-Next-Cursor') ?? undefined;
  return { rows: (await response.json()) as T, total: Number(response.headers.get('X-Total-Count') ?? 0), nextCursor };
}

export const api = {
  get: <T>(path: string, options?: Options) => send<T>('GET', path, options),
  getPage: sendWithTotal,
  post: <T>(path: string, json?: unknown, options?: Options) => send<T>('POST', path, { json, ...options }),
  put: <T>(path: string, json?: unknown, options?: Options) => send<T>('PUT', path, { json, ...options }),
  patch: <T>(path: string, json?: unknown, options?: Options) => send<T>('PATCH', path, { json, ...options }),
  delete: <T>(path: string, options?: Options) => send<T>('DELETE', path, options),
  /** Anonymous calls (the public guest flow). */
  guest: {
    get: <T>(path: string, options?: Options) => send<T>('GET', path, options, publicHttp),
    post: <T>(path: string, json?: unknown, options?: Options) =>
      send<T>('POST', path, { json, ...options }, publicHttp),
  },
  upload: <T>(path: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return send<T>('POST', path, { body });
  },
};

/** The server's detail when there is one, else the screen's fallback text (docs/PRODUCT.md "Forms and messages"). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
