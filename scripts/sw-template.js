// Written into each release build by scripts/post-build.mjs (Trunk hook): do
// not edit dist/sw.js.
// Precaches the exact files of this build and serves them, the page
// included, from the cache first (the network only for what is missing).
const CACHE = 'majesty-__VERSION__';
const PRECACHE = __PRECACHE__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('majesty-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

/// The name `request` has in PRECACHE ('./' for the page), if any.
function precached(request) {
  const path = request.url.slice(self.registration.scope.length).split(/[?#]/)[0];
  if (request.mode !== 'navigate') return './' + path;
  return path === '' || path === 'index.html' ? './' : null;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  // The page and the files of this build, from the cache: they were cached
  // together, so they always match. A new build is found when the browser
  // checks sw.js, and the page offers to reload into it.
  const key = request.mode === 'navigate' ? './' : request;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      // A query only names a file's version (locales/de.json?v=…): the
      // cache holds this build's.
      cache.match(key, { ignoreSearch: true }).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            // A file of this build missing from the cache (evicted, say) is
            // cached again: the page (asked for as itself) under './', the
            // others as themselves.
            if (response.ok && PRECACHE.includes(precached(request))) cache.put(key, response.clone());
            return response;
          }),
      ),
    ),
  );
});
