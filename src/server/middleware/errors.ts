import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../lib/errors';

/** Every error leaves the server as JSON {"detail": "..."} (DESIGN §3). */
export function handleError(error: Error, c: Context) {
  if (error instanceof AppError) return c.json({ detail: error.detail }, error.status, error.headers);
  if (error instanceof HTTPException) {
    const status = error.status;
    const detail = error.message || (status === 413 ? 'Request body is too large' : 'Request failed');
    return c.json({ detail }, status);
  }
  if (isUniqueViolation(error)) return c.json({ detail: 'This record already exists' }, 409);
  if (isForeignKeyViolation(error)) return c.json({ detail: 'This record is referenced by other data' }, 409);
  console.error(`[${c.req.method} ${c.req.path}]`, error);
  return c.json({ detail: 'Internal server error' }, 500);
}

export const apiNotFound = (c: Context) => c.json({ detail: `Not found: ${c.req.method} ${c.req.path}` }, 404);
