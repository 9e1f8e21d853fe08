import type { ApiPath } from '../../shared/api-types';
import { ApiError, filledPath, NETWORK_ERROR_DETAIL, type ApiInput } from './api';
import { getToken, handleUnauthorized } from './session';

/**
 * Saves an API answer as a file: GET /api/<path> (a route's pattern, its parameters filled in, its query without the
 * empty filters) with the login's token (a plain link could not send it), the body as a blob, named by the answer's
 * Content-Disposition (else `fallbackName`). Errors are ApiError, as api.get's.
 */
export async function downloadFile<P extends ApiPath<'$get'>>(
  path: P,
  input: ApiInput<'GET', P>,
  fallbackName: string,
): Promise<string> {
  const { param, query: params = {} } = input as {
    param?: Record<string, string | number>;
    query?: Record<string, string | number | undefined>;
  };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const search = query.toString();
  const url = `/api/${filledPath(path, param)}${search ? `?${search}` : ''}`;
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_DETAIL);
  }
  if (!response.ok) {
    let detail = response.statusText || 'Request failed';
    try {
      const body = (await response.json()) as { detail?: unknown };
      if (typeof body.detail === 'string') detail = body.detail;
    } catch {
      // not JSON: keep the status text
    }
    if (response.status === 401 && token) handleUnauthorized(url);
    throw new ApiError(response.status, detail);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(0, NETWORK_ERROR_DETAIL);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; give the browser a moment before the blob goes.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
  return name;
}
