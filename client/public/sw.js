// Haulwise service worker: the app shell works offline; data comes from the network (a portal's last
// answers are kept by the page itself: client/src/lib/offline-snapshot.ts).
const CACHE = 'haulwise-shell-v1';
const SHELL = ['/', '/logo.svg', '/favicon.png', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Files (a download, a document's preview in a frame) are private and never cached: not even as the shell's page.
  if (url.pathname.startsWith('/trpc') || url.pathname.startsWith('/health') || url.pathname.startsWith('/files/')) return;
  if (request.mode === 'navigate') {
    // Network first for pages; the cached shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put('/', copy));
          return response;
        })
        .catch(() => caches.match('/')),
    );
    return;
  }
  if (SHELL.includes(url.pathname)) {
    // The shell's own files (the logo, the icon): the network, or the copy kept at install when offline.
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Built assets have content hashes in their names: cache first.
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
            return response;
          }),
      ),
    );
  }
});

// The page tells the worker which built assets it loaded before the worker controlled it (the
// first visit): they are cached too, so the app (and a portal) opens offline from then on.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .slice(0, 500)
    .filter((href) => typeof href === 'string')
    .map((href) => new URL(href, self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(urls.map((url) => cache.match(url.pathname).then((hit) => hit || cache.add(url.pathname).catch(() => undefined)))),
      ),
  );
});

// Web Push (issue 13): a notification of the notification centre, shown also when no tab is open.
// The payload is { title, body, url, icon, tag } (server/src/domains/notifications/web-push-tasks.ts).
self.addEventListener('push', (event) => {
  let message = { title: 'Haulwise', body: '', url: '/dashboard', icon: '/favicon.png', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // An empty or unreadable push still tells the user something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: message.icon,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

// Clicking one opens the record: an open tab of the app goes there, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path =
    typeof event.notification.data?.url === 'string' &&
    event.notification.data.url.startsWith('/') &&
    !event.notification.data.url.startsWith('//')
      ? event.notification.data.url
      : '/dashboard';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
