// What the parts' bundles for a later request hold (scripts/split-wasm.mjs,
// `clickedBundles`), and how the loader names a module in their lists
// (`moduleKey`), the places of kept games the page's first script
// looks for (`keptPlaces`), and that the search worker's module is
// optimised as the page's are (`WASM_OPT`, and the worker's link in
// index.html, which Trunk reads). How the page uses them is
// e2e/load.spec.mjs's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { WASM_OPT, clickedBundles, keptPlaces, moduleKey } from './split-wasm.mjs';

test('a part\'s bundle leaves out what a home screen has fetched', () => {
  const modules = {
    home: ['split_home.wasm', 'chunk_1.wasm'],
    setup: ['split_setup.wasm', 'chunk_2.wasm'],
    reader: ['split_reader.wasm', 'chunk_3.wasm', 'chunk_4.wasm', 'chunk_5.wasm'],
    editor: ['split_editor.wasm', 'chunk_1.wasm', 'chunk_2.wasm', 'chunk_6.wasm', 'chunk_7.wasm'],
    // Two modules left once the home screen's are out: not worth a file.
    hint: ['split_hint.wasm', 'chunk_1.wasm', 'chunk_2.wasm', 'chunk_6.wasm'],
  };
  assert.deepEqual(clickedBundles(modules), {
    editor: ['split_editor.wasm', 'chunk_6.wasm', 'chunk_7.wasm'],
  });
});

test('a module is named in a bundle\'s list by its chunk\'s number or its part', () => {
  assert.equal(moduleKey('./chunk_27-0123456789.wasm'), '27');
  assert.equal(moduleKey('./split_puzzle_list-abcdef0123.wasm'), 'puzzle_list');
  assert.throws(() => moduleKey('./unxz-0123456789.wasm'), /no key for the module/);
});

test('the first script looks for the places the app keeps games in, read from its source', () => {
  const { games, links } = keptPlaces(new URL('..', import.meta.url).pathname);
  const [isGame, isLink] = [new RegExp(games), new RegExp(links)];
  for (const key of ['majesty.game.1f', 'majesty.save', 'majesty.save.unreadable']) {
    assert.ok(isGame.test(key) && !isLink.test(key), key);
  }
  // A game by link is kept, but is no place of a game a plain visit goes on with.
  assert.ok(isLink.test('majesty.link.00000000000000ab') && !isGame.test('majesty.link.00000000000000ab'));
  for (const key of ['majesty.stats', 'majesty.lang', 'majesty.saved', 'majesty.save.unreadable.2', 'xmajesty.game.1', 'xmajesty.link.1']) {
    assert.ok(!isGame.test(key) && !isLink.test(key), key);
  }
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
