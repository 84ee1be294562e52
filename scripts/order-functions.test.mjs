// The layout of functions for the packer (scripts/order-functions.mjs): on a
// small module made here with binaryen, alike functions end side by side,
// and every export (direct or through the table) still gives what it gave.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import binaryen from 'binaryen';
import { orderFunctions } from './order-functions.mjs';
import { WASM_OPT, tool } from './split-wasm.mjs';

const root = new URL('..', import.meta.url).pathname;
const { i32 } = binaryen;

/// A module whose two alike functions (`scaled` and `rescaled`: the same
/// shape, other constants) the linker's order keeps apart, with a
/// function of another type between them and one that calls them through
/// the table.
function sample() {
  const m = new binaryen.Module();
  const x = (i) => m.local.get(i, i32);
  const scale = (name, by, plus) =>
    m.addFunction(name, i32, i32, [], m.i32.add(m.i32.mul(x(0), m.i32.const(by)), m.i32.const(plus)));
  scale('scaled', 1000, 300);
  m.addFunction('minus', binaryen.createType([i32, i32]), i32, [], m.i32.sub(x(0), x(1)));
  m.addFunction('pick', binaryen.createType([i32, i32]), i32, [],
    m.call_indirect('table', x(1), [x(0)], i32, i32));
  scale('rescaled', 2000, 400);
  m.addTable('table', 2, 2);
  m.addActiveElementSegment('table', 'elements', ['scaled', 'rescaled'], m.i32.const(0));
  for (const f of ['scaled', 'minus', 'pick', 'rescaled']) m.addFunctionExport(f, f);
  assert.ok(m.validate());
  return m.emitBinary();
}

/// The index of each exported function.
function exportedIndices(bytes) {
  const m = binaryen.readBinary(bytes);
  const indices = {};
  for (let i = 0; i < m.getNumExports(); i++) {
    const { name, value } = binaryen.getExportInfo(m.getExportByIndex(i));
    for (let f = 0; f < m.getNumFunctions(); f++) {
      if (binaryen.getFunctionInfo(m.getFunctionByIndex(f)).name === value) indices[name] = f;
    }
  }
  return indices;
}

async function results(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes);
  const { scaled, rescaled, minus, pick } = instance.exports;
  return [scaled(5), rescaled(5), minus(9, 4), pick(5, 0), pick(5, 1)];
}

test('alike functions end side by side, and every export gives what it gave', async () => {
  const before = sample();
  const apart = exportedIndices(before);
  assert.equal(Math.abs(apart.scaled - apart.rescaled), 3);

  const file = join(mkdtempSync(join(tmpdir(), 'order-')), 'sample.wasm');
  writeFileSync(file, before);
  await orderFunctions(tool(root, 'wasm-opt'), file, WASM_OPT);
  const after = readFileSync(file);

  const placed = exportedIndices(after);
  assert.equal(Math.abs(placed.scaled - placed.rescaled), 1, JSON.stringify(placed));
  assert.deepEqual(await results(after), await results(before));
  assert.deepEqual(await results(after), [5300, 10400, 5, 5300, 10400]);
});
