// Which words of the docs' inline code scripts/check-docs.mjs takes for
// repository paths, and which it leaves alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codePaths, repoPath } from './check-docs.mjs';

const tops = new Set(['src', 'scripts', 'e2e', 'docs', 'style', 'index.html', 'Cargo.toml']);

test('a word under a top-level folder is a path, without the punctuation around it', () => {
  assert.equal(repoPath('src/app.rs', tops), 'src/app.rs');
  assert.equal(repoPath('(scripts/serve.mjs),', tops), 'scripts/serve.mjs');
  assert.equal(repoPath('style/parts/', tops), 'style/parts/');
  assert.equal(repoPath('src/app.rs:12', tops), 'src/app.rs');
  assert.equal(repoPath('docs/live.md#rooms', tops), 'docs/live.md');
  assert.equal(repoPath("e2e/load.spec.mjs's", tops), 'e2e/load.spec.mjs');
});

test('globs, placeholders, addresses and build outputs are not checked', () => {
  for (const word of [
    'src/*.rs',
    'public/locales/<code>.json',
    'src/parts/…',
    'https://example.org/src/app.rs',
    'docs/?x=1',
    'dist/docs/',
    'target/manual/',
    'e2e/test-results/browsers/',
    'src/{a,b}.rs',
  ]) {
    assert.equal(repoPath(word, tops), null, word);
  }
});

test('a word outside the top-level names, or without a slash, is not a path', () => {
  assert.equal(repoPath('play/board/art.rs', tops), null);
  assert.equal(repoPath('opening.rs', tops), null);
  assert.equal(repoPath('index.html', tops), null);
  assert.equal(repoPath('model::reader', tops), null);
  assert.equal(repoPath('./?editor=1', tops), null);
});

test('paths are read from code spans outside fenced blocks, with their lines', () => {
  const text = [
    'Built by `scripts/split-wasm.mjs` and',
    '`node scripts/measure-code.mjs',
    'editor` (`src/parts/`).',
    '```sh',
    'node scripts/gone.mjs `scripts/gone.mjs`',
    '```',
    'A link [x](src/app.rs) is not code; `src/main.rs` is.',
  ].join('\n');
  assert.deepEqual(
    [...codePaths(text, tops)],
    [
      { line: 1, path: 'scripts/split-wasm.mjs' },
      { line: 2, path: 'scripts/measure-code.mjs' },
      { line: 3, path: 'src/parts/' },
      { line: 7, path: 'src/main.rs' },
    ],
  );
});
