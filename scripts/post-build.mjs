// Trunk's post-build hook (Trunk.toml): what Trunk does not do itself.
//
//   release: the search worker's files named by the hash of their contents
//            (Trunk hashes the page's module, not a worker's), its module
//            laid out for the packer (scripts/order-functions.mjs) and
//            packed (scripts/pack-wasm.mjs), the page told the loader's
//            name by a meta tag; the Content-Security-Policy as
//            a meta tag, allowing Trunk's inline loader script by its hash
//            (the nonce placeholders Trunk writes for `trunk serve` are
//            removed); the service worker, precaching the exact files of
//            the game in this build (not the manual, read online);
//   debug:   a service worker that removes itself (no offline cache while
//            developing);
//   always:  the page's module split into its parts (scripts/split-wasm.mjs);
//            the puzzles in shards, one for a puzzle's link;
//            the home screen's first draw named by its hash;
//            the manual, docs/ beside the game (scripts/build-docs.mjs);
//            404.html, which finds the app among the address's parents.
//
// Runs in Trunk's staging directory ($TRUNK_STAGING_DIR), before Trunk moves
// it to dist/.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANUAL, buildManual } from './build-docs.mjs';
import { PACKED, moduleFetch, pack } from './pack-wasm.mjs';
import { SHARD_DIGITS, WASM_OPT, splitPage, tool } from './split-wasm.mjs';
import { orderFunctions } from './order-functions.mjs';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error('post-build.mjs is run by Trunk (see Trunk.toml)');
const release = process.env.TRUNK_PROFILE === 'release';
const root = new URL('..', import.meta.url).pathname;
const sha256 = (data, encoding) => createHash('sha256').update(data).digest(encoding);

const policy = (scriptHashes) =>
  [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.map((h) => `'sha256-${h}'`).join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data:",
    // Play live's relays: whichever Nostr relays the person chooses
    // (src/remote/live/relays.rs), `ws:` for one on this machine.
    "connect-src 'self' wss: ws:",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');

/// Names the search worker's three files by the hash of their contents, so
/// that a page never starts another build's worker from a cache (the page
/// and the worker speak model/src/search_job.rs, which changes with the
/// build). The hash is the module's and the loader's, not the glue's: the
/// glue is what wasm-bindgen writes for that very module, but Trunk
/// minifies it with minify-js, whose output orders its names differently
/// from one build to the next; hashed with it, an unchanged worker would
/// get a new name with every build, which every returning visit would
/// fetch again. The module is packed, as the page's are
/// (scripts/pack-wasm.mjs), and the loader unpacks it with the page's
/// decoder script, `unpacker`; its functions are laid out for the packer
/// first (Trunk ran wasm-opt on it with the same options: index.html).
/// Returns the loader's new name, for the page (src/play/worker.rs).
function hashWorker(unpacker) {
  const [glue, module, loader] = ['search_worker.js', 'search_worker_bg.wasm', 'search-loader.js'];
  orderFunctions(tool(root, 'wasm-opt'), join(stage, module), WASM_OPT);
  const hash = createHash('sha256');
  for (const f of [module, loader]) hash.update(readFileSync(join(stage, f)));
  hash.update(unpacker); // which the loader imports
  const h = hash.digest('hex').slice(0, 16);
  const named = { [glue]: `search_worker-${h}.js`, [module]: `search_worker-${h}_bg.wasm`, [loader]: `search-loader-${h}.js` };
  let text = readFileSync(join(stage, loader), 'utf8');
  for (const f of [glue, module]) {
    if (!text.includes(`'./${f}'`)) throw new Error(`${loader} does not name ./${f}`);
    text = text.replace(`'./${f}'`, `'./${named[f]}'`);
    renameSync(join(stage, f), join(stage, named[f]));
  }
  const start = `'./${named[module]}'`;
  if (!text.includes(start) || !text.includes('importScripts(')) throw new Error(`${loader} does not start as expected`);
  text = text
    .replace(start, moduleFetch(start))
    .replace('importScripts(', `importScripts('./${unpacker}', `);
  pack(join(stage, named[module]));
  writeFileSync(join(stage, named[loader]), text);
  rmSync(join(stage, loader));
  return named[loader];
}

/// The puzzles (`puzzles.json`, which the list needs) also in sixteen
/// shards, `puzzles-<digit>.json`: those whose id starts with that hex
/// digit, each with its number in the list. A puzzle's link fetches only
/// its shard (src/play/puzzles/). A record's seed is written as a string
/// (most are above 2^53, which JSON.parse would round as a number): one
/// written as a number is refused here rather than rounded into a shard.
function shardPuzzles() {
  const { puzzles } = JSON.parse(readFileSync(join(stage, 'puzzles.json'), 'utf8'));
  const shards = Object.fromEntries(SHARD_DIGITS.map((d) => [d, []]));
  puzzles.forEach((puzzle, i) => {
    const shard = shards[puzzle.id[0]];
    if (!shard || !/^[0-9a-f]+$/.test(puzzle.id)) throw new Error(`puzzles.json: id ${puzzle.id} is not lower-case hex`);
    if (typeof puzzle.record.seed === 'number') throw new Error(`puzzles.json: puzzle ${puzzle.id}'s seed is a number, not a string of digits`);
    shard.push({ number: i + 1, puzzle });
  });
  for (const [digit, shard] of Object.entries(shards)) {
    writeFileSync(join(stage, `puzzles-${digit}.json`), JSON.stringify(shard));
  }
}

/// The home screen as the app draws it for a first visit, in each
/// language (public/home-shell/<code>.html, written by
/// scripts/home-shell.mjs), which the page shows before the app has
/// started: each named by the hash of its contents, and the page told
/// their names (index.html, `__HOME_SHELLS__`).
function nameHomeShells() {
  const folder = join(stage, 'home-shell');
  const named = {};
  for (const file of readdirSync(folder).sort()) {
    const code = file.replace(/\.html$/, '');
    const text = readFileSync(join(folder, file));
    named[code] = `./home-shell-${code}-${sha256(text, 'hex').slice(0, 10)}.html`;
    writeFileSync(join(stage, named[code]), text);
  }
  rmSync(folder, { recursive: true });
  const pagePath = join(stage, 'index.html');
  const page = readFileSync(pagePath, 'utf8');
  if (page.split('__HOME_SHELLS__').length !== 2) throw new Error('index.html does not name __HOME_SHELLS__ once');
  writeFileSync(pagePath, page.replace('__HOME_SHELLS__', JSON.stringify(named)));
}

// First, so that the service worker below precaches every part (and the
// shards, which the page's first script may ask for).
shardPuzzles();
nameHomeShells();
const { unpacker, bundles } = splitPage({ root, stage, release });
const pages = buildManual(root, stage);
console.log(`post-build: the manual, ${pages} pages, in ${MANUAL}/`);

if (release) {
  const pagePath = join(stage, 'index.html');
  let page = readFileSync(pagePath, 'utf8').replaceAll(' nonce="{{__TRUNK NONCE__}}"', '');
  const loader = hashWorker(unpacker);
  page = page.replace(/<meta charset=["']?utf-8["']?\s*\/?>/i, (charset) => `${charset}<meta name="majesty-search-worker" content="./${loader}" />`);
  if (!page.includes(loader)) throw new Error('index.html has no <meta charset="utf-8"> to name the worker after');
  // (Not the main module's text, which is data, not a script: scripts/split-wasm.mjs.)
  const scripts = page.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype=["']?text\/plain)[^>]*>([\s\S]*?)<\/script>/g);
  const inline = [...new Set([...scripts].map((m) => m[1]))];
  const csp = `<meta http-equiv="Content-Security-Policy" content="${policy(inline.map((s) => sha256(s, 'base64')))}" />`;
  // Trunk puts its preload links last in <head>: move them first, so the
  // module and the wasm are requested before anything else.
  const preloads = page.match(/<link[^>]*\brel=["']?(?:modulepreload|preload)\b[^>]*>/g) ?? [];
  for (const link of preloads) page = page.replace(link, '');
  // The CSP right after the charset (the page may be minified), before any script.
  page = page.replace(/<meta charset=["']?utf-8["']?\s*\/?>/i, (charset) => `${charset}${csp}${preloads.join('')}`);
  if (!page.includes(csp)) throw new Error('index.html has no <meta charset="utf-8"> to put the CSP after');
  writeFileSync(pagePath, page);

  // The embed script under a name of its own contents as well, which never
  // changes, for pages that pin it with its Subresource Integrity hash
  // (majesty-embed.json gives both: docs/embedding.md).
  const embedScript = readFileSync(join(stage, 'majesty-embed.js'));
  const pinned = `majesty-embed-${sha256(embedScript, 'hex').slice(0, 10)}.js`;
  writeFileSync(join(stage, pinned), embedScript);
  const integrity = `sha384-${createHash('sha384').update(embedScript).digest('base64')}`;
  writeFileSync(join(stage, 'majesty-embed.json'), `${JSON.stringify({ version: 2, script: pinned, integrity }, null, 2)}\n`);

  // The service worker: every file of the build, in a cache named by the
  // hash of their contents, so a new build replaces the old cache. The embed
  // script and its types are for other sites' pages, not for the game; the
  // manual is read online; the bundles hold modules it keeps one by one,
  // and it puts together unpacked those a page's first script fetches
  // (`bundles`: scripts/split-wasm.mjs).
  const site = readdirSync(stage, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(stage.length + 1))
    // (Nor the home screen's first draw, which no page the service worker serves shows.)
    .filter((f) => f !== 'sw.js' && f !== '404.html' && !/^(majesty-embed|bundle_|home-shell-|examples\/.*\.html$)/.test(f) && !f.startsWith(`${MANUAL}/`))
    .sort();
  const version = createHash('sha256');
  for (const f of site) version.update(f).update(readFileSync(join(stage, f)));
  const precache = ['./', ...site.filter((f) => f !== 'index.html').map((f) => './' + f)];
  const sw = readFileSync(join(root, 'scripts/sw-template.js'), 'utf8')
    .replace('__VERSION__', version.digest('hex').slice(0, 16))
    .replace('__PRECACHE__', JSON.stringify(precache, null, 2))
    .replace('__UNPACKER__', JSON.stringify(`./${unpacker}`))
    .replace('__PACKED__', JSON.stringify(PACKED))
    .replace('__BUNDLES__', JSON.stringify(bundles, null, 2))
    .replace('__MANUAL__', JSON.stringify(`./${MANUAL}/`));
  writeFileSync(join(stage, 'sw.js'), sw);
  console.log(`post-build: CSP with ${inline.length} script hash(es); sw.js precaches ${precache.length} files`);
} else {
  // Development: no offline cache to get in the way of auto-reload; a
  // service worker left by a release build on the same address goes away.
  writeFileSync(
    join(stage, 'sw.js'),
    "self.addEventListener('install', () => self.skipWaiting());\n" +
      "self.addEventListener('activate', () => self.registration.unregister());\n",
  );
}

// GitHub Pages serves 404.html for unknown paths at any depth.
const notFound = `
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
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${sha256(notFound, 'base64')}'; connect-src 'self'" />
    <title>Majesty: page not found</title>
  </head>
  <body>
    <p>This page does not exist. Taking you back to the game…</p>
    <script>${notFound}</script>
  </body>
</html>
`,
);
