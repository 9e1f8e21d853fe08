import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './manifest/manifest.ts';
import { runtimeCaching } from './manifest/runtime-caching.ts';
import pkg from './package.json' with { type: 'json' };

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
  server: { port: Number(process.env.PORT ?? 3000), proxy: { '/api': `http://localhost:${apiPort}` } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
    }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg', 'robots.txt'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api/],
        cleanupOutdatedCaches: true,
        runtimeCaching,
      },
    }),
  ],
});
