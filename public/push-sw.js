/*
 * Web Push in the service worker (docs/PRODUCT.md "Reminders"), loaded by the generated sw.js (vite.config.ts,
 * workbox importScripts). A push carries { title, body, url, opt_out_url, stop_label, tag } (src/server/modules/push/
 * push.channel.ts): it is shown as a notification with a "Stop messages" action (in the guest's language); a tap opens the stay's vouchers
 * (`url`), the action opens the opt-out page (`opt_out_url`). Both are the server's own pages on this origin, or the
 * hotel's review page for a review request.
 */
/* global self -- the service worker's global scope */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'StayPerks', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: data.tag,
      data: { url: data.url, opt_out_url: data.opt_out_url },
      actions: data.opt_out_url ? [{ action: 'stop', title: data.stop_label || 'Stop messages' }] : [],
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = event.action === 'stop' ? data.opt_out_url : data.url;
  if (target) event.waitUntil(self.clients.openWindow(target));
});
