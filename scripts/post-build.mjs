// Trunk's post-build hook (Trunk.toml): what Trunk does not do itself, in
// Trunk's staging directory ($TRUNK_STAGING_DIR) before it becomes dist/.
//
//   1. the page's module split into its parts (scripts/split-wasm.mjs);
//   2. the build's folder, `build-<hash>/`, named by its contents: the
//      parts, their chunks and loader, and the search worker's files, so
//      that no cache ever mixes two builds' modules; the page told its
//      name and the main module's (`<meta name="majesty-build">`);
//   3. release: the main module also packed with xz, and carried at the
//      end of the page for a first visit (index.html, `majestyFeed`); the
//      Content-Security-Policy, which
//      allows the page's inline scripts by their hashes; the service
//      worker, precaching this build's files; the embed script under a
//      pinned name;
//      debug: a service worker that removes itself;
//   4. the puzzles in shards, the home screen's first draw named by its
//      hash, the manual (scripts/build-docs.mjs), and 404.html.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANUAL, buildManual } from './build-docs.mjs';
import { glueFrom, splitPage } from './split-wasm.mjs';
import { decoderApart } from './xz-decoder.mjs';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error('post-build.mjs is run by Trunk (see Trunk.toml)');
const release = process.env.TRUNK_PROFILE === 'release';
const root = new URL('..', import.meta.url).pathname;
const sha256 = (data, encoding) => createHash('sha256').update(data).digest(encoding);
const pagePath = join(stage, 'index.html');
const editPage = (edit) => writeFileSync(pagePath, edit(readFileSync(pagePath, 'utf8')));

/// Files directly in the staging directory, or in one of its folders.
const filesIn = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1))
    .sort();

/// The puzzles (`puzzles.json`, which the list needs) also in sixteen
/// shards, `puzzles-<digit>.json`: those whose id starts with that hex
/// digit, each with its number in the list. A puzzle's link fetches only
/// its shard (src/play/puzzles/). A record's seed is written as a string
/// (most are above 2^53, which JSON.parse would round).
function shardPuzzles() {
  const { puzzles } = JSON.parse(readFileSync(join(stage, 'puzzles.json'), 'utf8'));
  const shards = Object.fromEntries([...'0123456789abcdef'].map((d) => [d, []]));
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

/// The home screen as the app draws it for a first visit, in each language
/// (public/home-shell/<code>.html, written by scripts/home-shell.mjs), which
/// the page shows before the app has started: each named by its hash, and
/// the page told their names (index.html, `__HOME_SHELLS__`).
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
  editPage((page) => {
    if (page.split('__HOME_SHELLS__').length !== 2) throw new Error('index.html does not name __HOME_SHELLS__ once');
    return page.replace('__HOME_SHELLS__', JSON.stringify(named));
  });
}

/// The parts, their loader and the search worker (which Trunk builds beside
/// the page: index.html) in one folder named by their contents. Returns its
/// name.
async function buildFolder() {
  const glue = await splitPage({ root, stage, release, folder: 'build' });
  for (const f of ['search_worker.js', 'search_worker_bg.wasm', 'search-loader.js']) {
    renameSync(join(stage, f), join(stage, 'build', f));
  }
  if (release) {
    const decoder = decoderApart(readFileSync(join(root, 'node_modules/xz-decompress/dist/package/xz-decompress.min.js'), 'utf8'));
    writeFileSync(join(stage, 'build', 'xz-decompress.js'), decoder.script);
    writeFileSync(join(stage, 'build', 'xz-decompress.wasm'), decoder.module);
  }
  const hash = createHash('sha256');
  for (const f of filesIn(join(stage, 'build'))) hash.update(f).update(readFileSync(join(stage, 'build', f)));
  const folder = `build-${hash.digest('hex').slice(0, 12)}`;
  renameSync(join(stage, 'build'), join(stage, folder));
  glueFrom(stage, glue, folder);
  return folder;
}

/// Release: the main module packed with xz besides (a first visit's page
/// fetches that file and unpacks it as it comes: index.html).
function packMain(main) {
  // (pb=0: WebAssembly code has no 2- or 4-byte alignment. A dictionary no
  // larger than the module: the decoder allocates all a file names.)
  let dict = 4096;
  while (dict < readFileSync(main).length) dict *= 2;
  const options = ['--format=xz', '--check=crc32', `--lzma2=preset=9e,pb=0,dict=${dict}`, '--stdout', main];
  writeFileSync(`${main}.xz`, execFileSync('xz', options, { maxBuffer: 256 << 20 }));
}

/// Release: the packed main module carried at the end of the page, so that
/// a first visit reads it on the page's own response rather than one round
/// trip later (index.html, `majestyFeed`): base64 pieces in `<script
/// type="text/plain">` data blocks, each followed by the script that hands
/// it on (the same text each time, so the policy allows them by one hash).
/// Gzip takes back most of what base64 adds. The file stays beside the page
/// for the service worker's pages, which take the module unpacked.
function carryMain(main) {
  const text = readFileSync(`${main}.xz`).toString('base64');
  let html = '';
  for (let at = 0; at < text.length; at += 8192) {
    html += `<script type="text/plain">${text.slice(at, at + 8192)}</script><script>majestyFeed()</script>`;
  }
  editPage((page) => {
    if (page.split('</body>').length !== 2) throw new Error('index.html has no </body> to carry the module before');
    return page.replace('</body>', `${html}<script>majestyFeed(true)</script></body>`);
  });
}

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

/// Release: the policy as a meta tag right after the charset, allowing the
/// page's inline scripts by their hashes (`trunk serve` allows them by the
/// nonce it writes instead: Trunk.toml).
function securityPolicy() {
  editPage((page) => {
    page = page.replaceAll(' nonce="{{__TRUNK NONCE__}}"', '');
    // (Not the module's pieces, which are data, not scripts.)
    const inline = [...page.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*text\/plain)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    const csp = `<meta http-equiv="Content-Security-Policy" content="${policy([...new Set(inline)].map((s) => sha256(s, 'base64')))}" />`;
    return afterCharset(page, csp);
  });
}

/// `page` with `html` right after its charset (first in its head).
function afterCharset(page, html) {
  const charset = /<meta charset=["']?utf-8["']?\s*\/?>/i;
  if (!charset.test(page)) throw new Error('index.html has no <meta charset="utf-8">');
  return page.replace(charset, (tag) => tag + html);
}

/// Release: the embed script also under a name of its contents, which never
/// changes, for pages that pin it with its integrity (majesty-embed.json
/// gives both: docs/embedding.md).
function pinEmbed() {
  const script = readFileSync(join(stage, 'majesty-embed.js'));
  const pinned = `majesty-embed-${sha256(script, 'hex').slice(0, 10)}.js`;
  writeFileSync(join(stage, pinned), script);
  const integrity = `sha384-${createHash('sha384').update(script).digest('base64')}`;
  writeFileSync(join(stage, 'majesty-embed.json'), `${JSON.stringify({ version: 2, script: pinned, integrity }, null, 2)}\n`);
}

/// The service worker (scripts/sw-template.js): in release, every file a
/// page of this build may need, in a cache named by their contents; not the
/// packed module and its decoder (a page it serves takes the module as it
/// is), the home screen's first draw (which no page it serves shows), the
/// embed script (for other sites' pages), the examples or the manual (read
/// online). In a debug build, one that removes itself: no offline cache in
/// the way of auto-reload.
function serviceWorker() {
  if (!release) {
    const gone = "self.addEventListener('install', () => self.skipWaiting());\nself.addEventListener('activate', () => self.registration.unregister());\n";
    return writeFileSync(join(stage, 'sw.js'), gone);
  }
  const skipped = /^(sw\.js|404\.html|majesty-embed|home-shell-|examples\/|build-[0-9a-f]+\/xz-decompress\.(js|wasm)$)|\.xz$/;
  const site = filesIn(stage).filter((f) => !skipped.test(f) && !f.startsWith(`${MANUAL}/`));
  const version = createHash('sha256');
  for (const f of site) version.update(f).update(readFileSync(join(stage, f)));
  const precache = ['./', ...site.filter((f) => f !== 'index.html').map((f) => `./${f}`)];
  const sw = readFileSync(join(root, 'scripts/sw-template.js'), 'utf8')
    .replace('__VERSION__', version.digest('hex').slice(0, 16))
    .replace('__PRECACHE__', JSON.stringify(precache, null, 2))
    .replace('__MANUAL__', JSON.stringify(`./${MANUAL}/`));
  writeFileSync(join(stage, 'sw.js'), sw);
  console.log(`post-build: sw.js precaches ${precache.length} files`);
}

/// 404.html, which GitHub Pages serves for an unknown path at any depth:
/// it finds the app among the address's parents.
function notFound() {
  const script = `
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
  const csp = `default-src 'none'; script-src 'sha256-${sha256(script, 'base64')}'; connect-src 'self'`;
  writeFileSync(
    join(stage, '404.html'),
    `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta http-equiv="Content-Security-Policy" content="${csp}" />
    <title>Majesty: page not found</title>
  </head>
  <body>
    <p>This page does not exist. Taking you back to the game…</p>
    <script>${script}</script>
  </body>
</html>
`,
  );
}

shardPuzzles();
nameHomeShells();
const folder = await buildFolder();
const main = readdirSync(stage).find((f) => /^majesty-web-[0-9a-f]+_bg\.wasm$/.test(f));
editPage((page) => afterCharset(page, `<meta name="majesty-build" content="./${folder}/" data-main="./${main}"${release ? ' data-packed' : ''} />`));
if (release) {
  packMain(join(stage, main));
  carryMain(join(stage, main));
  pinEmbed();
  securityPolicy();
}
console.log(`post-build: the manual, ${buildManual(root, stage)} pages, in ${MANUAL}/`);
serviceWorker();
notFound();
