// Background Sync for the entries outbox (issue 29), loaded by the generated service worker
// (vite.config.ts, workbox.importScripts). When the browser says the signal is back, the open app
// is told to send what waits on the device (packages/shared/src/records/outbox.ts: the tag and the
// message). The worker never sends entries itself: it holds no session and no patient data.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'pgel-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'pgel-outbox-sync' });
    }),
  );
});
