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

/**
 * DELETE /api/<list>/<id> of the row named `name` in GET /api/<list>, sent with the page's signed-in token: the
 * status, for checking that the server refuses what the screen does not offer.
 */
export async function deleteStatusByName(page: Page, list: string, name: string): Promise<number> {
  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const rows: { id: string | number; name: string }[] = await (
    await page.request.get(`/api/${list}`, { headers })
  ).json();
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`No ${name} in /api/${list}`);
  return (await page.request.delete(`/api/${list}/${row.id}`, { headers })).status();
}
