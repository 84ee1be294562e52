// Lays out a WebAssembly module's functions for the packer (release builds,
// after wasm-opt): alike functions side by side.
//
// Why: xz (scripts/pack-wasm.mjs) writes a repeat more cheaply the nearer
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
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/// Reorders the functions of the module `file` (in place) with `wasmOpt`,
/// whose other options (`options`: the features, `-Oz`, stripping) are
/// those the module was optimised with.
export function orderFunctions(wasmOpt, file, options) {
  const module = readFileSync(file);
  const exported = exportsOf(module);
  writeFileSync(file, withRankNames(module, rankAlike(module)));
  const optimise = options.filter((o) => !o.startsWith('--strip'));
  const strip = options.filter((o) => o.startsWith('--strip'));
  execFileSync(wasmOpt, [...optimise, '--reorder-functions-by-name', ...strip, file, '-o', file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // (Optimising again may merge a few functions: their number may fall.)
  if (exportsOf(readFileSync(file)) !== exported) throw new Error(`order: ${file} no longer exports the same`);
}

/// The names and kinds `module` exports, as one text.
function exportsOf(module) {
  const section = sectionsOf(module).find((s) => s.id === 7);
  if (!section) return '';
  const r = reader(module, section.body);
  return Array.from({ length: r.leb() }, () => {
    const name = r.bytes(r.leb()).toString();
    const kind = r.byte();
    r.leb();
    return `${kind}:${name}`;
  }).join('\n');
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
  for (const s of sectionsOf(module)) {
    const r = reader(module, s.body);
    if (s.id === 2) imported = importedFunctions(r);
    if (s.id === 3) types = Array.from({ length: r.leb() }, () => r.leb());
    if (s.id === 10) {
      bodies = Array.from({ length: r.leb() }, () => {
        const size = r.leb();
        return r.bytes(size);
      });
    }
  }
  if (types.length !== bodies.length) throw new Error('order: the function and code sections differ in length');
  return { imported, types, bodies };
}

/// The module's sections: id, where each starts and ends, where its body
/// starts, and a custom section's name.
function sectionsOf(module) {
  if (module.readUInt32LE(0) !== 0x6d736100) throw new Error('order: not a WebAssembly module');
  const sections = [];
  const r = reader(module, 8);
  while (r.at < module.length) {
    const start = r.at;
    const id = r.byte();
    const size = r.leb();
    const body = r.at;
    const end = body + size;
    let custom;
    if (id === 0) {
      const named = reader(module, body);
      custom = named.bytes(named.leb()).toString();
    }
    sections.push({ id, start, end, body, custom });
    r.at = end;
  }
  return sections;
}

/// Reads the import section at `r`; the number of functions it imports.
function importedFunctions(r) {
  let functions = 0;
  const count = r.leb();
  for (let i = 0; i < count; i++) {
    r.bytes(r.leb()); // module
    r.bytes(r.leb()); // name
    const kind = r.byte();
    if (kind === 0) {
      r.leb();
      functions++;
    } else if (kind === 1) {
      r.valueType();
      r.limits();
    } else if (kind === 2) {
      r.limits();
    } else if (kind === 3) {
      r.valueType();
      r.byte();
    } else if (kind === 4) {
      r.byte();
      r.leb();
    } else {
      throw new Error(`order: an import of an unknown kind (${kind})`);
    }
  }
  return functions;
}

function reader(buffer, at) {
  const r = {
    at,
    byte: () => buffer[r.at++],
    bytes: (n) => buffer.subarray(r.at, (r.at += n)),
    leb() {
      let value = 0;
      let shift = 0;
      let byte;
      do {
        byte = buffer[r.at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      return value;
    },
    valueType() {
      const type = r.byte();
      // A typed reference (ref / ref null) names its heap type.
      if (type === 0x63 || type === 0x64) r.leb();
    },
    limits() {
      const flags = r.byte();
      if (flags & ~0x07) throw new Error(`order: limits of an unknown form (${flags})`);
      r.leb();
      if (flags & 1) r.leb();
    },
  };
  return r;
}

function uleb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}
