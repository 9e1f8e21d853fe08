import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './manifest/manifest.ts';
import { runtimeCaching } from './manifest/runtime-caching.ts';
import pkg from './package.json' with { type: 'json' };

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * sonner adds its CSS as an inline <style> at run time, which the Content-Security-Policy (style-src 'self',
 * docs/SECURITY.md) refuses. In the build it imports its own stylesheet instead, bundled with ours. Fails the build
 * if a new sonner version changes the code this relies on.
 */
function sonnerStylesheet(): Plugin {
  let replaced = false;
  return {
    name: 'stayperks:sonner-stylesheet',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return;
      replaced = true;
      const definition = 'function __insertCSS(code) {';
      if (!code.includes(definition))
        throw new Error('sonner no longer defines __insertCSS: check its CSS under the Content-Security-Policy');
      const body = code.replace(definition, `${definition} return;`);
      return { code: `import 'sonner/dist/styles.css';\n${body.replace(/^'use client';\n/, '')}`, map: null };
    },
    buildEnd(error) {
      if (!error && !replaced)
        throw new Error(
          'sonner was not bundled from node_modules/sonner/dist: its inline CSS would break the Content-Security-Policy',
        );
    },
  };
}

/**
 * A Brotli copy (name.br) beside every built text file, served in its place to browsers that accept it (static.ts,
 * precompressed): about 14 % smaller than the gzip made per request, and no compression work per request. Runs
 * last, after the service worker is generated.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stayperks:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !/\.(js|css|html|svg|webmanifest)$/.test(entry.name)) continue;
          const file = join(entry.parentPath, entry.name);
          const body = readFileSync(file);
          const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
        }
      },
    },
  };
}

/**
 * scan.html: index.html with the guest page's first screen in it (src/web/features/guest/first-screen-markup.tsx,
 * rendered here with React's server renderer from the app's own components) and preloads of its first reads, which
 * the server sends for
 * /scan/<hotelId> (static.ts), so a slow phone shows "Enter Your Details" before the app's script has arrived
 * (docs/DEVELOPING.md "Guest page first load"). Runs after the bundle is written, before precompress.
 */
function guestFirstScreen(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'stayperks:guest-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderFirstScreen, renderFirstReads } = (await server.ssrLoadModule(
            '/src/web/features/guest/first-screen-markup.tsx',
          )) as { renderFirstScreen: () => string; renderFirstReads: () => string };
          const html = readFileSync(join(outDir, 'index.html'), 'utf8');
          const rootElement = '<div id="root"></div>';
          if (!html.includes(rootElement) || !html.includes('</head>'))
            throw new Error(`index.html has no ${rootElement} or </head> for the first screen`);
          writeFileSync(
            join(outDir, 'scan.html'),
            html
              .replace('</head>', `${renderFirstReads()}</head>`)
              .replace(rootElement, `${renderFirstScreen()}${rootElement}`),
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000), proxy: { '/api': `http://localhost:${apiPort}` } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
    }),
    react(),
    sonnerStylesheet(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg', 'robots.txt'],
      workbox: {
        // Not the counter scanner's 1.1 MB ZXing WASM: every guest's phone would download it. Merchants' phones
        // fetch it once the dashboard is open and keep it (runtime caching, manifest/runtime-caching.ts). Nor the
        // script fonts (src/web/fonts/scripts.css): a browser fetches one only when its script is on screen, and
        // the service worker keeps it from then on (runtime caching).
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // Nor the languages' catalogues (src/web/features/guest/i18n/catalogue-<language>.ts): a guest needs one at
        // most; the service worker keeps the one a page has loaded (runtime caching).
        // Nor scan.html (guestFirstScreen): the first visit's page; the service worker answers with index.html.
        globIgnores: ['**/catalogue-*.js', 'scan.html'],
        navigateFallback: '/index.html',
        // The pages a guest's message links to are the server's own (docs/PRODUCT.md "Reminders"): never the app.
        navigateFallbackDenylist: [/^\/api/, /^\/v\//, /^\/o\//],
        // Web Push: the notification and its tap (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        runtimeCaching,
      },
    }),
    guestFirstScreen(),
    precompress(),
  ],
});
