// Short names for what the page's main module imports from its JavaScript
// glue (scripts/split-wasm.mjs, release builds).
//
// wasm-bindgen names each import by its function and a hash of its
// signature (`__wbg_scrollHeight_879470691b1201b7`), and the main module
// imports some 270 of them: written once in the module and once in the
// glue, their hashes alone are about 2 KB of bytes no compressor can
// shrink, twice. Renamed to a few letters each, in both files at once,
// the first load is lighter by several kilobytes; nothing else reads these
// names (the parts import only the table, memory and a global the loader
// hands them).

import { readFileSync, writeFileSync } from 'node:fs';
import { leb, readImportDescription, readLeb, sectionsOf } from './wasm-bytes.mjs';

const utf8 = new TextEncoder();
const text = new TextDecoder();
const name = (s) => {
  const bytes = utf8.encode(s);
  return [...leb(bytes.length), ...bytes];
};

/// The `n`th short name: a, b, …, Z, aa, ab, … (letters only: a valid
/// JavaScript property name that never needs quotes).
export function shortName(n) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let out = '';
  n += 1;
  while (n > 0) {
    n -= 1;
    out = letters[n % letters.length] + out;
    n = Math.floor(n / letters.length);
  }
  return out;
}

/// `bytes` (a WebAssembly module) with the imports of `module` renamed:
/// the module to `moduleName`, each field to a short name. Returns the new
/// module and the renaming (old field → new field).
export function shortImports(bytes, module, moduleName) {
  const section = sectionsOf(bytes).find((s) => s.id === 2);
  if (!section) throw new Error('short-names: the module has no import section');
  const renamed = new Map();
  let [count, p] = readLeb(bytes, section.body);
  const out = [...leb(count)];
  for (let i = 0; i < count; i++) {
    let length;
    [length, p] = readLeb(bytes, p);
    const from = text.decode(bytes.subarray(p, p + length));
    p += length;
    [length, p] = readLeb(bytes, p);
    const field = text.decode(bytes.subarray(p, p + length));
    p += length;
    // The import's kind and type, copied as they are.
    const descStart = p;
    [, p] = readImportDescription(bytes, p);
    if (from === module) {
      if (!renamed.has(field)) renamed.set(field, shortName(renamed.size));
      out.push(...name(moduleName), ...name(renamed.get(field)));
    } else {
      out.push(...name(from), ...name(field));
    }
    out.push(...bytes.subarray(descStart, p));
  }
  if (p !== section.end) throw new Error('short-names: the import section was not read to its end');
  const head = bytes.subarray(0, section.start);
  const tail = bytes.subarray(section.end);
  const result = new Uint8Array(head.length + 1 + leb(out.length).length + out.length + tail.length);
  result.set(head, 0);
  let w = head.length;
  result[w++] = 2;
  for (const b of leb(out.length)) result[w++] = b;
  result.set(out, w);
  result.set(tail, w + out.length);
  return { bytes: result, renamed };
}

/// Renames the imports that the module at `wasmPath` takes from its glue
/// (`module`, the glue's name for itself) in the module and in `glue` (the
/// glue's source, where each is the key of one function); returns the
/// glue. Fails when a name is not found exactly once in the glue: a
/// renaming that missed one would leave the page unable to start.
export function shortenGlueImports(wasmPath, glue, module) {
  const { bytes, renamed } = shortImports(readFileSync(wasmPath), module, 'a');
  for (const [from, to] of renamed) {
    const token = new RegExp(`(?<![\\w$])${from}(?![\\w$])`, 'g');
    const found = glue.match(token)?.length ?? 0;
    if (found !== 1) throw new Error(`short-names: the glue names the import ${from} ${found} times, not once`);
    glue = glue.replace(token, to);
  }
  const quoted = JSON.stringify(module);
  if (glue.split(quoted).length !== 2) throw new Error(`short-names: the glue does not name ${quoted} once`);
  writeFileSync(wasmPath, bytes);
  return glue.replace(quoted, '"a"');
}
