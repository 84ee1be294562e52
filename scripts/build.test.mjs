// The build's own checks (scripts/split-wasm.mjs): that an edit of another
// tool's output fails the build when that output is not as expected, and
// that the search worker's module is optimised as the page's are
// (`WASM_OPT`, and the worker's link in index.html, which Trunk reads).
// What the build makes of the page is e2e/load.spec.mjs's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { WASM_OPT, replaceEvery } from './split-wasm.mjs';

test('an edit of a tool\'s output replaces every place, and fails where there is none', () => {
  const loader = 'import { initSync } from "./m.js";\nimport { x } from "./m.js";';
  assert.equal(replaceEvery(loader, 'from "./m.js"', 'from "../m.js"', 'loader'), 'import { initSync } from "../m.js";\nimport { x } from "../m.js";');
  assert.throws(() => replaceEvery(loader, 'from "./n.js"', 'from "../n.js"', 'loader'), /loader: expected from "\.\/n\.js"/);
});

test('the search worker\'s module is optimised with the page\'s modules\' options', () => {
  // (Trunk runs wasm-opt on the worker, with the options its link in
  // index.html gives; the hook runs it on the page's modules: WASM_OPT.)
  const page = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const link = page.match(/<link data-trunk rel="rust"[^>]*data-bin="search_worker"[^>]*>/);
  assert.ok(link, 'index.html has no link for the search worker');
  const level = link[0].match(/data-wasm-opt="([^"]*)"/)?.[1];
  const params = link[0].match(/data-wasm-opt-params="([^"]*)"/)?.[1] ?? '';
  assert.deepEqual([`-O${level}`, ...params.split(/\s+/).filter(Boolean)], WASM_OPT);
});
