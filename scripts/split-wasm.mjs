// Splits the page's WebAssembly module at its split points (the
// `#[wasm_split]` functions of src/parts/), in Trunk's post-build hook
// (scripts/post-build.mjs), the way cargo-leptos orders it:
//
//   1. `wasm-split-cli` splits the raw module cargo linked (with
//      `--emit-relocs`: build.rs) into the main module, one module per part,
//      the chunks that parts share and their loader, `__wasm_split.js`;
//   2. `wasm-bindgen --keep-lld-exports` writes the main module's glue (the
//      parts import the main module's functions by their linker names);
//   3. release: `wasm-opt` shrinks every module; the main module's
//      functions are laid out for the packer (scripts/order-functions.mjs)
//      and its imports from its glue get short names
//      (scripts/short-names.mjs).
//
// The main module and its glue take the place of the ones Trunk made from
// the whole module (same names). The parts, their chunks and their loader
// go as the splitter wrote them into the build's folder (post-build.mjs),
// so nothing of theirs is renamed.
//
// Debug builds (`trunk serve`) are split too: a module with split points
// that is not split cannot start (its glue imports the splitter's loader).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { orderFunctions } from './order-functions.mjs';
import { shortenGlueImports } from './short-names.mjs';

export const BIN = 'majesty-web';
export const LOADER = '__wasm_split.js';
// The same wasm-opt options as the search worker's link in index.html
// (scripts/build.test.mjs checks that they agree).
export const WASM_OPT = [
  '-Oz',
  '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
  '--strip-debug', '--strip-producers', '--strip-target-features',
];

const run = (tool, args) => execFileSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });

/// A tool from the project's npm tools, else from PATH.
export function tool(root, name) {
  const local = join(root, 'node_modules/.bin', name);
  return existsSync(local) ? local : name;
}

const targetDir = (root) => process.env.CARGO_TARGET_DIR ?? join(root, 'target');

/// The page's module as the linker wrote it: cargo's output for the
/// release or the debug profile.
export function rawModule(root, release) {
  return join(targetDir(root), 'wasm32-unknown-unknown', release ? 'release' : 'debug', `${BIN}.wasm`);
}

/// Splits the linker's module `raw` into `work`: the parts and chunks
/// (`split_*.wasm`, `chunk_*.wasm`) and their loader, then the main module
/// through wasm-bindgen, with its glue, into `work/bindgen/`
/// (`<name>_bg.wasm`, `<name>.js`).
export function splitRaw(root, raw, work, name) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'bindgen'), { recursive: true });
  run(tool(root, 'wasm-split-cli'), [raw, work, '--out-name', name]);
  run(tool(root, 'wasm-bindgen'), [
    '--target', 'web', '--keep-lld-exports', '--no-typescript',
    '--out-dir', join(work, 'bindgen'), '--out-name', name, join(work, `${name}.wasm`),
  ]);
}

/// `text` with every `from` replaced by `to`, where the tool that wrote
/// it offers no option for it; fails the build if `from` is not there, so
/// that a new version of the tool is noticed.
export function replaceEvery(text, from, to, what) {
  if (!text.includes(from)) throw new Error(`${what}: expected ${from}`);
  return text.replaceAll(from, to);
}

/// Splits the page's module that Trunk staged in `stage`: the parts, chunks
/// and loader into `stage/<folder>/`, the main module and its glue in
/// place of Trunk's (the glue still importing the loader from `./`: the
/// hook names the folder once it is full). Returns the glue's name.
export async function splitPage({ root, stage, release, folder }) {
  const staged = readdirSync(stage).find((f) => new RegExp(`^${BIN}-[0-9a-f]+_bg\\.wasm$`).test(f));
  if (!staged) throw new Error(`split: no ${BIN}-<hash>_bg.wasm in ${stage}`);
  const name = staged.replace(/_bg\.wasm$/, '');
  const work = join(targetDir(root), 'wasm-split', release ? 'release' : 'debug');
  splitRaw(root, rawModule(root, release), work, name);

  const main = join(work, 'bindgen', `${name}_bg.wasm`);
  const modules = readdirSync(work).filter((f) => f.endsWith('.wasm') && f !== `${name}.wasm`);
  if (release) {
    await shrink(root, [main, ...modules.map((m) => join(work, m))]);
    // (The parts, gzipped one by one, gain a few hundred bytes in all.)
    await orderFunctions(tool(root, 'wasm-opt'), main, WASM_OPT);
  }
  mkdirSync(join(stage, folder), { recursive: true });
  for (const m of modules) renameSync(join(work, m), join(stage, folder, m));
  // wasm-split-cli has no option for where the loader is from the glue,
  // which it imports by name: the loader sits in the build's folder.
  let loader = replaceEvery(readFileSync(join(work, LOADER), 'utf8'), `from "./${name}.js"`, `from "../${name}.js"`, LOADER);
  loader = oneTaskEach(loader);
  let glue = readFileSync(join(work, 'bindgen', `${name}.js`), 'utf8');
  if (release) glue = shortenGlueImports(main, glue, `./${name}_bg.js`);
  if (release) [loader, glue] = [minify(root, loader), minify(root, glue)];
  writeFileSync(join(stage, folder, LOADER), loader);
  writeFileSync(join(stage, `${name}.js`), glue);
  renameSync(main, join(stage, staged));
  const count = (prefix) => modules.filter((m) => m.startsWith(prefix)).length;
  console.log(`split: ${BIN} into its main module, ${count('split_')} parts and ${count('chunk_')} chunks`);
  return `${name}.js`;
}

/// Every module in `files` shrunk by wasm-opt, one per core at a time.
async function shrink(root, files) {
  const queue = [...files];
  const next = async () => {
    for (let f; (f = queue.shift()); ) await promisify(execFile)(tool(root, 'wasm-opt'), [...WASM_OPT, f, '-o', f]);
  };
  await Promise.all(Array.from({ length: availableParallelism() }, next));
}

/// The loader made to start each module's fetch, and then its instance, in
/// a task of its own (wasm-split-cli has no option for it). A board fetches
/// its later parts in idle time, fifty-odd modules: started and linked
/// together, they held the page for 60 to 130 ms on a CPU three times
/// slower, long enough to hold a tap (`e2e/load.spec.mjs`). A message to
/// itself rather than a timer: a hidden tab holds its timers back.
export function oneTaskEach(loader) {
  loader = replaceEvery(loader, 'const instantiate = fetcher();', 'await nextTask();\n        const instantiate = fetcher();', LOADER);
  loader = replaceEvery(loader, 'const imports = getSharedImports();', 'await nextTask();\n        const imports = getSharedImports();', LOADER);
  return `${loader}
/* One task each (scripts/split-wasm.mjs): each message to the channel is a
   task, which lets the first in line go on. */
const waiting = [];
const tasks = new MessageChannel();
tasks.port1.onmessage = () => {
    const next = waiting.shift();
    if (waiting.length > 0) tasks.port2.postMessage(0);
    next();
};
function nextTask() {
    return new Promise((next) => {
        if (waiting.push(next) === 1) tasks.port2.postMessage(0);
    });
}
`;
}

/// The glue made to import the loader from the build's folder, once named.
export function glueFrom(stage, glue, folder) {
  const text = readFileSync(join(stage, glue), 'utf8');
  const from = /from\s*(["'])\.\/__wasm_split\.js\1/g;
  if (!from.test(text)) throw new Error(`split: the glue does not import ./${LOADER}`);
  writeFileSync(join(stage, glue), text.replace(from, `from"./${folder}/${LOADER}"`));
}

function minify(root, code) {
  const terser = tool(root, 'terser');
  return execFileSync(terser, ['--module', '--compress', '--mangle'], { input: code, encoding: 'utf8', maxBuffer: 64 << 20 });
}
