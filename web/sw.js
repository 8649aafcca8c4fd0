// Tessera's service worker, served at /sw.js (scope: the whole site) after two lines the
// server writes (crates/server/src/doors/web/games.rs): ASSETS, the names of the web
// client's files (those of /static/), and VERSION, a hash of them.
//
// * The app's files (`/` and /static/) come from the network first, and each answer is
//   kept; without a connection the kept copy answers: the installed app opens to the
//   lobby offline (app.js shows that it is offline). Everything else (the API, the
//   WebSockets) is the network's alone: nothing of a game is kept here.
// * Notifications of a turn waiting (inbox.js shows them through this worker, so they
//   come while the tab is in the background and on phones, where a page cannot make one
//   itself): a click focuses a Tessera tab and opens the game there, else opens a window.
/* global ASSETS, VERSION */
const CACHE = `tessera-${VERSION}`;
const SHELL = ['/', ...ASSETS.map((name) => `/static/${name}`)];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tessera-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) return;
  const path = url.pathname === '/' || url.pathname === '/index.html' ? '/' : url.pathname;
  if (path !== '/' && !path.startsWith('/static/')) return;
  e.respondWith(fetch(e.request)
    .then((r) => {
      if (r.ok) {
        const copy = r.clone();
        e.waitUntil(caches.open(CACHE).then((c) => c.put(path, copy)));
      }
      return r;
    })
    .catch(() => caches.match(path, { ignoreSearch: true }).then((r) => r || Response.error())));
});

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = new URL(e.notification.data?.url || '/#/', self.location.origin).href;
  e.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
    const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
    if (!tab) return self.clients.openWindow(url);
    // the tab goes to the game itself (app.js): no reload
    tab.postMessage({ open: url });
    return tab.focus();
  }));
});
