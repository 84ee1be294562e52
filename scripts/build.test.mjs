// The build's own checks (scripts/split-wasm.mjs): that an edit of another
// tool's output fails the build when that output is not as expected, and
// that the search worker's module is optimised as the page's are
// (`WASM_OPT`, and the worker's link in index.html, which Trunk reads).
// What the build makes of the page is e2e/load.spec.mjs's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { WASM_OPT, oneTaskEach, replaceEvery } from './split-wasm.mjs';
import { decoderApart } from './xz-decoder.mjs';

test('an edit of a tool\'s output replaces every place, and fails where there is none', () => {
  const loader = 'import { initSync } from "./m.js";\nimport { x } from "./m.js";';
  assert.equal(replaceEvery(loader, 'from "./m.js"', 'from "../m.js"', 'loader'), 'import { initSync } from "../m.js";\nimport { x } from "../m.js";');
  assert.throws(() => replaceEvery(loader, 'from "./n.js"', 'from "../n.js"', 'loader'), /loader: expected from "\.\/n\.js"/);
});

test('the parts\' loader starts each module\'s fetch and its instance in a task of its own', async () => {
  const loader = `function makeLoad(fetcher, deps) {
    const loader = async () => {
        const parallelStuff = deps.map(d => d());
        const instantiate = fetcher();
        await Promise.all(parallelStuff);
        const imports = getSharedImports();
        return instantiate(imports);
    };
    return loader;
}
export const steps = [];
const getSharedImports = () => ({});
export const load = makeLoad(() => { steps.push('fetch'); return () => steps.push('instance'); }, []);`;
  const made = oneTaskEach(loader);
  assert.equal(made.match(/await nextTask\(\);\n\s*const (instantiate|imports) =/g).length, 2);
  // Run as a module: the two steps come in two later tasks, not now. (A
  // channel whose messages are Node's own tasks, which ends with the test.)
  const channel = '{ port1: {}, port2: { postMessage: () => setImmediate(() => tasks.port1.onmessage()) } }';
  const url = `data:text/javascript,${encodeURIComponent(made.replace('new MessageChannel()', channel))}`;
  const { load, steps } = await import(url);
  const done = load();
  assert.deepEqual(steps, []);
  await done;
  assert.deepEqual(steps, ['fetch', 'instance']);
  assert.throws(() => oneTaskEach('export const nothing = 1;'), /__wasm_split\.js: expected const instantiate/);
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

test('the page\'s xz decoder comes apart into its script and its module, as published', async () => {
  const published = readFileSync(new URL('../node_modules/xz-decompress/dist/package/xz-decompress.min.js', import.meta.url), 'utf8');
  const { script, module } = decoderApart(published);
  assert.ok(!/base64,[A-Za-z0-9+/]/.test(script), 'the script still carries its module');
  assert.ok(script.length < published.length / 3);
  assert.ok(WebAssembly.validate(module));
  const { instance } = await WebAssembly.instantiate(module, {});
  assert.equal(typeof instance.exports.create_context, 'function');
  assert.throws(() => decoderApart('A.exports="./x.wasm"'), /expected one inline module/);
  assert.throws(() => decoderApart(`"data:application/wasm;base64,${Buffer.from('not wasm').toString('base64')}"`), /not WebAssembly/);
});
