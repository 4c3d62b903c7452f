// The static site's service worker (written into the site by scripts/build-site, which
// fills in BUILD and FILES): it caches every file of this build when installed, then
// answers the site's requests from that cache, so that after one visit the page loads,
// plays and solves offline. The cache is named after this build's hash: a new build is
// a new service worker with a new cache, which replaces the old one whole when it takes
// over (old caches of this site are deleted), so no mix of two builds is ever served.

const BUILD = '@BUILD@';
const FILES = @FILES@;

// One name a site and build: sites in other folders of the same host keep their own.
const PREFIX = `lightsout ${self.registration.scope} `;
const CACHE = PREFIX + BUILD;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // 'reload': from the server, never from the browser's HTTP cache of an older build.
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // The page's own URL may carry a query; its puzzle is in the hash, never sent.
      const hit = await cache.match(request, { ignoreSearch: true });
      return hit || fetch(request);
    }),
  );
});
