// Written into each release build by scripts/post-build.mjs (Trunk hook): do
// not edit dist/sw.js.
// Precaches the exact files of this build and serves them, the page
// included, from the cache first (the network only for what is missing).
const CACHE = 'majesty-__VERSION__';
const PRECACHE = __PRECACHE__;
// The manual (docs/ beside the game) is read online, past this worker.
const MANUAL = new URL(__MANUAL__, self.registration.scope).pathname;

self.addEventListener('install', (event) => {
  const files = PRECACHE.filter((f) => f !== './');
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all([cache.addAll(files), fetch('./').then((page) => keepPage(cache, page))])));
});

/// The page kept without the main module it carries for a first visit
/// (scripts/post-build.mjs, `carryMain`): a page this worker serves takes
/// the module as it is, and would only parse the pieces to drop them.
function keepPage(cache, page) {
  if (!page.ok) return Promise.reject(new Error(`./: ${page.status}`));
  return page.text().then((html) => {
    const pieces = /<script type="text\/plain">[^<]*<\/script><script>majestyFeed\(\)<\/script>/g;
    return cache.put('./', new Response(html.replace(pieces, ''), { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  });
}

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

/// The words of the offline page, in the browser's language (the page's
/// own choice is in its storage, which a worker cannot read).
const OFFLINE = {
  en: ['Majesty is offline', 'This browser’s copy of the game is incomplete, so it cannot open without a connection. Connect to the internet, then try again.', 'Try again'],
  de: ['Majesty ist offline', 'Die Kopie des Spiels in diesem Browser ist unvollständig, daher lässt es sich ohne Verbindung nicht öffnen. Verbinde dich mit dem Internet und versuche es dann erneut.', 'Erneut versuchen'],
  fr: ['Majesty est hors ligne', 'La copie du jeu dans ce navigateur est incomplète\u00a0: il ne peut pas s’ouvrir sans connexion. Connectez-vous à Internet, puis réessayez.', 'Réessayer'],
  es: ['Majesty está sin conexión', 'La copia del juego en este navegador está incompleta, así que no puede abrirse sin conexión. Conéctate a internet y vuelve a intentarlo.', 'Reintentar'],
};

/// What a file that is neither cached nor reachable is answered with: the
/// page, a small page of its own that says so (instead of the browser's
/// "no connection"); any other file, an error response that the page
/// reports (never a rejected promise).
function unreachable(request) {
  if (request.mode !== 'navigate') return new Response('', { status: 503, statusText: 'Offline' });
  const code = (navigator.languages || [navigator.language]).map((l) => String(l).slice(0, 2)).find((c) => OFFLINE[c]) || 'en';
  const [title, text, retry] = OFFLINE[code];
  const page = `<!DOCTYPE html><html lang="${code}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1d2433;background:#f6f1e7}
a{display:inline-block;padding:.5rem 1rem;border-radius:.4rem;background:#23304a;color:#fff;text-decoration:none}
@media (prefers-color-scheme:dark){body{color:#e9e4d8;background:#161b26}a{background:#e0b54a;color:#161b26}}</style></head>
<body><main class="offline-page" role="alert"><h1>${title}</h1><p>${text}</p><p><a href="">${retry}</a></p></main></body></html>`;
  return new Response(page, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin || (url.pathname + '/').startsWith(MANUAL)) return;
  // The page and the files of this build, from the cache: they were cached
  // together, so they always match. A new build is found when the browser
  // checks sw.js, and the page offers to reload into it.
  const key = request.mode === 'navigate' ? './' : request;
  event.respondWith(caches.open(CACHE).then((cache) => cachedFile(cache, key).then((cached) => cached || fromNetwork(cache, request, key))));
});

/// The file `key` names, from `cache`. Looked up by its exact address
/// first: a lookup that ignores the query reads every entry of the cache
/// (two for each module), and a page that opens on a part asks for some
/// forty modules at once. A query only names a file's version
/// (locales/de.json?v=…): the cache holds this build's.
function cachedFile(cache, key) {
  return cache.match(key).then((exact) => exact || cache.match(key, { ignoreSearch: true }));
}

/// A file of this build missing from the cache (evicted, say), fetched and
/// cached again: the page (asked for as itself) under './', the others as
/// themselves; a module from its packed file, cached or fetched.
function fromNetwork(cache, request, key) {
  const name = precached(request);
  return fetch(request).then(
    (response) => {
      if (response.ok && name === './') keepPage(cache, response.clone()).catch(() => {});
      else if (response.ok && PRECACHE.includes(name)) cache.put(key, response.clone());
      return response;
    },
    () => unreachable(request),
  );
}
