// Checks that the modules of the web app and of its models form layers: no
// import cycle between sibling modules (e.g. `state` → `i18n` → `state`, or
// `live` → `part` → `live`). A module using its parent's items
// (`super::Board`) is not a cycle; two siblings that use each other,
// directly or through others, are. Cargo holds the layers between crates
// (majesty-model cannot use the app); inside one crate, this script does.
//
// Reads every `crate::…` and `super::…` path outside `#[cfg(test)]` modules.
// Prints the layers found and exits non-zero on a cycle.
//
// Usage: node scripts/check-imports.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The game's crates (rules, ai, content) check their own modules in
// rules/tests/modules.rs.
const crates = [
  { name: 'majesty-web', dir: 'src', entry: 'main.rs' },
  { name: 'majesty-model', dir: 'model/src', entry: 'lib.rs' },
];

/// The module path of a source file: src/play/board/mod.rs → play::board.
function modulePath(dir, file, entry) {
  const parts = relative(join(root, dir), file).replace(/\.rs$/, '').split('/');
  if (parts.at(-1) === 'mod' || (parts.length === 1 && parts[0] === entry.replace('.rs', ''))) parts.pop();
  return parts;
}

/// The code of a file without its test modules.
function withoutTests(text) {
  return text.replace(/#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{[\s\S]*$/m, '');
}

/// Every path used by `text`, as absolute module paths (best effort: a path
/// is cut at its first segment that starts with a capital or is a function).
function pathsUsed(text, self) {
  const used = [];
  // Brace groups: `use crate::model::{link, storage::Found}` → each member.
  const expand = (prefix, body) => {
    for (const member of body.split(',').map((m) => m.trim()).filter(Boolean)) {
      const nested = member.match(/^([\w:]*)\{([\s\S]*)\}$/);
      if (nested) expand(prefix + nested[1], nested[2]);
      else used.push((prefix + member).split(' as ')[0]);
    }
  };
  for (const m of text.matchAll(/\b(crate|super)((?:::\w+)*)::\{([^;]*)\}/g)) expand(m[1] + m[2] + '::', m[3]);
  for (const m of text.matchAll(/\b(crate|super)((?:::\w+)+)/g)) used.push(m[1] + m[2]);
  return used.map((p) => {
    const parts = p.split('::');
    let base = [];
    if (parts[0] === 'crate') parts.shift();
    else {
      base = [...self];
      while (parts[0] === 'super') {
        parts.shift();
        base.pop();
      }
    }
    return [...base, ...parts.filter((s) => s !== 'self' && s !== '*')];
  });
}

let cycles = 0;
for (const { name, dir, entry } of crates) {
  const files = readdirSync(join(root, dir), { recursive: true })
    .filter((f) => f.endsWith('.rs'))
    .map((f) => join(root, dir, f));
  const modules = new Map(files.map((f) => [modulePath(dir, f, entry).join('::'), f]));
  // The longest module that `path` names.
  const resolve = (path) => {
    for (let n = path.length; n > 0; n--) {
      const key = path.slice(0, n).join('::');
      if (modules.has(key)) return path.slice(0, n);
    }
    return null;
  };
  // Edges between siblings: lift both ends to the children of their common parent.
  const edges = new Map();
  for (const [key, file] of modules) {
    const self = key ? key.split('::') : [];
    for (const path of pathsUsed(withoutTests(readFileSync(file, 'utf8')), self)) {
      const target = resolve(path);
      if (!target) continue;
      let common = 0;
      while (common < self.length && common < target.length && self[common] === target[common]) common++;
      if (common === self.length || common === target.length) continue; // parent and child
      const parent = self.slice(0, common).join('::');
      const from = self[common];
      const to = target[common];
      if (!edges.has(parent)) edges.set(parent, new Map());
      const group = edges.get(parent);
      if (!group.has(from)) group.set(from, new Set());
      group.get(from).add(to);
    }
  }
  for (const [parent, group] of [...edges].sort()) {
    const order = layers(group);
    const where = `${name}${parent ? '::' + parent : ''}`;
    if (order.cycle) {
      cycles++;
      console.log(`${where}: import cycle ${order.cycle.join(' → ')}`);
    } else {
      console.log(`${where}: ${order.layers.map((l) => l.join(', ')).join('  <  ')}`);
    }
  }
}
if (cycles) {
  console.log(`\n${cycles} import cycle(s)`);
  process.exit(1);
}
console.log('\nno import cycle between sibling modules');

/// The siblings in layers (each uses only those before it), or a cycle.
function layers(group) {
  const names = new Set([...group.keys(), ...[...group.values()].flatMap((s) => [...s])]);
  const done = new Set();
  const result = [];
  while (done.size < names.size) {
    const layer = [...names].filter((n) => !done.has(n) && [...(group.get(n) ?? [])].every((d) => done.has(d)));
    if (layer.length === 0) return { cycle: findCycle(group, [...names].filter((n) => !done.has(n))) };
    layer.sort();
    layer.forEach((n) => done.add(n));
    result.push(layer);
  }
  return { layers: result };
}

function findCycle(group, left) {
  const path = [];
  const seen = new Set();
  let at = left[0];
  while (!seen.has(at)) {
    seen.add(at);
    path.push(at);
    at = [...(group.get(at) ?? [])].find((d) => left.includes(d));
  }
  return [...path.slice(path.indexOf(at)), at];
}
