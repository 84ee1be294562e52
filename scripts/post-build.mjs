// Trunk post_build hook (see Trunk.toml), run in the staging folder of every
// build: writes the service worker with the exact list of this build's
// files, a 404 page, and the Content-Security-Policy of index.html with the
// hash of the one inline script Trunk writes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error('TRUNK_STAGING_DIR is not set: run through trunk');
const here = new URL('.', import.meta.url).pathname;
const sha256 = (data) => createHash('sha256').update(data).digest('base64');

// 1. The CSP: no inline script but Trunk's loader, allowed by its hash.
const indexPath = join(stage, 'index.html');
let index = readFileSync(indexPath, 'utf8');
const inline = [...index.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const scriptHashes = inline.map((code) => `'sha256-${sha256(code)}'`).join(' ');
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
index = index.replace('<!-- CSP -->', `<meta http-equiv="Content-Security-Policy" content="${csp}" />`);
writeFileSync(indexPath, index);

// 2. The 404 page: GitHub Pages serves it for unknown paths at any depth;
// it finds the app among the path's prefixes and goes there.
const notFoundScript = `
(function () {
  var parts = location.pathname.split('/').filter(Boolean);
  var tries = [];
  for (var n = parts.length; n >= 0; n--) tries.push('/' + parts.slice(0, n).join('/') + (n ? '/' : ''));
  (function next(i) {
    if (i >= tries.length) return;
    fetch(tries[i] + 'manifest.webmanifest', { method: 'HEAD' })
      .then(function (r) { if (r.ok) location.replace(tries[i]); else next(i + 1); })
      .catch(function () { next(i + 1); });
  })(0);
})();`;
writeFileSync(
  join(stage, '404.html'),
  `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${sha256(notFoundScript)}'; connect-src 'self'" />
    <title>Majesty: page not found</title>
  </head>
  <body>
    <p>This page does not exist. Taking you back to the game…</p>
    <script>${notFoundScript}</script>
  </body>
</html>
`,
);

// 3. The service worker: every file of the build, and a cache named by the
// hash of all their contents, so a new build replaces the old cache.
const files = readdirSync(stage, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => join(e.parentPath ?? e.path, e.name).slice(stage.length + 1))
  .filter((f) => f !== 'sw.js' && f !== '404.html')
  .sort();
const version = createHash('sha256');
for (const f of files) version.update(f).update(readFileSync(join(stage, f)));
const precache = ['./', ...files.filter((f) => f !== 'index.html').map((f) => './' + f)];
const sw = readFileSync(join(here, 'sw-template.js'), 'utf8')
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__PRECACHE__', JSON.stringify(precache, null, 2));
writeFileSync(join(stage, 'sw.js'), sw);
console.log(`post-build: sw.js precaches ${precache.length} files; CSP with ${inline.length} inline script hash(es)`);
