// What a first visit sees before the app has started (index.html): on the
// home screen's address, the app's own home screen (`home-shell`, kept in
// public/home-shell/ by scripts/home-shell.mjs), handed over to the app with
// what was done on it; elsewhere, the app's "Loading…" (`page-loading`).
import { readFileSync } from 'node:fs';
import { test as plain } from '@playwright/test';
import { test, expect } from './fixtures.mjs';
import { SHELLS, drawnHome, languages } from '../scripts/home-shell.mjs';
import { holdFiles } from './helpers.mjs';

// A first visit: no service worker serving the page.
test.use({ serviceWorkers: 'block' });
plain.use({ serviceWorkers: 'block' });

const isShell = (url) => /\/home-shell-[a-z]{2}-[0-9a-f]{10}\.html$/.test(url);

const started = (page) => page.evaluate(() => performance.getEntriesByName('home-ready').length > 0);

/// Holds the app back, whatever the machine's speed: its glue (Trunk's
/// `majesty-web-<hash>.js`), without which it cannot start.
const holdTheApp = (page) => holdFiles(page, /\/majesty-web-[0-9a-f]+\.js$/);

test('each language’s home screen drawn before the app is what the app draws', async ({ page }) => {
  await page.goto('./');
  await drawnHome(page);
  const codes = await languages(page);
  expect(codes).toEqual(['en', 'de', 'fr', 'es']);
  for (const code of codes) {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`./?lang=${code}`);
    const drawn = await drawnHome(page);
    const kept = readFileSync(new URL(`${code}.html`, SHELLS), 'utf8').trim();
    expect(kept, `public/home-shell/${code}.html is not what the app draws: after trunk build --release, run node scripts/home-shell.mjs and build again`).toBe(drawn);
  }
});

test('a first visit sees the home screen before the app starts, and what is clicked on it is done', async ({ page }) => {
  const start = await holdTheApp(page);
  await page.goto('./', { waitUntil: 'commit' });
  const shell = page.locator('#home-shell');
  await expect(shell.getByRole('heading', { name: 'Majesty: For the Realm' })).toBeVisible();
  expect(await started(page)).toBe(false);
  // (Not the page's "Loading…" besides.)
  await expect(page.locator('#page-loading')).toHaveCount(0);
  await shell.getByRole('button', { name: 'New game' }).click();
  await expect(shell).toHaveClass(/waiting/);
  await expect(shell.getByRole('button', { name: 'New game' })).toHaveAttribute('aria-busy', 'true');
  expect(await started(page)).toBe(false);
  start();
  // The app takes its place, then opens the new game's setup.
  await expect(page.getByRole('button', { name: 'Start the game' })).toBeVisible();
  await expect(shell).toHaveCount(0);
  await expect(page.locator('.app')).toHaveCount(1);
  expect(await started(page)).toBe(true);
  // The setup has an entry of its own, done before the app's first effects
  // ran: Back returns to the home screen, in the same page.
  expect(new URL(page.url()).search).toContain('setup=');
  await page.evaluate(() => { window.samePage = true; });
  await page.goBack();
  await expect(page.locator('.home h1')).toBeVisible();
  expect(await page.evaluate(() => window.samePage)).toBe(true);
});

test('a first visit asks for the drawing before the home screen’s other files', async ({ page }) => {
  // (Over HTTP/1.1 a browser asks for six files at a time: the drawing
  // must not wait behind the app's own files.)
  const asked = [];
  page.on('request', (req) => asked.push(new URL(req.url()).pathname.split('/').pop()));
  await page.goto('./');
  await expect(page.locator('body > .app .home')).toBeVisible();
  const drawing = asked.findIndex((file) => isShell(`/${file}`));
  expect(drawing).toBeGreaterThan(-1);
  for (const file of [/^split_home\.wasm$/, /^__wasm_split\.js$/]) {
    expect(asked.findIndex((f) => file.test(f)), `${file} asked for after the drawing`).toBeGreaterThan(drawing);
  }
});

test('the language and theme chosen on it are the app’s, and the focus stays where it was', async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('majesty.theme')) localStorage.setItem('majesty.theme', '"dark"');
  });
  const start = await holdTheApp(page);
  await page.goto('./', { waitUntil: 'commit' });
  const shell = page.locator('#home-shell');
  await expect(shell.locator('select.theme')).toHaveValue('dark');
  await shell.getByLabel('Language').selectOption('de');
  await shell.getByRole('button', { name: 'Learn to play' }).focus();
  expect(await started(page)).toBe(false);
  start();
  // The app, in German, with the focus on the same button.
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
  await expect(shell).toHaveCount(0);
  await expect(page.locator('select.theme')).toHaveValue('dark');
  await expect(page.locator('button.learn-to-play')).toBeFocused();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('majesty.lang')))).toBe('de');
});

test('a browser in another language sees the home screen in it before the app starts', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  const shells = [];
  page.on('request', (req) => isShell(req.url()) && shells.push(new URL(req.url()).pathname.split('/').pop()));
  const start = await holdTheApp(page);
  await page.goto('./', { waitUntil: 'commit' });
  const shell = page.locator('#home-shell');
  await expect(shell.getByRole('button', { name: 'Nouvelle partie' })).toBeVisible();
  expect(await started(page)).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(shells).toEqual([expect.stringMatching(/^home-shell-fr-/)]);
  start();
  await expect(page.locator('body > .app').getByRole('button', { name: 'Nouvelle partie' })).toBeVisible();
  await expect(shell).toHaveCount(0);
  await context.close();
});

test('a page that opens on something else says "Loading…" in its language until the app starts', async ({ page }) => {
  const start = await holdTheApp(page);
  const loading = page.locator('#page-loading');
  for (const code of ['en', 'de', 'fr', 'es']) {
    const { loading: words } = JSON.parse(readFileSync(new URL(`../public/locales/${code}.json`, import.meta.url), 'utf8'));
    await page.goto(`./?lang=${code}&players=Ann,Bob#deal=1`, { waitUntil: 'commit' });
    await expect(loading).toHaveText(words);
    await expect(loading).toHaveAttribute('lang', code);
    expect(await page.evaluate(() => performance.getEntriesByName('board-ready').length)).toBe(0);
  }
  start();
  // The board takes its place; nothing of it is left.
  await expect(page.locator('h1.status')).toBeVisible();
  await expect(loading).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
});

test('no home screen drawn before the app where the page opens on something else', async ({ page }) => {
  const shells = [];
  page.on('request', (req) => isShell(req.url()) && shells.push(req.url()));
  // A deal's link.
  await page.goto('./?players=Ann,Bob#deal=1');
  await expect(page.locator('h1.status')).toContainText('to play');
  // A browser that keeps games: its home screen lists them.
  await page.evaluate(() => {
    const record = { players: ['Ann', 'Bob'], seed: 1, sides: 'AAAAAAAA', turns: [] };
    localStorage.setItem('majesty.game.1', JSON.stringify({ version: 1, record, saved_at: 0 }));
    localStorage.setItem('majesty.game.2', JSON.stringify({ version: 1, record, saved_at: 0 }));
  });
  await page.goto('./');
  await expect(page.locator('.home')).toBeVisible();
  expect(shells).toEqual([]);
  expect(await page.locator('#home-shell').count()).toBe(0);
});

// Not the fixture's page: a page that cannot start reports a failed request
// on purpose.
plain('a page that cannot start says so, with no home screen left that does nothing', async ({ page }) => {
  page.on('pageerror', () => {});
  await page.route(/\/majesty-web-[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto('./');
  await expect(page.getByRole('alert')).toContainText('The game could not start');
  await expect(page.locator('#home-shell, #page-loading')).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(page.locator('#home-shell, #page-loading')).toHaveCount(0);
  // In the page's language, its no-break space a space, not the six
  // characters of an escape (which the build's minifier keeps as such).
  await page.goto('./?lang=fr');
  await expect(page.getByRole('alert')).toContainText('Le jeu n’a pas pu démarrer\u00a0: une partie');
  await expect(page.getByRole('alert')).not.toContainText('\\');
});

plain('a page whose decoder’s script or module cannot be fetched says so too', async ({ page }) => {
  page.on('pageerror', () => {});
  for (const file of [/\/xz-decompress\.js$/, /\/xz-decompress\.wasm$/]) {
    await page.unrouteAll();
    await page.route(file, (route) => route.abort());
    for (const address of ['./', './?players=Ann,Bob#deal=1']) {
      await page.goto(address);
      await expect(page.getByRole('alert')).toContainText('The game could not start');
      await expect(page.locator('#home-shell, #page-loading')).toHaveCount(0);
    }
  }
});

test('the page does not wait for the decoder’s script to draw the home screen', async ({ page }) => {
  const release = await holdFiles(page, /\/xz-decompress\.js$/);
  await page.goto('./', { waitUntil: 'commit' });
  const shell = page.locator('#home-shell');
  await expect(shell.getByRole('heading', { name: 'Majesty: For the Realm' })).toBeVisible();
  expect(await started(page)).toBe(false);
  release();
  await expect(page.locator('body > .app .home')).toBeVisible();
  await expect(shell).toHaveCount(0);
});
