import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker; a new version shows a toast with a Reload action (docs/PRODUCT.md "Offline and
 * install").
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast('A new version of StayPerks is available', {
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
      });
    },
  });
}

/** Deletes the service worker's API caches so the next person on the device sees nothing of the last one. */
export async function clearApiCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('api-')).map((name) => caches.delete(name)));
}
