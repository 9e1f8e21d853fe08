import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOR = '#0e7490';

/** The one web app manifest for guests, merchants, hotels and the back office (DESIGN §6). */
export const webManifest: Partial<ManifestOptions> = {
  name: 'StayPerks',
  short_name: 'StayPerks',
  description: 'Local deals and vouchers for hotel guests, redeemed at the counter by merchants.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#f8fafc',
  theme_color: THEME_COLOR,
  lang: 'en-IN',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
