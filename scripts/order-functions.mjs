// Lays out a WebAssembly module's functions for the compressors (release
// builds, after wasm-opt: scripts/split-wasm.mjs): alike functions side by
// side.
//
// Why: xz and gzip write a repeat more cheaply the nearer
// it is, and a Leptos page is made of many near copies of the same generic
// code (each view's build, rebuild and drop, made concrete per type), which
// the linker scatters. Sorted by their signature, then their shape, then
// their bytes (`rankAlike`), copies sit next to each other: the page's
// main module packs 2.8% smaller (242.9 → 236.1 KB; without the shape,
// 236.9 KB; by name, as `--reorder-functions-by-name` alone would sort
// them, 240.8 KB; by a greedy chain of the most alike, 238.4 KB).
//
// How: each function is named by its rank in that order (the module's
// name section), and wasm-opt reorders them by name, renumbering every
// call, table entry and export, optimises once more (a module read back
// loses wasm-opt's last encoding step) and drops the names. The functions
// do the same; only their places change.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { leb, readImportDescription, readLeb, sectionsOf } from './wasm-bytes.mjs';

/// Reorders the functions of the module `file` (in place) with `wasmOpt`,
/// whose other options (`options`: the features, `-Oz`, stripping) are
/// those the module was optimised with.
export async function orderFunctions(wasmOpt, file, options) {
  const module = readFileSync(file);
  const exported = exportsOf(module);
  writeFileSync(file, withRankNames(module, rankAlike(module)));
  const optimise = options.filter((o) => !o.startsWith('--strip'));
  const strip = options.filter((o) => o.startsWith('--strip'));
  await promisify(execFile)(wasmOpt, [...optimise, '--reorder-functions-by-name', ...strip, file, '-o', file]);
  // (Optimising again may merge a few functions: their number may fall.)
  if (exportsOf(readFileSync(file)) !== exported) throw new Error(`order: ${file} no longer exports the same`);
}

/// The names and kinds `module` exports, as one text.
function exportsOf(module) {
  const section = sectionsOf(module).find((s) => s.id === 7);
  if (!section) return '';
  let [count, p] = readLeb(module, section.body);
  const exported = [];
  for (let i = 0; i < count; i++) {
    let length;
    [length, p] = readLeb(module, p);
    const name = module.subarray(p, p + length).toString();
    const kind = module[p + length];
    [, p] = readLeb(module, p + length + 1);
    exported.push(`${kind}:${name}`);
  }
  return exported.join('\n');
}

/// The index of each defined function, in the order that packs best: by
/// its type, then its shape (its bytes with most numbers of two bytes or
/// more hidden: indices of functions and locals, constants, offsets), then
/// its bytes.
function rankAlike(module) {
  const { imported, types, bodies } = functionsOf(module);
  const order = bodies.map((body, i) => ({ index: imported + i, type: types[i], shape: shapeOf(body), body }));
  order.sort((a, b) => a.type - b.type || Buffer.compare(a.shape, b.shape) || Buffer.compare(a.body, b.body));
  return order.map((f) => f.index);
}

/// `body` coarsened: every byte from 0x80 up, and the byte after it, made
/// 0x80. Those are mostly the bytes of multi-byte LEB128 numbers (a
/// number's leading bytes have the high bit, its last does not); a few
/// opcodes from 0x80 up are coarsened too, which only sorts less finely.
function shapeOf(body) {
  const shape = Buffer.from(body);
  for (let i = 0; i < body.length; i++) {
    if (body[i] >= 0x80) {
      shape[i] = 0x80;
      if (i + 1 < body.length && body[i + 1] < 0x80) shape[i + 1] = 0x80;
    }
  }
  return shape;
}

/// `module` with its name section (if any) replaced by one that names the
/// functions of `ranked` by their rank, zero-padded (so that names sort as
/// ranks do).
function withRankNames(module, ranked) {
  const width = String(ranked.length).length;
  const names = ranked
    .map((index, rank) => [index, Buffer.from(String(rank).padStart(width, '0'))])
    .sort((a, b) => a[0] - b[0]);
  const map = Buffer.concat([uleb(names.length), ...names.flatMap(([i, n]) => [uleb(i), uleb(n.length), n])]);
  const body = Buffer.concat([uleb(4), Buffer.from('name'), Buffer.from([1]), uleb(map.length), map]);
  const kept = sectionsOf(module).filter((s) => s.custom !== 'name');
  return Buffer.concat([
    module.subarray(0, 8),
    ...kept.map((s) => module.subarray(s.start, s.end)),
    Buffer.from([0]),
    uleb(body.length),
    body,
  ]);
}

/// How many functions `module` imports, and of those it defines, each
/// one's type index and body.
function functionsOf(module) {
  let imported = 0;
  let types = [];
  let bodies = [];
  // Each of `count` items at `p`, read by `item(p)` → [value, next].
  const list = (p, item) => {
    let count;
    [count, p] = readLeb(module, p);
    return Array.from({ length: count }, () => {
      let value;
      [value, p] = item(p);
      return value;
    });
  };
  for (const s of sectionsOf(module)) {
    if (s.id === 2) imported = list(s.body, (p) => importOf(module, p)).filter((kind) => kind === 0).length;
    if (s.id === 3) types = list(s.body, (p) => readLeb(module, p));
    if (s.id === 10) {
      bodies = list(s.body, (p) => {
        const [size, body] = readLeb(module, p);
        return [module.subarray(body, body + size), body + size];
      });
    }
  }
  if (types.length !== bodies.length) throw new Error('order: the function and code sections differ in length');
  return { imported, types, bodies };
}

/// The import at `p` (its module, its name, its description): [its kind,
/// the offset after it].
function importOf(module, p) {
  for (let name = 0; name < 2; name++) {
    const [length, at] = readLeb(module, p);
    p = at + length;
  }
  return readImportDescription(module, p);
}

const uleb = (n) => Buffer.from(leb(n));
