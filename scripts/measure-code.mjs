// Measures what the page's main module (or one part) holds, with twiggy
// (`scripts/setup.sh measure` installs it): by what the code is (Leptos,
// the app by folder, the rules, Rust's core and alloc, serde, the browser's
// bindings) and its largest items.
//
// The release build's module as the linker wrote it
// (target/wasm32-unknown-unknown/release/majesty-web.wasm, from `trunk
// build --release`) is split and bound as the build does
// (scripts/split-wasm.mjs, `splitRaw`), then measured twice: as
// wasm-bindgen writes it, and shrunk by wasm-opt with the build's options
// but its functions' names kept (the page's module is that one without
// them). Sizes are the items' own bytes (twiggy's
// "shallow" size); the names' section, which the page's module drops, is
// left out.
//
// Usage: node scripts/measure-code.mjs [part] [count]
//   part:  the main module (default) or a part of src/parts/ (`editor`)
//   count: how many of the largest items to list (default 15)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, WASM_OPT, rawModule, splitRaw, tool } from './split-wasm.mjs';

const root = new URL('..', import.meta.url).pathname;

/// What a crate's code is, for the summary; the app's own by its folder.
const KINDS = [
  ['Leptos', /^(tachys|reactive_graph|leptos\w*|any_spawner|or_poisoned|throw_error|oco_ref|send_wrapper|wasm_split_helpers|next_tuple|either_of|slotmap|futures\w*|pin_project\w*|async_once_cell|guardian|drain_filter_polyfill|linear_map|const_str_slice_concat)$/],
  ['the rules (majesty-rules, -ai, -content)', /^majesty_(rules|ai|content)$/],
  ["Rust's core, alloc and std", /^(core|alloc|std|__rustc|dlmalloc|hashbrown|char|str|bool|u8|u16|u32|u64|usize|i32|i64|f32|f64)$/],
  ['serde and serde_json', /^(serde\w*|zmij|itoa|ryu)$/],
  ["the browser's bindings (wasm-bindgen, js-sys, web-sys)", /^(wasm_bindgen\w*|js_sys|web_sys|gloo\w*|console_error_panic_hook|getrandom)$/],
];

/// The crate a function's name is from: `a::b::c` is a's; `<X as T>::f`
/// is X's, or the trait's where X is a type parameter or a primitive
/// (`<T as tachys::view::Render>::build` is tachys's).
export function crateOf(name) {
  const plain = plainName(name);
  if (!/::/.test(plain)) return 'wasm_bindgen'; // its exports and shims: `main`, `__externref_table_alloc`
  if (plain.startsWith('<')) {
    const self = /^<&?(?:mut )?([a-z_][a-z0-9_]*)::/.exec(plain);
    if (self) return self[1];
    const trait = / as ([a-z_][a-z0-9_]*)::/.exec(plain);
    if (trait) return trait[1];
    return /^<&?(?:mut )?([a-z_][a-z0-9_]*)/.exec(plain)?.[1] ?? 'core'; // `<[u8]>::starts_with`
  }
  return /^([a-z_][a-z0-9_]*)::/.exec(plain)?.[1] ?? '?';
}

/// `name` demangled, without the crates' hashes (`dlmalloc[e24a…]`).
const plainName = (name) => demangled(name).replace(/\[[0-9a-f]+\]/g, '');

const ESCAPES = { LT: '<', GT: '>', C: ',', LP: '(', RP: ')', RF: '&', BP: '*', SP: '@', u20: ' ', u5b: '[', u5d: ']', u7b: '{', u7d: '}', u27: "'" };

/// `_ZN11majesty_web4play…E` (a name left mangled: wasm-bindgen's and the
/// splitter's shims) as `majesty_web::play::…`; any other name as it is.
export function demangled(name) {
  if (!name.startsWith('_ZN')) return name;
  const path = [];
  let at = 3;
  for (let m; (m = /^(\d+)/.exec(name.slice(at))); ) {
    at += m[1].length;
    path.push(name.slice(at, at + Number(m[1])));
    at += Number(m[1]);
  }
  return path
    .join('::')
    .replace(/(^|::)_\$/g, '$1$') // (a segment that begins with `$` is written `_$`)
    .replace(/\$(\w+?)\$/g, (whole, code) => ESCAPES[code] ?? whole)
    .replace(/\.\./g, '::');
}

/// Where an item of the module goes in the summary.
export function kindOf(name) {
  if (name.startsWith('data segment')) return 'data (texts, tables)';
  if (/^(elem|type|table|global|memory|import|export)\b|^code\[|section|^wasm magic/.test(name)) {
    return name.startsWith('code[') ? 'functions without a name' : 'tables, types, imports, exports';
  }
  // (The splitter's: a function of another module called through the
  // table, or a part's door.)
  if (/ (indirect_call|local)_shim$/.test(name)) return "the split's calls between modules";
  const crate = crateOf(name);
  if (crate === 'majesty_web') {
    const folder = /^<?(?:&?(?:mut )?)majesty_web::(\w+)(?:::(\w+))?/.exec(plainName(name));
    const [, top, sub] = folder ?? [];
    const place = top === 'play' && sub && !sub.startsWith('_') ? `play::${sub}` : top;
    return `the app: ${place ?? '?'}`;
  }
  return KINDS.find(([, crates]) => crates.test(crate))?.[0] ?? `other crates (${crate})`;
}

/// twiggy's items of `module`, without the names' sections.
function itemsOf(module) {
  const twiggy = tool(root, 'twiggy');
  let out;
  try {
    out = execFileSync(twiggy, ['top', '--format', 'json', module], { maxBuffer: 1 << 28 });
  } catch (error) {
    if (error.code === 'ENOENT') throw new Error('twiggy is not installed: bash scripts/setup.sh measure');
    throw error;
  }
  return JSON.parse(out).filter((item) => !/names" subsection/.test(item.name));
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function summary(label, items) {
  const code = items.filter((i) => !i.name.startsWith('data segment')).reduce((s, i) => s + i.shallow_size, 0);
  const data = items.filter((i) => i.name.startsWith('data segment')).reduce((s, i) => s + i.shallow_size, 0);
  console.log(`${label}: ${kb(code + data)} KB (code, tables and headers ${kb(code)} KB; data ${kb(data)} KB)`);
  const by = new Map();
  for (const item of items) {
    const kind = kindOf(item.name);
    by.set(kind, (by.get(kind) ?? 0) + item.shallow_size);
  }
  return by;
}

/// Measures `part` ('main' or a part's name) of the last release build and
/// prints its summary and its `count` largest items.
function measure(part, count) {
  const raw = rawModule(root, true);
  if (!existsSync(raw)) throw new Error(`no ${raw}: run trunk build --release first`);
  const work = mkdtempSync(join(tmpdir(), 'measure-code-'));
  try {
    splitRaw(root, raw, work, BIN);
    const bound = part === 'main' ? join(work, 'bindgen', `${BIN}_bg.wasm`) : join(work, `split_${part}.wasm`);
    if (!existsSync(bound)) throw new Error(`no part ${part} (src/parts/)`);
    const shrunk = join(work, 'shrunk.wasm');
    const options = WASM_OPT.filter((o) => o !== '--strip-debug');
    execFileSync(tool(root, 'wasm-opt'), [...options, '--debuginfo', bound, '-o', shrunk]);
    const before = summary(`${part}, as wasm-bindgen writes it`, itemsOf(bound));
    const items = itemsOf(shrunk);
    const after = summary(`${part}, after wasm-opt`, items);
    console.log(`\n${'what'.padEnd(58)} ${'bound'.padStart(8)} ${'shrunk'.padStart(8)}`);
    const row = (kind, bound, shrunk) => console.log(`${kind.padEnd(58)} ${kb(bound).padStart(8)} ${kb(shrunk).padStart(8)}`);
    const small = [0, 0];
    for (const [kind, size] of [...after].sort((a, b) => b[1] - a[1])) {
      const was = before.get(kind) ?? 0;
      if (Math.max(was, size) >= 1024) row(kind, was, size);
      else (small[0] += was), (small[1] += size);
    }
    row('the rest (under 1 KB each)', ...small);
    const app = (by) => [...by].filter(([kind]) => kind.startsWith('the app')).reduce((sum, [, size]) => sum + size, 0);
    row('(the app in all)', app(before), app(after));
    console.log(`\nthe ${count} largest items after wasm-opt:`);
    for (const item of items.sort((a, b) => b.shallow_size - a.shallow_size).slice(0, count)) {
      console.log(`${String(item.shallow_size).padStart(7)}  ${item.name.replace(/::h[0-9a-f]{16}$/, '').slice(0, 110)}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  measure(process.argv[2] ?? 'main', Number(process.argv[3] ?? 15));
}
