import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and index.html never cached,
 * and every other non-API GET answered with index.html so client routes work on reload.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = join(webDir, 'index.html');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    if (path === '/sw.js' || path.startsWith('/workbox-') || path.endsWith('.webmanifest') || path.endsWith('.html')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.use('*', serveStatic({ root: webDir }));
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api')) return c.notFound();
    if (!existsSync(indexFile)) return c.text('The web app is not built. Run npm run build.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
