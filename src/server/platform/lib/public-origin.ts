/**
 * The origin every absolute link is built on: QR codes, room cards, wallet passes, message links
 * (docs/SECURITY.md "Public links"). PUBLIC_URL, which production requires (env.ts refuses to start without it), so a
 * request's Host header never reaches a printed card or a sent message there. In development and tests, where it may
 * be unset, the address the request came to (the start banner says phones cannot open it).
 */
export function publicOrigin(
  config: { publicUrl: string | undefined; production: boolean },
  requestUrl: string,
): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.production) throw new Error('PUBLIC_URL is required in production');
  return new URL(requestUrl).origin;
}
