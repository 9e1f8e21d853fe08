import type { Page } from '@playwright/test';

/**
 * GET /api/<path> from the page with the signed-in user's token (localStorage), for the figures a screen must
 * show; answers the body and the X-Total-Count header.
 */
export async function apiGet<T>(page: Page, path: string): Promise<{ body: T; total: string | null }> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return { body: await res.json(), total: res.headers.get('X-Total-Count') };
  }, `/api/${path}`);
}
