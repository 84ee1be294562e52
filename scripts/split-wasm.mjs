// Splits the page's WebAssembly module at its split points (the
// `#[wasm_split]` functions of src/parts/), in Trunk's post-build hook
// (scripts/post-build.mjs), the way cargo-leptos orders it:
//
//   1. the raw module cargo linked (with `--emit-relocs`: build.rs) is split
//      by `wasm-split-cli` into the main module, one module per part (and
//      chunks that parts share) and a loader script, `__wasm_split.js`;
//   2. wasm-bindgen (`--keep-lld-exports`: the parts import the main
//      module's functions by their linker names) makes the main module's
//      JavaScript glue, replacing the one Trunk made from the whole module;
//   3. release: wasm-opt shrinks every module, and lays out its functions
//      for the packer (scripts/order-functions.mjs); the main module's imports
//      from its glue get short names (scripts/short-names.mjs); terser the
//      two scripts;
//      every module that gains from it is packed with xz for the journey
//      (scripts/pack-wasm.mjs);
//   4. every part and the loader are named by the hash of their contents, so
//      no cache ever mixes two builds; the page's files keep Trunk's names
//      (its hash is of the raw module, so it changes whenever the code does),
//      and the integrity digests Trunk wrote in index.html are recomputed.
//
// Debug builds (`trunk serve`) are split too: a module with split points
// that is not split cannot start (its glue imports the splitter's
// placeholder module). Returns the names of the files it wrote.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKED, moduleFetch, pack, packIfWorth, startFetch, writeUnpacker } from './pack-wasm.mjs';
import { SHEETS } from './bundle-css.mjs';
import { shortenGlueImports } from './short-names.mjs';
import { orderFunctions } from './order-functions.mjs';

export const BIN = 'majesty-web';
// The same wasm-opt options as the search worker's link in index.html
// (scripts/split-wasm.test.mjs checks that they agree).
export const WASM_OPT = [
  '-Oz',
  '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
  '--strip-debug', '--strip-producers', '--strip-target-features',
];

/// The first digits of the puzzles' ids, one shard of the puzzles each
/// (`puzzles-<digit>.json`: scripts/post-build.mjs).
export const SHARD_DIGITS = [...'0123456789abcdef'];

/// The `id` of the decoder's script in the page (`startPacked`), by which
/// the page's first script hears that it is in (`preload`).
const DECODER_ID = 'unxz';

// Ten hex digits: enough that two builds never share a name, and few, as
// the loader and the page's first script write every part's name.
const hashOf = (data) => createHash('sha256').update(data).digest('hex').slice(0, 10);
const run = (tool, args) => execFileSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });

/// A tool from PATH, else from the project's npm tools.
export function tool(root, name) {
  const local = join(root, 'node_modules/.bin', name);
  return existsSync(local) ? local : name;
}

/// Cargo's target directory.
const targetDir = (root) => process.env.CARGO_TARGET_DIR ?? join(root, 'target');

/// The page's module as the linker wrote it, before the split: cargo's
/// output for the release or the debug profile.
export function rawModule(root, release) {
  return join(targetDir(root), 'wasm32-unknown-unknown', release ? 'release' : 'debug', `${BIN}.wasm`);
}

/// Splits the linker's module `raw` into `work`: the parts and chunks
/// (`split_*.wasm`, `chunk_*.wasm`) and their loader (`__wasm_split.js`),
/// then the main module through wasm-bindgen, with its glue, into
/// `work/bindgen/` (`<name>_bg.wasm`, `<name>.js`), names kept.
export function splitRaw(root, raw, work, name) {
  mkdirSync(join(work, 'bindgen'), { recursive: true });
  run(tool(root, 'wasm-split-cli'), [raw, work, '--out-name', name]);
  run(tool(root, 'wasm-bindgen'), [
    '--target', 'web', '--keep-lld-exports', '--no-typescript',
    '--out-dir', join(work, 'bindgen'), '--out-name', name, join(work, `${name}.wasm`),
  ]);
}

export function splitPage({ root, stage, release }) {
  const staged = readdirSync(stage).find((f) => new RegExp(`^${BIN}-[0-9a-f]+_bg\\.wasm$`).test(f));
  if (!staged) throw new Error(`split: no ${BIN}-<hash>_bg.wasm in ${stage}`);
  const name = staged.replace(/_bg\.wasm$/, '');
  const raw = rawModule(root, release);
  const work = join(targetDir(root), 'wasm-split', release ? 'release' : 'debug');
  rmSync(work, { recursive: true, force: true });
  splitRaw(root, raw, work, name);

  const parts = readdirSync(work).filter((f) => f.endsWith('.wasm') && f !== `${name}.wasm`);
  if (release) {
    for (const f of [...parts.map((p) => join(work, p)), join(work, 'bindgen', `${name}_bg.wasm`)]) {
      run(tool(root, 'wasm-opt'), [...WASM_OPT, f, '-o', f]);
      orderFunctions(tool(root, 'wasm-opt'), f, WASM_OPT);
    }
  }

  // The parts, named by their contents, and the loader that fetches them.
  let loader = oneTaskEach(readFileSync(join(work, '__wasm_split.js'), 'utf8'));
  const modules = modulesOfParts(loader);
  const sheets = stageSheets(root, stage, modules);
  loader = withSheets(loader, sheets);
  const named = [];
  for (const part of parts) {
    const file = `${part.replace(/\.wasm$/, '')}-${hashOf(readFileSync(join(work, part)))}.wasm`;
    const quoted = `"./${part}"`;
    if (!loader.includes(quoted)) throw new Error(`split: the loader does not name ${quoted}`);
    loader = loader.replaceAll(quoted, `"./${file}"`);
    renameSync(join(work, part), join(stage, file));
    if (release && packIfWorth(join(stage, file))) {
      loader = fetchedPacked(loader, file);
      named.push(file + PACKED);
    } else {
      named.push(file);
    }
  }
  const byPart = Object.fromEntries(parts.map((p, i) => [p, named[i]]));
  const { together, kept } = release ? bundleLinkedParts(stage, modules, byPart) : { together: {}, kept: {} };
  const readerBundle = release ? keptReader(stage, modules, byPart, kept) : undefined;
  const clicked = release ? bundleClickedParts(stage, modules, byPart, kept) : {};
  if (release) settledFromLinks(clicked, modules, byPart, together);
  if (release) loader = oneFetcher(fromBundles(loader, clicked));
  let glue = readFileSync(join(work, 'bindgen', `${name}.js`), 'utf8');
  if (release) {
    glue = shortenGlueImports(join(work, 'bindgen', `${name}_bg.wasm`), glue, `./${name}_bg.js`);
    loader = minify(root, loader);
    glue = minify(root, glue);
  }
  const loaderFile = `${name}-parts-${hashOf(loader)}.js`;
  writeFileSync(join(stage, loaderFile), loader);
  let door = doorTo(loader, `./${loaderFile}`, `./${name}.js`);
  if (release) door = minify(root, door);
  const doorFile = `${name}-door-${hashOf(door)}.js`;
  writeFileSync(join(stage, doorFile), door);
  // Only where the glue imports it: the module's import table keeps the name.
  const linked = /(from\s*)(["'])\.\/__wasm_split\.js\2/g;
  if (!linked.test(glue)) throw new Error('split: the glue does not import ./__wasm_split.js');
  glue = glue.replace(linked, `$1"./${doorFile}"`);
  writeFileSync(join(stage, `${name}.js`), glue);
  renameSync(join(work, 'bindgen', `${name}_bg.wasm`), join(stage, staged));
  // (wasm-bindgen's snippets/, if any, are the ones Trunk already staged.)
  resign(stage, [`${name}.js`, staged]);
  const packed = release ? startPacked(root, stage, staged) : undefined;
  preload(stage, modules, byPart, sheets, packed, loaderFile, doorFile, together, readerBundle, keptPlaces(root));
  console.log(`split: ${BIN} into its main module and ${named.length} parts (${release ? 'release, packed' : 'debug'})`);
  return { glue: `${name}.js`, loader: loaderFile, parts: named, unpacker: packed?.unpacker, bundles: kept };
}

/// The loader's door: what the glue imports in its place, so that the
/// first load does not carry the loader, which names every part's files
/// (3 KB gzip). Each of the loader's functions, asked by the main module
/// to fetch a part, first imports the loader itself (once), then hands it
/// the request; if the loader cannot be fetched, the main module hears
/// that the part could not be (its callback, given `false`), as when a
/// part's own file cannot be.
export function doorTo(loader, loaderUrl, glueUrl) {
  const names = [...loader.matchAll(/export\s+const\s+(__wasm_split_load_\w+)\s*=/g)].map((m) => m[1]);
  if (names.length === 0) throw new Error('split: the loader exports no __wasm_split_load_* function');
  return [
    `import { initSync } from ${JSON.stringify(glueUrl)};`,
    // (A module that failed to load stays failed under its address: a
    // new attempt asks for it under another.)
    'let loader;',
    'let tries = 0;',
    'const failed = (callback, data) => initSync(undefined, undefined).__indirect_function_table.get(callback)(data, false);',
    'const via = (name) => (callback, data) => {',
    `  loader ??= import(${JSON.stringify(loaderUrl)} + (tries ? "?" + tries : ""));`,
    '  return loader.then((parts) => parts[name](callback, data), (error) => {',
    '    loader = undefined;',
    '    tries += 1;',
    '    console.error(error);',
    '    failed(callback, data);',
    '  });',
    '};',
    ...names.map((n) => `export const ${n} = via(${JSON.stringify(n)});`),
    '',
  ].join('\n');
}

/// Each link's part (`LINKED`) and every module it needs, unpacked, in one
/// file packed with xz, `bundle_<part>-<hash>.bin.xz`, which a link
/// opening on that part fetches in their place (`preload`): one request
/// rather than one per module (the editor needs 44, and a browser asks a
/// server over HTTP/1.1 for six at a time), and one packed stream, smaller
/// than the modules packed or gzipped one by one. Returns each bundle's
/// file by part (`together`), and the modules each holds by the bundle's
/// name unpacked (`kept`): the service worker keeps the bundles unpacked,
/// put together from the modules it keeps (scripts/sw-template.js).
function bundleLinkedParts(stage, modules, named) {
  const together = {};
  const kept = {};
  for (const link of LINKED) {
    const part = link.name ?? link.part;
    if (together[part]) continue;
    const files = modulesOfLink(modules, link).map((f) => named[f]);
    const { file, unpacked, addresses } = writeBundle(stage, `bundle_${part}`, files);
    together[part] = file;
    kept[unpacked] = addresses;
  }
  return { together, kept };
}

/// The record reader's modules, which a browser that keeps games asks for
/// with the page's first files (`preload`), in one file packed with xz as
/// a link's part's (`bundle_reader-<hash>.bin.xz`; its 19 modules 26.4 →
/// 20.2 KB as they travel), unpacked where the service worker serves the
/// page (added to `kept`). Returns both names: `packed`, `unpacked`.
function keptReader(stage, modules, named, kept) {
  const files = modulesOfLink(modules, { part: 'reader' }).map((f) => named[f]);
  const { file, unpacked, addresses } = writeBundle(stage, 'bundle_reader', files);
  kept[unpacked] = addresses;
  return { packed: `./${file}`, unpacked };
}

/// The parts whose modules a page has before a person clicks anything
/// (the home screen and the new-game screen, fetched as a home screen comes
/// up: src/parts/), or asks for one by one with its first files (the record
/// reader, where the browser keeps games: `preload`).
const SETTLED = ['home', 'setup'];
const ASKED_ALONE = ['reader'];

/// Every other part's modules that a home screen has not fetched, in one
/// file packed with xz (`bundle_clicked_<part>-<hash>.bin.xz`), which the
/// loader fetches in their place when the page first asks for that part
/// (`fromBundles`): as for a link's bundle, one request rather than one per
/// module, and one packed stream. Returns, by part, the bundle's file and
/// the modules it holds, each by its key (`moduleKey`), separated by spaces;
/// adds each to `kept`, for the service worker (`bundleLinkedParts`).
function bundleClickedParts(stage, modules, named, kept) {
  const clicked = {};
  for (const [part, left] of Object.entries(clickedBundles(modules))) {
    const { file, unpacked, addresses } = writeBundle(stage, `bundle_clicked_${part}`, left.map((f) => named[f]));
    clicked[part] = [file, addresses.map(moduleKey).join(' ')];
    kept[unpacked] = addresses;
  }
  return clicked;
}

/// The home screen's modules where a page did not open on it (a board,
/// which fetches them in idle time: src/app.rs), from the bundle its own
/// link's page fetches (`bundleLinkedParts`) rather than one by one: one
/// request of 17.3 KB instead of 39 of 29.6 KB in all. Adds each such
/// part to `clicked`, as `bundleClickedParts` does.
function settledFromLinks(clicked, modules, named, together) {
  for (const part of SETTLED.filter((p) => together[p])) {
    const keys = modulesOfLink(modules, { part }).map((f) => moduleKey(unpackedAddress(named[f])));
    clicked[part] = [together[part], keys.join(' ')];
  }
}

/// What each part's bundle for a later request holds (`modules`: each
/// part's modules, `modulesOfParts`): its modules but the home screen's and
/// the new-game screen's; none for those two and the record reader, nor
/// where fewer than three modules are left.
export function clickedBundles(modules) {
  const settled = new Set(SETTLED.flatMap((p) => modules[p] ?? []));
  const bundles = {};
  for (const [part, files] of Object.entries(modules)) {
    if (SETTLED.includes(part) || ASKED_ALONE.includes(part)) continue;
    const left = files.filter((f) => !settled.has(f));
    if (left.length >= 3) bundles[part] = left;
  }
  return bundles;
}

/// What names a module in the loader's list of a part's bundle, its
/// shortest part: a chunk's number, a part's name (`./chunk_27-<hash>.wasm`
/// is `27`, `./split_editor-<hash>.wasm` is `editor`). The loader reads an
/// address the same way (`__key`), as the list is on a home screen's first
/// load.
const MODULE_KEY = /(?:chunk_(\d+)|split_(\w+))-[0-9a-f]+\.wasm$/;
export function moduleKey(address) {
  const m = MODULE_KEY.exec(address);
  if (!m) throw new Error(`split: no key for the module ${address}`);
  return m[1] ?? m[2];
}

/// The modules `files` (as they travel, packed or not) unpacked, in one
/// file `<name>-<hash>.bin`, packed with xz: the length of its list (4
/// bytes, little-endian), the list (JSON: [[the module's address as the
/// loader names it, its length], …]), then the modules one after the other.
/// Returns the packed file's name, the address of the file unpacked (which
/// only the service worker keeps) and each module's address.
function writeBundle(stage, name, files) {
  const unpacked = files.map((f) => {
    const path = join(stage, f);
    const bytes = f.endsWith(PACKED) ? execFileSync('xz', ['-dc', path], { maxBuffer: 256 << 20 }) : readFileSync(path);
    return [unpackedAddress(f), bytes];
  });
  const list = Buffer.from(JSON.stringify(unpacked.map(([address, bytes]) => [address, bytes.length])));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(list.length);
  const bundle = Buffer.concat([length, list, ...unpacked.map(([, bytes]) => bytes)]);
  const file = `${name}-${hashOf(bundle)}.bin`;
  writeFileSync(join(stage, file), bundle);
  pack(join(stage, file));
  return { file: file + PACKED, unpacked: `./${file}`, addresses: unpacked.map(([address]) => address) };
}

/// JavaScript (a function expression, written in the page's first script
/// and in the loader alike) that reads an unpacked bundle (`writeBundle`:
/// an ArrayBuffer) into a Map of its modules' bytes by address.
const READ_BUNDLE =
  'function(all){var n=new DataView(all).getUint32(0,true),list=JSON.parse(new TextDecoder().decode(new Uint8Array(all,4,n))),' +
  'at=4+n,modules=new Map();list.forEach(function(e){modules.set(e[0],new Uint8Array(all,at,e[1]));at+=e[1]});return modules}';

/// The address the loader names a module by, unpacked (`chunk_7-<hash>.wasm.xz`
/// is `./chunk_7-<hash>.wasm`).
const unpackedAddress = (file) => `./${file.endsWith(PACKED) ? file.slice(0, -PACKED.length) : file}`;

/// The loader made to take each module from the bundle the page's first
/// script fetched (`self.majestyBundle`, a link's part: `preload`; packed,
/// or unpacked where the service worker serves the page) when it holds
/// it; else, the first time the page asks for a part that has a bundle of
/// its own (`clicked`: `bundleClickedParts`), from that bundle (unpacked
/// where the service worker serves the page), where most of its modules
/// are still to be fetched; and
/// otherwise to fetch it as before (no bundle, a module it does not hold,
/// without waiting for it; a bundle that could not be fetched).
function fromBundles(loader, clicked) {
  const fetches = /(?:fetch|self\.majestyModule)\(new URL\("(\.\/[^"]+\.wasm)", import\.meta\.url\)\)/g;
  let found = 0;
  loader = loader.replace(fetches, (whole, address) => {
    found += 1;
    return `__bundled("${address}", () => ${whole})`;
  });
  if (found === 0) throw new Error('split: the loader fetches no module as expected');
  for (const part of Object.keys(clicked)) {
    const start = `export const __wasm_split_load_${part} = wrapAsyncCb(`;
    if (!loader.includes(start)) throw new Error(`split: the loader does not start the ${part} part as expected`);
    loader = loader.replace(start, `export const __wasm_split_load_${part} = __clicked(${JSON.stringify(part)}, `);
  }
  return `${loader}
/* The modules of a link's part, or of a part asked for, fetched together (scripts/split-wasm.mjs). */
let __bundle;
let __keptBundle;
const __clickedBundles = ${JSON.stringify(clicked)};
const __inBundle = new Map();
const __asked = new Set();
const __key = (address) => {
    const m = ${MODULE_KEY}.exec(address);
    return m && (m[1] ?? m[2]);
};
function __clicked(part, load) {
    const started = wrapAsyncCb(load);
    return (callbackIndex, callbackData) => {
        const [file, list] = __clickedBundles[part];
        const keys = list.split(" ");
        const left = keys.filter((k) => !__asked.has(k) && !__inBundle.has(k));
        if (left.length * 2 > keys.length) {
            const served = self.majestyServed ? file.slice(0, -${PACKED.length}) : file;
            const bundle = { url: new URL(served, import.meta.url) };
            for (const k of left) __inBundle.set(k, bundle);
        }
        return started(callbackIndex, callbackData);
    };
}
const __readBundle = ${READ_BUNDLE};
function __unbundled(fetched) {
    const unpacked = (response) => {
        if (!response.ok) throw new Error(response.url + ": " + response.status);
        return response.url.endsWith(${JSON.stringify(PACKED)}) ? self.majestyUnpack(response) : response;
    };
    return fetched.then(unpacked).then((r) => r.arrayBuffer()).then(__readBundle);
}
function __bundled(address, fetchIt) {
    const key = __key(address);
    __asked.add(key);
    // [a link's modules, compiled as soon as they were in, or the home
    // screen's bundle as fetched (\`preload\`); the files it holds, as the
    // page names them]
    const [first, files] = self.majestyBundle ?? [];
    const [keptFetched, keptFiles] = self.majestyKept ?? [];
    const holds = (list) => list?.some((f) => "./" + f.replace(/\.xz$/, "") === address);
    let modules;
    if (holds(files)) {
        modules = (__bundle ??= first.then((got) => (got instanceof Map ? got : __unbundled(Promise.resolve(got)))));
    } else if (holds(keptFiles)) {
        modules = (__keptBundle ??= __unbundled(keptFetched));
    } else {
        const bundle = __inBundle.get(key);
        if (!bundle) return fetchIt();
        __inBundle.delete(key);
        modules = (bundle.modules ??= __unbundled(fetch(bundle.url)));
    }
    // Each module handed on (and compiled) in a task of its own
    // (oneTaskEach), not all of the bundle's in the task that unpacked it.
    return modules.then((all) => __nextTask().then(() => all)).then((all) => {
        const module = all.get(address);
        if (!module) return fetchIt();
        all.delete(address);
        return module instanceof Uint8Array ? new Response(module, { headers: { "content-type": "application/wasm" } }) : module;
    }, () => fetchIt());
}
`;
}

/// The loader with one function that fetches and starts a module, rather
/// than the splitter's four lines written out for each of its 150 modules,
/// which the first part a page asks for would bring with the loader.
/// `__module(address, packed)`: `packed`, a module packed with xz.
function oneFetcher(loader) {
  const each = new RegExp(
    String.raw`makeLoad\(\(\) => \{\s*const src = __bundled\("(\./[^"]+)", \(\) => (fetch|self\.majestyModule)\(new URL\("\1", import\.meta\.url\)\)\);` +
      String.raw`\s*src\.catch\(\(\) => \{\}\);\s*return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\s*\}\s*,`,
    'g',
  );
  const compact = loader.replace(each, (_, address, how) => `makeLoad(__module("${address}", ${how === 'fetch' ? 0 : 1}),`);
  if (compact.includes('instantiateStreaming(src, imports)')) throw new Error('split: a module of the loader is not fetched as expected');
  return `${compact}
/* Fetches and starts a module (scripts/split-wasm.mjs). */
function __module(address, packed) {
    return () => {
        const url = new URL(address, import.meta.url);
        const src = __bundled(address, () => (packed ? self.majestyModule(url) : fetch(url)));
        src.catch(() => {});
        return async (imports) => {
            const got = await src;
            // (A link's bundle's modules come compiled.)
            if (got instanceof WebAssembly.Module) return WebAssembly.instantiate(got, imports);
            return WebAssembly.instantiateStreaming(got, imports);
        };
    };
}
`;
}

/// The loader made to ask for each module in a task of its own
/// (`__nextTask`, which `fromBundles` uses too). A part that shares many
/// chunks would otherwise start all their fetches in the one task that
/// asks for it, and a bundle's modules would all be compiled in the task
/// that unpacked them (50 to 230 ms for a part's fifty chunks on a CPU
/// three times slower than a desktop's): long enough to hold a click, or
/// to land while a computer thinks (the board fetches its later parts in
/// idle time). A message to itself rather than a timer: a hidden tab holds
/// its timers back to one a second.
function oneTaskEach(loader) {
  const fetches = 'const instantiate = fetcher();';
  if (!loader.includes(fetches)) throw new Error('split: the loader does not start its fetches as expected');
  return `${loader.replace(fetches, `await __nextTask();\n        ${fetches}`)}
/* A task of its own (scripts/split-wasm.mjs): each message to the one
   channel is a task, which lets the first in line go on. One message at
   a time: a part's fifty modules are asked for together, and fifty
   messages posted at once take long in themselves. */
const __waiting = [];
const __tasks = new MessageChannel();
__tasks.port1.onmessage = () => {
    const next = __waiting.shift();
    if (__waiting.length > 0) __tasks.port2.postMessage(0);
    next();
};
function __nextTask() {
    return new Promise((next) => {
        if (__waiting.push(next) === 1) __tasks.port2.postMessage(0);
    });
}
`;
}

/// The style sheets of the parts (scripts/bundle-css.mjs wrote them in
/// target/sheets/), named by their contents in `stage`: each part's, by
/// part (`{ editor: ['editor-<hash>.css'] }`).
function stageSheets(root, stage, modules) {
  const byPart = {};
  for (const [sheet, parts] of Object.entries(SHEETS)) {
    const css = readFileSync(join(root, 'target', 'sheets', `${sheet}.css`));
    const file = `${sheet}-${hashOf(css)}.css`;
    writeFileSync(join(stage, file), css);
    for (const part of parts) {
      if (!modules[part]) throw new Error(`split: the sheet ${sheet} names a part there is not: ${part}`);
      (byPart[part] ??= []).push(file);
    }
  }
  return byPart;
}

/// The loader made to fetch each part's style sheets with its modules: a
/// part is here (and draws) once its sheets are in too; a sheet that
/// cannot be fetched is a part that cannot be (Retry asks again).
function withSheets(loader, sheets) {
  for (const [part, files] of Object.entries(sheets)) {
    const load = new RegExp(`(export const __wasm_split_load_${part} = wrapAsyncCb\\(makeLoad\\([\\s\\S]*?, \\[)([^\\]]*)(\\]\\)\\))`);
    if (!load.test(loader)) throw new Error(`split: the loader does not load the part ${part} as expected`);
    loader = loader.replace(load, (_, start, deps, end) =>
      start + [deps.trim(), ...files.map((f) => `__sheet("./${f}")`)].filter(Boolean).join(', ') + end);
  }
  return `${loader}
/* The parts' style sheets (scripts/split-wasm.mjs), each added once. */
const __sheets = new Map();
function __sheet(file) {
    return () => {
        if (!__sheets.has(file)) {
            const added = new Promise((resolve, reject) => {
                const link = document.createElement("link");
                link.rel = "stylesheet";
                link.href = new URL(file, import.meta.url).href;
                link.onload = () => resolve();
                link.onerror = () => {
                    link.remove();
                    __sheets.delete(file);
                    reject(new Error("could not fetch " + file));
                };
                document.head.append(link);
            });
            __sheets.set(file, added);
        }
        return __sheets.get(file);
    };
}
`;
}

/// The loader's fetch of the part `file` made the fetch of a packed module.
function fetchedPacked(loader, file) {
  const url = `new URL("./${file}", import.meta.url)`;
  if (!loader.includes(`fetch(${url})`)) throw new Error(`split: the loader does not fetch ./${file} as expected`);
  return loader.replaceAll(`fetch(${url})`, moduleFetch(url));
}

/// Packs the main module and writes it into the page, so that it travels
/// with the page's own response rather than one round trip after it (on a
/// slow phone connection, 150 ms): base64 text in `<script
/// type=text/plain>` elements at the end of the body, each followed by a
/// script that hands its bytes to the stream the page's first script made
/// (`majestyInline`, `preload`), which `majestyStart` unpacks and compiles
/// as it arrives. Gzip takes back most of what base64 adds (the main module
/// 222.9 KB packed, 224.9 KB in the page). The packed file stays beside the
/// page, for the service worker and a browser without streams, which fetch
/// it with its integrity (`majestyStart`). Trunk's start script runs as
/// soon as the glue is in (`async`), not once the page is parsed (that is
/// once the module has arrived), and starts the module once the decoder's
/// script is in too (`majestyDecoderIn`, made by the page's first script:
/// `preload`), but on a page the service worker serves (`startFetch`).
/// That script is `async` as well: the page's body, and what it
/// shows before the app (index.html), need not wait for it. Returns the
/// decoder script's name and the module's, with that integrity.
function startPacked(root, stage, staged) {
  const { script: unpacker, module: decoder } = writeUnpacker(root, stage);
  pack(join(stage, staged));
  const integrity = sri(join(stage, staged + PACKED));
  const pagePath = join(stage, 'index.html');
  let page = readFileSync(pagePath, 'utf8');
  const edits = [
    [new RegExp(`<link[^>]*href=["']?\\./${staged.replace(/\./g, '\\.')}["' ][^>]*>`), ''],
    [new RegExp(`module_or_path:\\s*(["'])\\./${staged.replace(/\./g, '\\.')}\\1`), `module_or_path: ${startFetch(`./${staged}`, integrity)}`],
    [/<script\b[^>]*\btype=["']?module\b[^>]*>/, (start) => `<script id="${DECODER_ID}" src="./${unpacker}" async></script>${start.replace(/>$/, ' async>')}`],
    [/<\/body>/, (end) => `${inlineModule(readFileSync(join(stage, staged + PACKED)))}${end}`],
  ];
  for (const [what, by] of edits) {
    if (!what.test(page)) throw new Error(`split: index.html has no ${what} to start from the packed module`);
    page = page.replace(what, by);
  }
  writeFileSync(pagePath, page);
  return { unpacker, decoder, main: staged, integrity };
}

/// The packed main module as the page carries it (`startPacked`): pieces
/// of base64 a few kilobytes long, each handed on as soon as it is parsed,
/// then the end of the stream. Every script is the same text, so the
/// page's policy allows them with two hashes.
function inlineModule(packed) {
  const text = packed.toString('base64');
  const piece = 8192;
  let html = '';
  for (let at = 0; at < text.length; at += piece) {
    html += `<script type=text/plain>${text.slice(at, at + piece)}</script><script>majestyFeed()</script>`;
  }
  return `${html}<script>majestyFeed(1)</script>`;
}

/// Each part's modules as the loader fetches them: its own and the chunks
/// it shares with other parts (`{ editor: ['split_editor.wasm',
/// 'chunk_3.wasm'] }`), read from the loader the splitter wrote.
function modulesOfParts(loader) {
  const chunks = {};
  for (const m of loader.matchAll(/const (__chunk_\d+) = makeLoad\([\s\S]*?"\.\/([\w.-]+\.wasm)"/g)) chunks[m[1]] = m[2];
  const parts = {};
  const load = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\([\s\S]*?"\.\/([\w.-]+\.wasm)"[\s\S]*?, \[([^\]]*)\]\)\)/g;
  for (const m of loader.matchAll(load)) {
    const deps = m[3].split(',').map((d) => d.trim()).filter(Boolean).map((d) => chunks[d]);
    parts[m[1]] = [m[2], ...deps];
  }
  return parts;
}

/// The parts a link opens on (src/opening/mod.rs, `first_part`), by what
/// its address holds, in the order `Link::route` takes them; a frame
/// (`embed=1`) opens no live game or game by link. `with`: other parts the
/// page fetches before its first paint for such a link (a record in the
/// link is read by the record reader's part: `reads_records`); `data`:
/// files the part fetches as it opens (the puzzles; `$1`: what the test's
/// group matched, as a puzzle's shard by its id); `name`: the bundle's,
/// where a link opens on the same part as another but needs more with it
/// (the puzzles' list, `?puzzle=1`, its own part; a puzzle's link draws
/// its board without it). The first link that matches is the page's.
const LINKED = [
  { test: '[#&](live|answer)=', part: 'live', framed: false },
  { test: '[#&]play=', part: 'by_link', framed: false },
  { test: '[?&]rules=', part: 'rules' },
  { test: '[?&]puzzle=1(?![^&#])', part: 'puzzles', with: ['puzzle_list'], data: ['puzzles.json'], name: 'puzzle_list' },
  { test: '[?&]puzzle=([0-9a-f])[0-9a-f]*(?![^&#])', part: 'puzzles', data: ['puzzles-$1.json'] },
  { test: '[?&]puzzle=', part: 'puzzles', data: ['puzzles.json'] },
  { test: '[?&]tutorial=', part: 'tutorial' },
  { test: '[?&]editor=', part: 'editor' },
  { test: '[#&]record=', part: 'replay', with: ['reader', 'final_table'] },
  { test: '[?&]setup=', part: 'setup' },
  { test: '[?&]stats=', part: 'statistics' },
  // Nothing of the above, nor a game to start or go on with: the home
  // screen.
  { test: '^(?![\\s\\S]*[?&#](?:live|answer|play|rules|puzzle|tutorial|editor|record|deal|players|sides|deck|embed|game|setup|stats)=)', part: 'home' },
];

/// The modules a link's page fetches as it opens (`LINKED`): its part's and
/// those of the parts it needs `with` it, each once.
function modulesOfLink(modules, { part, with: also = [] }) {
  const all = [part, ...also].flatMap((p) => {
    if (!modules[p]) throw new Error(`split: no part ${p} to preload`);
    return modules[p];
  });
  return [...new Set(all)];
}

/// An inline script at the top of the page that asks for the modules it
/// will need beside its first files, rather than after it has started: the
/// part its link opens on (the page still fetches them itself: a wrong
/// guess costs bytes, never a screen), the parts' loader (`loader`, which
/// the first load otherwise does without: `doorTo`), its style sheets and, in a packed
/// build (`packed`), the decoder's module, and the main module where the
/// page does not carry it; the record reader's modules where the browser
/// keeps games; and always the loader's door (`door`). The list of
/// each part's files is a script of its own (`routes-<hash>.js`), fetched
/// only by a link that opens on a part: a deal's board would carry it for
/// nothing (1.4 KB gzip); the home screen's files, the last link's, are
/// listed in the first script itself. `named`
/// names each module as it travels (packed or not); where the service
/// worker serves the page, the page asks for the modules themselves, and
/// says so to `majestyModule` (`majestyServed`).
function preload(stage, modules, named, sheets, packed, loader, door, together, readerBundle, places) {
  const routes = LINKED.map((link) => {
    const { test, part, framed, data = [] } = link;
    const each = (file) => (file.includes('$1') ? SHARD_DIGITS.map((d) => file.replace('$1', d)) : [file]);
    for (const file of data.flatMap(each)) {
      if (!existsSync(join(stage, file))) throw new Error(`split: no ${file} for the ${part} part's links`);
    }
    const files = [loader, ...modulesOfLink(modules, link).map((f) => named[f]), ...(sheets[part] ?? []), ...data];
    const bundle = together[link.name ?? part];
    return bundle ? [test, framed === false, files, bundle] : [test, framed === false, files];
  });
  // The main module: in a packed build, the stream that the page's own
  // text feeds (`majestyInline`, `majestyFeed`: `startPacked`), where the
  // page reads it: not where the service worker serves the modules
  // unpacked, nor in a browser without streams, which ask for its file.
  // And the decoder's own module where the page will unpack (not where the
  // service worker serves the modules unpacked).
  // A browser that keeps games reads them before its first paint, with
  // the record reader (src/opening/mod.rs, `reads_records`): the page asks
  // for the reader's modules with its first files (each that its link's
  // part does not bring: `kept`), not once its main module has started.
  // Where exactly one place of a game is kept (`o`), a plain visit most
  // likely goes on with that game (src/opening/mod.rs, `likely_goes_on`):
  // its page asks for no home screen, which comes in idle time once the
  // board is up.
  const reader = modulesOfLink(modules, { part: 'reader' }).map((f) => named[f]);
  const keeps =
    `var g=[],o=0,readable=false;try{for(var j=0;j<localStorage.length;j++){var y=localStorage.key(j);` +
    // (A word, not a letter: the script's letters are taken, `k` by the
    // main module's stream, `main` below, which runs before this.)
    `var game=/${places.games}/.test(y);if(game)o++;if(game||/${places.links}/.test(y))g=${JSON.stringify(reader)}}readable=true}catch(e){}` +
    `self.majestyReader=g;`;
  // The decoder's script (`startPacked`), whose functions start the main
  // module: `majestyDecoderIn`, once it is in; a script that could not be
  // fetched, an error the page tells (index.html).
  // (Heard on the document: an element's load never reaches the window.)
  const decoderIn =
    `self.majestyDecoderIn=new Promise(function(y,x){function d(e){return e.target&&e.target.id===${JSON.stringify(DECODER_ID)}}` +
    `document.addEventListener('load',function(e){if(d(e))y()},true);` +
    `document.addEventListener('error',function(e){if(d(e))x(new Error('could not fetch '+e.target.src))},true)});`;
  const main = packed
    ? decoderIn +
      `var n=!c&&!!(self.ReadableStream&&self.TransformStream),k;if(n)self.majestyInline=new ReadableStream({start:function(r){k=r}});` +
      // (Each piece is base64 text in the element before its script; the
      // script and the piece go once read. A piece that cannot be read, or
      // a page that ends before its last piece, ends the stream with an
      // error, which the page tells.)
      `if(n)document.addEventListener('DOMContentLoaded',function(){if(k){k.error(new Error('the page ended before its module'));k=null}});` +
      `self.majestyFeed=function(end){var t=document.currentScript,d=t.previousElementSibling;t.remove();if(end){if(k){k.close();k=null}return}` +
      `if(d&&d.type==='text/plain'){d.remove();if(k)try{var b=atob(d.textContent),u=new Uint8Array(b.length);for(var i=0;i<b.length;i++)u[i]=b.charCodeAt(i);k.enqueue(u)}catch(e){k.error(e);k=null}}};` +
      `if(!n)p(${JSON.stringify(`./${packed.main}${PACKED}`)},${JSON.stringify(packed.integrity)});if(!c)p(${JSON.stringify(`./${packed.decoder}`)});`
    : '';
  // (Classic scripts: `p` is the inline script's, handed over as
  // `majestyPreload`.)
  // (A page the service worker serves takes the bundle unpacked, which the
  // service worker puts together from the modules it keeps.)
  // What the page of a link `e` asks for, `m` the link's match.
  // (A bundle that cannot be fetched is no error of the page's: the
  // loader then fetches each module alone.)
  // A link's bundle (`early`) is unpacked as soon as it is in, beside the
  // main module (`majestyUnpackBeside`, scripts/pack-wasm.mjs), and each
  // of its modules compiled then: the loader finds them compiled once the
  // page asks for the part, rather than unpacking and compiling them after
  // the page has started. (Not the home screen's, whose script is in every
  // page's own text: its bundle is 17 KB, the code 0.2 KB on every page.)
  const packedBundle = `r.url.slice(-${PACKED.length})===${JSON.stringify(PACKED)}`;
  const compiled =
    `.then(function(r){return ${packedBundle}?self.majestyDecoderIn.then(function(){return self.majestyUnpackBeside(r)}):r})` +
    `.then(function(r){if(!r.ok)throw new Error(r.url+': '+r.status);return r.arrayBuffer()})` +
    `.then(function(a){var m=(${READ_BUNDLE})(a);m.forEach(function(v,k){var w=WebAssembly.compile(v);w.catch(function(){});m.set(k,w)});return m})`;
  const take = (early) =>
    `var b=!!e[3];if(b){var f=fetch(c?e[3].slice(0,-${PACKED.length}):e[3])${early ? compiled : ''};` +
    `f.catch(function(){});self.majestyBundle=[f,e[2]]}` +
    `e[2].forEach(function(f){if(!b||!/\\.wasm(\\.xz)?$/.test(f))p(f.replace('$1',m[1]))});${kept('e[2]', readerBundle)}`;
  // The home screen's files are listed in the page's first script itself:
  // the most visited address waits for no list (1.4 KB) first.
  if (LINKED.at(-1).part !== 'home') throw new Error('split: the last link is not the home screen');
  const home = routes.pop();
  const table =
    `(function(a,p,c){var r=${JSON.stringify(routes)};` +
    `for(var i=0;i<r.length;i++){var e=r[i];if(e[1]&&/[?&]embed=1/.test(a))continue;var m=a.match(new RegExp(e[0]));if(!m)continue;` +
    `${take(true)}break}})(location.search+location.hash,self.majestyPreload,self.majestyServed);\n`;
  const tableFile = `routes-${hashOf(table)}.js`;
  writeFileSync(join(stage, tableFile), table);
  const any = routes.map(([test]) => `(?:${test})`).join('|');
  const script =
    `(function(){var a=location.search+location.hash,` +
    // (Reading the service worker can throw: a sandboxed frame, storage refused.)
    `c=false;try{c=!!(navigator.serviceWorker&&navigator.serviceWorker.controller)}catch(e){}self.majestyServed=c;` +
    // (The parts' loader is asked for as the module it will be, a part's
    // style sheet as the style sheet it will be.)
    `function p(f,i){var l=document.createElement('link');l.rel='preload';` +
    `if(/\\.js$/.test(f)){l.rel='modulepreload';l.href=f;document.head.appendChild(l);return}` +
    `if(/\\.css$/.test(f)){l.as='style';l.href=f;document.head.appendChild(l);return}l.as='fetch';l.crossOrigin='anonymous';` +
    `l.href=c&&f.slice(-${PACKED.length})===${JSON.stringify(PACKED)}?f.slice(0,-${PACKED.length}):f;` +
    `if(i&&!c)l.integrity=i;document.head.appendChild(l)}` +
    main +
    keeps +
    // The loader's door, which the glue imports: asked for with the first
    // files, not once the glue is in (a link's part's files may fill the
    // browser's connections by then).
    `p(${JSON.stringify(`./${door}`)});` +
    `if(new RegExp(${JSON.stringify(any)}).test(a)){self.majestyPreload=p;var t=document.createElement('script');` +
    `t.src=${JSON.stringify(`./${tableFile}`)};t.integrity=${JSON.stringify(sri(join(stage, tableFile)))};document.head.appendChild(t)}` +
    // A first visit to the home screen (nothing kept, storage readable, no
    // service worker serving the page) sees it drawn before the app starts
    // (index.html, `majestyFresh`).
    // Its files are asked for once the drawing is (index.html calls
    // `majestyBeside`): over HTTP/1.1 a browser asks for six files at a
    // time, and the drawing, asked for after them, waited for one of them.
    `else if(o!==1&&new RegExp(${JSON.stringify(home[0])}).test(a)){if(readable&&!g.length&&!c)self.majestyFresh=true;var e=${JSON.stringify(home)},m=[];` +
    `var s=function(){${take(false)}};if(self.majestyFresh)self.majestyBeside=s;else s()}` +
    // (A page that reads kept games before its first paint needs the parts'
    // loader for the reader's part: asked for with the reader's modules.)
    `else{if(g.length)p(${JSON.stringify(loader)});${kept('[]', readerBundle)}}})();`;
  const pagePath = join(stage, 'index.html');
  const page = readFileSync(pagePath, 'utf8');
  const first = page.indexOf('<script');
  if (first < 0) throw new Error('split: index.html has no script to put the preload before');
  writeFileSync(pagePath, `${page.slice(0, first)}<script nonce="{{__TRUNK NONCE__}}">${script}</script>${page.slice(first)}`);
}

/// The places of kept games as the app names them, read from its source
/// (model/src/storage/saves.rs, `is_game_key`'s constants; model/src/
/// by_link.rs, `LINK_PREFIX`), so that the page's first script looks for
/// the very keys the app keeps. Each the source of a regular expression:
/// `games` the places of games, `links` those of the games by link.
export function keptPlaces(root) {
  const constant = (file, name) => {
    const found = new RegExp(`pub const ${name}: &str = "([^"\\\\]+)";`).exec(readFileSync(join(root, file), 'utf8'));
    if (!found) throw new Error(`split: no constant ${name} in ${file}, for the places of kept games`);
    return found[1].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  };
  const saves = 'model/src/storage/saves.rs';
  const [game, old, aside] = ['GAME_PREFIX', 'OLD_SAVE_KEY', 'OLD_ASIDE_KEY'].map((name) => constant(saves, name));
  const link = constant('model/src/by_link.rs', 'LINK_PREFIX');
  return { games: `^(?:${game}|${old}$|${aside}$)`, links: `^${link}` };
}

/// JavaScript that asks for the record reader's modules where the browser
/// keeps games (`self.majestyReader`, set by the page's first script),
/// each that `files` (JavaScript: the link's files) does not name: in
/// their `bundle` (`keptReader`; the loader takes them from
/// `self.majestyKept`), unpacked where the service worker serves the page,
/// packed where the link's files name none of them (else the bundle would
/// bring some twice); otherwise one by one.
const kept = (files, bundle) =>
  `var l=self.majestyReader.filter(function(f){return ${files}.indexOf(f)<0});` +
  (bundle
    ? `if(l.length&&(c||l.length===self.majestyReader.length)){var h=fetch(c?${JSON.stringify(bundle.unpacked)}:${JSON.stringify(bundle.packed)});` +
      `h.catch(function(){});self.majestyKept=[h,l]}else `
    : '') +
  `l.forEach(function(f){p(f)});`;

/// A file's integrity digest, as Trunk writes them.
const sri = (path) => `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;

/// Trunk's integrity digests of `files` in index.html, recomputed.
function resign(stage, files) {
  const pagePath = join(stage, 'index.html');
  let page = readFileSync(pagePath, 'utf8');
  for (const file of files) {
    const digest = sri(join(stage, file));
    const link = new RegExp(`(<link[^>]*href=["']?(?:\\./)?${file.replace(/\./g, '\\.')}["' ][^>]*integrity=["']?)sha384-[A-Za-z0-9+/=]+`, 'g');
    const before = page;
    page = page.replace(link, `$1${digest}`);
    if (page === before && /integrity=/.test(page) && page.includes(file)) {
      throw new Error(`split: index.html names ${file} but its integrity was not found`);
    }
  }
  writeFileSync(pagePath, page);
}

function minify(root, code) {
  const terser = join(root, 'node_modules/.bin/terser');
  return execFileSync(terser, ['--module', '--compress', '--mangle'], { input: code, encoding: 'utf8', maxBuffer: 64 << 20 });
}
