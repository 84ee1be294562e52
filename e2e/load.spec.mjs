// What a first visit downloads, and the moments the load measurements read
// (scripts/measure-load.mjs): the User Timing marks "home-ready" and
// "board-ready".
import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures.mjs';

// A first visit: nothing cached by a service worker yet.
test.use({ serviceWorkers: 'block' });

const fileName = (url) => new URL(url).pathname.split('/').pop();
const markTime = (page, name) =>
  page.waitForFunction((n) => performance.getEntriesByName(n)[0]?.startTime, name).then((h) => h.jsonValue());

// The budget guards against growth. Issue 14's cold-load target needs much
// less (README, "Load time"); the drawn table (issue 13: illustrations, the
// animated board, final scoring, the chart) took the module from 231 to
// about 320 KB gzip; the list of unfinished games and the message when the
// app cannot start (issue 20) added about 4 KB, playing by keyboard, the
// preview of every display card, the leaders of each majority and the
// labelled trade (issue 19) about 5 KB, the expert level (issue 16: its
// search and deck guesses) about 9 KB, the page's half of the search worker
// (issue 16: starting it, its messages, the page's own search where no
// worker runs) about 4.5 KB; the worker's own module (62 KB gzip) is not
// part of a first visit. The embed API's commands, replies and marks
// (issue 17) about 6 KB; play by link (issue 18: the invitation, its QR
// code, the link codec, the games-by-link list and panel) about 28 KB; the Rules screen with its
// 25 live scenarios and their English texts (issue 17) about 18 KB; the coach
// (issue 16: hint, review and statistics panels) about 30 KB: 448.7 KB in
// all, measured after these merges; the coach's own worker (its messages,
// progress and cancelling, the page's fallback kept) 4.7 KB more: 453.4 KB;
// the guided first game (issue 17: its script, coach bubble and texts)
// about 20 KB; annotated replays (issue 17: the notes, rings and arrows,
// Annotate) about 37 KB; the scenario editor (issue 17) about 43 KB; play
// live (issue 18: WebRTC glue, the channel's messages, the offer/answer
// codec, its three screens) about 37 KB: 591.2 KB measured after these
// merges (with the home screen's three panels); marking notes by keyboard
// (its lists, Add and Remove) 4.3 KB: 595.5 KB; leaving a live game and
// dropped connections (left, table, game ids, their texts) 4.3 KB more
// (4.8 KB measured alone): 599.8 KB; the guided game of side B (its script,
// the side-keyed event steps, the home's choice, its English texts) 3.1 KB
// measured alone: 603.4 KB measured after these merges; the log's note
// before the first turn (its text and its four translations' key) and the
// replay beside the table 0.7 KB: 604.1 KB. The next step is to load the
// screens few visits need (editor, tutorial, live) as modules of their own.
test('the first visit loads one module, 605 KB gzip at most in all; a game needs nothing more', async ({ page }) => {
  const responses = [];
  page.on('response', (res) => responses.push(res));
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  expect(await markTime(page, 'home-ready')).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  let gzipped = 0;
  for (const res of responses) gzipped += gzipSync(await res.body(), { level: 9 }).length;
  const wasm = responses.map((r) => fileName(r.url())).filter((n) => n.endsWith('.wasm'));
  expect(wasm).toEqual([expect.stringMatching(/^majesty-web-[0-9a-f]{1,16}_bg\.wasm$/)]);
  expect(gzipped, `first load: ${(gzipped / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(605 * 1024);

  // Setting up and playing a game fetch no more code of the page (the
  // computers' search worker comes at their first turn: worker.spec).
  responses.length = 0;
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('to play');
  const code = responses.map((r) => fileName(r.url())).filter((n) => /\.(wasm|js)$/.test(n));
  expect(code.filter((n) => !n.startsWith('search'))).toEqual([]);
});

test('a shared deal opens straight on a board that accepts a choice, marked board-ready', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#deal=1');
  const ready = await markTime(page, 'board-ready');
  expect(ready).toBeGreaterThan(0);
  await expect(page.locator('h1.status')).toContainText('to play');
  await expect(page.locator('.card[data-space="0"]')).toBeEnabled();
  // Set once: playing on does not move it.
  await page.locator('.card[data-space="0"]').click();
  expect(await page.evaluate(() => performance.getEntriesByName('board-ready').length)).toBe(1);
});

test('the page runs under its Content-Security-Policy: the loader is allowed by its hash', async ({ page }) => {
  const violations = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto('./');
  const html = await response.text();
  expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*'sha256-[A-Za-z0-9+/=]+'/);
  expect(html).not.toContain('unsafe-inline');
  expect(html).not.toContain('TRUNK NONCE');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  expect(violations).toEqual([]);
});
