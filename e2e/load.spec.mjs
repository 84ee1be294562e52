// What the first visit downloads, and the code fetched on demand (src/lazy.rs).
import { gzipSync } from 'node:zlib';
import { test as plain } from '@playwright/test';
import { test, expect } from './fixtures.mjs';

// A first visit: nothing cached by a service worker yet.
test.use({ serviceWorkers: 'block' });
plain.use({ serviceWorkers: 'block' });

const fileName = (url) => new URL(url).pathname.split('/').pop();
const isChunk = (name) => /^(split|chunk)_.*\.wasm$/.test(name);

test('the first screen needs the main module only, 150 KB gzip at most; a game fetches the rest', async ({ page }) => {
  const responses = [];
  page.on('response', (res) => responses.push(res));
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  let gzipped = 0;
  for (const res of responses) gzipped += gzipSync(await res.body(), { level: 9 }).length;
  const firstScreen = responses.map((r) => fileName(r.url()));
  expect(firstScreen.filter(isChunk), 'chunks fetched for the first screen').toEqual([]);
  expect(firstScreen.some((n) => /^majesty-web_bg-.*\.wasm$/.test(n))).toBe(true);
  expect(gzipped, `first load: ${(gzipped / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(150 * 1024);

  // A new game brings the code of setup and play, once.
  responses.length = 0;
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('to play');
  const fetched = responses.map((r) => fileName(r.url())).filter(isChunk);
  expect(fetched.some((n) => n.startsWith('split_play-'))).toBe(true);
  expect(new Set(fetched).size).toBe(fetched.length);
});

plain('a part that cannot be fetched is reported, and fetched once the network is back', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const offline = (route) => route.abort('internetdisconnected');
  await page.route(/\/split_play-[0-9a-f]+\.wasm$/, offline);
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('alert')).toContainText('This part of the game could not be loaded');

  // The app still works: home, then the same screen again with the network back.
  await page.unroute(/\/split_play-[0-9a-f]+\.wasm$/, offline);
  await page.getByRole('button', { name: 'Majesty' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('button', { name: 'Start the game' })).toBeVisible();
  expect(errors, 'no crash').toEqual([]);
});

plain('a language that cannot be fetched is reported, and the page stays in its language', async ({ page }) => {
  const offline = (route) => route.abort('internetdisconnected');
  await page.route(/\/split_lang_de-[0-9a-f]+\.wasm$/, offline);
  await page.goto('./');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('alert')).toContainText('That language could not be loaded');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.unroute(/\/split_lang_de-[0-9a-f]+\.wasm$/, offline);
  await page.getByLabel('Sprache').or(page.getByLabel('Language')).selectOption('de');
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
