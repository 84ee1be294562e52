import { readdirSync } from 'node:fs';
import { test as plain } from '@playwright/test';
import { test, expect } from './fixtures.mjs';
import { startGame, playFrontCard, goHome } from './helpers.mjs';

/// Opens `address` in `page` and waits until the service worker controls
/// the page (it claims it on activation).
async function openControlled(page, address = './') {
  await page.goto(address);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
}

test('after the first visit the game works offline, and a saved game resumes', async ({ page, context }) => {
  await openControlled(page);
  await startGame(page);
  await playFrontCard(page);
  await playFrontCard(page);

  await context.setOffline(true);
  await page.reload();
  // The one unfinished game opens straight away.
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  await playFrontCard(page);
  await expect(page.locator('.log > ol > li')).toHaveCount(3);
  // A brand-new page load while offline works too, with the code fetched on
  // demand: German (never fetched by a page before, only precached) and the
  // setup screen.
  const other = await context.newPage();
  await goHome(other);
  await expect(other.getByRole('button', { name: 'New game' })).toBeVisible();
  await other.getByLabel('Language').selectOption('de');
  await other.getByRole('button', { name: 'Neues Spiel' }).click();
  await expect(other.getByRole('button', { name: 'Spiel starten' })).toBeVisible();
  await other.close();
  // A computer thinks offline too: its worker's files were precached.
  const third = await context.newPage();
  await third.goto('./?lang=en');
  // The one unfinished game opens at once: back home for a new one.
  await third.locator('.home, .board').first().waitFor();
  if (await third.locator('.board').count()) await third.getByRole('button', { name: 'Home' }).click();
  await third.getByRole('button', { name: 'New game' }).click();
  await third.getByLabel('Who plays seat 2').selectOption('expert');
  await third.getByLabel('First player drawn at random').uncheck();
  await third.getByRole('button', { name: 'Start the game' }).click();
  await playFrontCard(third);
  await expect(third.locator('h1.status')).toContainText('Ann to play — turn 3 of 24', { timeout: 20_000 });
  await expect(third.locator('html')).toHaveAttribute('data-search', 'worker');
  await third.close();
  await context.setOffline(false);
});

test('a page the service worker serves takes the main module as it is, not packed, and no decoder', async ({ page, context }) => {
  await openControlled(page);
  const served = await context.newPage();
  const fetched = [];
  served.on('request', (r) => fetched.push(new URL(r.url()).pathname.split('/').pop()));
  await served.goto('./?editor=1');
  await expect(served.locator('.editor-table')).toBeVisible();
  expect(fetched).toContainEqual(expect.stringMatching(/^majesty-web-\w+_bg\.wasm$/));
  expect(fetched).toContain('split_editor.wasm');
  expect(fetched.filter((f) => f.endsWith('.xz') || f.startsWith('xz-decompress.'))).toEqual([]);
});

test('every part of the page opens offline after the first visit: the editor, a tutorial, a rule, play live', async ({ page, context }) => {
  await openControlled(page);
  // Every part of the build was precached.
  const dist = new URL('../dist/', import.meta.url);
  const folder = new URL(`${readdirSync(dist).find((f) => /^build-[0-9a-f]+$/.test(f))}/`, dist);
  const parts = readdirSync(folder).filter((f) => /^split_\w+\.wasm$/.test(f));
  expect(parts.length).toBeGreaterThan(5);
  const precached = await page.evaluate(async () => {
    const names = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) names.push(r.url.split('/').pop());
    return names;
  });
  expect(precached).toEqual(expect.arrayContaining(parts));
  await context.setOffline(true);
  const open = async (path, visible) => {
    const other = await context.newPage();
    await other.goto(path);
    await expect(visible(other)).toBeVisible();
    await other.close();
  };
  await open('./?editor=1', (p) => p.locator('.editor-table'));
  await open('./?tutorial=1', (p) => p.locator('.coach-bubble'));
  await open('./?rules=heal', (p) => p.locator('.scenario[data-scenario="heal"]'));
  const host = await context.newPage();
  await host.goto('./');
  await host.getByRole('button', { name: 'Play live' }).click();
  await host.getByLabel('Who plays seat 2').selectOption('person');
  await host.getByRole('button', { name: 'Play live' }).click();
  await expect(host.getByRole('heading', { name: 'Play live: share the link' })).toBeVisible();
  await host.close();
  await context.setOffline(false);
});

test('the page, manifest and service worker are served under the sub-path', async ({ page, request }) => {
  await page.goto('./');
  const manifest = await (await request.get('manifest.webmanifest')).json();
  expect(manifest.start_url).toBe('./');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
  const sw = await (await request.get('sw.js')).text();
  expect(sw).toMatch(/const CACHE = 'majesty-[0-9a-f]{16}'/);
  await expect(page.locator('html')).toHaveAttribute('data-update-text', /new version/);
});

// Not the fixture's page: the page that cannot start reports failed requests
// and errors on purpose.
plain('a file of the app missing from the offline cache: a readable message, no uncaught error, and it is cached again', async ({ page, context }) => {
  const uncaught = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await openControlled(page, './?lang=de');
  // The main module, as the service worker keeps it (scripts/sw-template.js).
  const wasm = await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const request = (await cache.keys()).find((r) => /majesty-web-\w+_bg\.wasm$/.test(r.url));
      if (request) {
        await cache.delete(request);
        return request.url;
      }
    }
    return null;
  });
  expect(wasm).not.toBeNull();
  const cached = () => page.evaluate((url) => caches.match(url).then((r) => r !== undefined), wasm);
  expect(await cached()).toBe(false);

  // Offline, the app cannot start: the page says so, in its language.
  await context.setOffline(true);
  await page.reload();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('Das Spiel konnte nicht starten');
  await expect(failure.getByRole('button', { name: 'Neu laden' })).toBeVisible();

  // Online again, the file is fetched and cached again: offline works.
  await context.setOffline(false);
  await failure.getByRole('button', { name: 'Neu laden' }).click();
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
  await expect(page.locator('.boot-failure')).toHaveCount(0);
  await expect.poll(cached).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
  await context.setOffline(false);

  // The page itself, missing, is cached again as well (under './').
  const pageCached = () => page.evaluate(() => caches.match('./').then((r) => r !== undefined));
  await page.evaluate(async () => {
    for (const name of await caches.keys()) await (await caches.open(name)).delete('./');
  });
  expect(await pageCached()).toBe(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
  await expect.poll(pageCached).toBe(true);

  // The page missing and no connection: the service worker's own offline
  // page (in the browser's language), not the browser's error page.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) await (await caches.open(name)).delete('./');
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Majesty is offline' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Connect to the internet, then try again.');
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
  await expect.poll(pageCached).toBe(true);
  expect(uncaught).toEqual([]);
});
