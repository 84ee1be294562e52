// Builds the release site into dist/ (plain static files, relative URLs: the
// same dist/ works at / and under any sub-path).
//
//   1. cargo: the app as one WebAssembly module, linked with relocations
//      (.cargo/config.toml) so that it can be split;
//   2. wasm-split-cli: cuts the module at the app's split points (src/lazy.rs)
//      into the main module and chunks fetched when first needed;
//   3. wasm-bindgen: the JavaScript glue of the main module;
//   4. wasm-opt -Oz: every module;
//   5. content-hashed file names, the page with its loader script, the
//      Content-Security-Policy (with that script's hash), the service worker
//      precaching the exact files of this build, and a 404 page.
//
// Usage: node scripts/build.mjs  (tools from scripts/setup.sh build)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const crate = 'majesty-web';
const work = join(root, 'target', 'site');
const out = join(root, 'dist');
const stage = `${out}.new`;

const run = (cmd, args) => {
  try {
    execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error(`${cmd} is not installed: run bash scripts/setup.sh build`);
    throw e;
  }
};
const sha256 = (data, encoding = 'hex') => createHash('sha256').update(data).digest(encoding);
const hashed = (name, data) => {
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}-${sha256(data).slice(0, 16)}${name.slice(dot)}`;
};
const wasmOptFlags = [
  '-Oz',
  ...['bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals', 'reference-types', 'multivalue'].map(
    (f) => `--enable-${f}`,
  ),
  '--strip-debug',
  '--strip-producers',
];

// 1-3: compile, split, bind.
run('cargo', ['build', '--release', '--locked', '--target', 'wasm32-unknown-unknown', '-p', crate]);
rmSync(work, { recursive: true, force: true });
const split = join(work, 'split');
const bound = join(work, 'bindgen');
run('wasm-split-cli', ['--target', 'web', '--out-name', crate, join(root, 'target/wasm32-unknown-unknown/release', `${crate}.wasm`), split]);
run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-demangle', '--no-typescript', '--out-dir', bound, '--out-name', crate, join(split, `${crate}.wasm`)]);

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
const files = {}; // name in the build -> name in dist/
const put = (name, data) => {
  files[name] = hashed(name, data);
  writeFileSync(join(stage, files[name]), data);
};
const optimise = (from) => {
  const to = join(work, `opt-${basename(from)}`);
  run('wasm-opt', [...wasmOptFlags, from, '-o', to]);
  return readFileSync(to);
};

// 4-5: the chunks, then the loader that names them, then the glue that
// imports the loader. The glue and the loader import each other, so both
// take one name suffix: the hash of everything they refer to.
for (const chunk of readdirSync(split).filter((f) => f.endsWith('.wasm') && f !== `${crate}.wasm`)) {
  put(chunk, optimise(join(split, chunk)));
}
put(`${crate}_bg.wasm`, optimise(join(bound, `${crate}_bg.wasm`)));
let loader = readFileSync(join(split, '__wasm_split.js'), 'utf8');
for (const [from, to] of Object.entries(files)) loader = loader.replaceAll(`"./${from}"`, `"./${to}"`);
let glue = readFileSync(join(bound, `${crate}.js`), 'utf8');
const suffix = sha256(loader + glue + files[`${crate}_bg.wasm`]).slice(0, 16);
const gluePath = `${crate}-${suffix}.js`;
const loaderPath = `__wasm_split-${suffix}.js`;
loader = loader.replaceAll(`from "./${crate}.js"`, `from "./${gluePath}"`);
// Only the import statements: the wasm's own import module names stay.
glue = glue.replaceAll(/^(import \* as \w+ from )"\.\/__wasm_split\.js"/gm, `$1"./${loaderPath}"`);
writeFileSync(join(stage, loaderPath), loader);
writeFileSync(join(stage, gluePath), glue);

put('main.css', readFileSync(join(root, 'style/main.css')));
for (const f of readdirSync(join(root, 'public'))) cpSync(join(root, 'public', f), join(stage, f));

// The page: the stylesheet, the main module preloaded, the loader script
// (the one inline script, allowed by its hash in the CSP).
const boot = `
import init from './${gluePath}';
await init({ module_or_path: './${files[`${crate}_bg.wasm`]}' });
`;
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' 'sha256-${sha256(boot, 'base64')}'`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
const page = readFileSync(join(root, 'index.html'), 'utf8')
  .replace('<!-- CSP -->', `<meta http-equiv="Content-Security-Policy" content="${csp}" />`)
  .replace('href="style/main.css"', `href="./${files['main.css']}"`)
  .replace(
    '<!-- APP -->',
    `<link rel="modulepreload" href="./${gluePath}" />
    <link rel="preload" href="./${files[`${crate}_bg.wasm`]}" as="fetch" type="application/wasm" crossorigin />
    <script type="module">${boot}</script>`,
  );
writeFileSync(join(stage, 'index.html'), page);

// The 404 page: GitHub Pages serves it for unknown paths at any depth; it
// finds the app among the path's prefixes and goes there.
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
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${sha256(notFoundScript, 'base64')}'; connect-src 'self'" />
    <title>Majesty: page not found</title>
  </head>
  <body>
    <p>This page does not exist. Taking you back to the game…</p>
    <script>${notFoundScript}</script>
  </body>
</html>
`,
);

// The service worker: every file of the build, and a cache named by the hash
// of all their contents, so a new build replaces the old cache.
const site = readdirSync(stage)
  .filter((f) => f !== 'sw.js' && f !== '404.html')
  .sort();
const version = createHash('sha256');
for (const f of site) version.update(f).update(readFileSync(join(stage, f)));
const precache = ['./', ...site.filter((f) => f !== 'index.html').map((f) => './' + f)];
const sw = readFileSync(join(root, 'scripts/sw-template.js'), 'utf8')
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__PRECACHE__', JSON.stringify(precache, null, 2));
writeFileSync(join(stage, 'sw.js'), sw);

rmSync(out, { recursive: true, force: true });
renameSync(stage, out);
const chunks = Object.keys(files).filter((f) => f.endsWith('.wasm') && f !== `${crate}_bg.wasm`);
console.log(`build: dist/ with ${site.length + 2} files (${chunks.length} wasm chunks loaded on demand); sw.js precaches ${precache.length}`);
