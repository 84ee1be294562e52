// Boards in an article, as a teaching site pastes them: a page of another
// origin (the example server's port, its page made here) with the one-line
// snippet. Each board is as tall as its content, the article never moves
// by itself, the theme is the article's, lazy boards load when near.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';

const example = readFileSync(new URL('../public/examples/annotated-game.json', import.meta.url), 'utf8');

/** Opens an article on the other origin with `boards` (HTML) in a column
 * `column` px wide; the embed script is the one-line snippet's. The page is
 * written into a page that origin's server served (a page the test made up
 * would be of another address space, which may not fetch from 127.0.0.1). */
async function article(page, baseURL, boards, column = 700) {
  const host = new URL(baseURL);
  host.port = String(Number(host.port) + 1);
  // (A JSON page: the browser then asks for a favicon that is not there.)
  await page.route(`${host.origin}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  await page.goto(`${host.origin}/annotated-game.json`);
  const filler = '<p>' + 'Knights attack, Guards defend, the Infirmary heals. '.repeat(12) + '</p>';
  await page.setContent(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1"><title>An article</title>
    <style>body { margin: 0; font: 16px/1.6 Georgia, serif } main { max-width: ${column}px; margin: 0 auto; padding: 0 8px }</style>
    </head><body><main><h1>How attacks work</h1>${filler}${boards}${filler.repeat(6)}</main>
    <script>
      window.heard = [];
      addEventListener('majesty:ready', (e) => heard.push([e.target.id, 'ready']), true);
      for (const type of ['turn', 'position', 'tutorialStep', 'screen']) {
        addEventListener('majesty:' + type, (e) => heard.push([e.target.id, type]), true);
      }
    </script>
    <script src="${baseURL}majesty-embed.js" defer></script></body></html>`);
}

const ready = (page, id) => page.waitForFunction((id) => heard.some(([b, t]) => b === id && t === 'ready'), id, { timeout: 30_000 });

/** The frame's height beside the height of what it shows. */
async function heights(page, id) {
  const frame = await (await page.locator(`#${id} iframe`).elementHandle()).contentFrame();
  const shown = await page.locator(`#${id} iframe`).evaluate((f) => f.getBoundingClientRect().height);
  const content = await frame.evaluate(() => ({
    height: document.documentElement.getBoundingClientRect().height,
    scrolls: document.documentElement.scrollHeight > innerHeight + 1,
  }));
  return { shown, ...content };
}

async function expectFitted(page, id, what) {
  await expect
    .poll(async () => {
      const h = await heights(page, id);
      return Math.abs(h.shown - h.height) <= 2 && !h.scrolls;
    }, { message: `${what}: the frame as tall as its content`, timeout: 10_000 })
    .toBe(true);
}

for (const [viewport, column] of [
  [{ width: 1366, height: 768 }, 700],
  [{ width: 360, height: 740 }, 360],
]) {
  test(`a rule's board fits a ${column} px column and never moves the article`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await article(page, baseURL, '<div id="attack" data-majesty="?rules=attack"></div>', column);
    await ready(page, 'attack');
    const board = page.frameLocator('#attack iframe');
    await expect(board.locator('.scenario')).toBeVisible();
    await expect(board.locator('.display .card').first()).toBeVisible();
    await expectFitted(page, 'attack', 'after load');
    // Nothing wider than the column.
    const frame = await (await page.locator('#attack iframe').elementHandle()).contentFrame();
    expect(await frame.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => scrollY), 'the article after load').toBe(0);

    // The suggested move, made as a reader makes it.
    const scenario = board.locator('.scenario');
    const take = await scenario.getAttribute('data-take');
    await board.locator(`.display .card[data-space="${take}"]`).click();
    const confirm = board.getByRole('button', { name: 'Confirm' });
    for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
      await board.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
    }
    // (Playwright scrolls the article to what it clicks: first, so that
    // only the game's own scrolling would be seen.)
    await confirm.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => scrollY);
    await confirm.click();
    await expect(scenario).toHaveAttribute('data-progress', 'done', { timeout: 20_000 });
    await expectFitted(page, 'attack', 'after the move');
    await page.waitForTimeout(800);
    expect(await page.evaluate(() => scrollY), 'the article after the move').toBe(before);

    // The host points at the wounded card: the article stays where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.getElementById('attack').majesty.highlight({ location: 'Infirmary', seat: 2 }));
    await expect(board.locator('.host-mark')).toHaveCount(1);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => scrollY), 'the article after highlight()').toBe(0);
    // A seat the table does not have is refused.
    const refused = await page.evaluate(() =>
      document.getElementById('attack').majesty.highlight({ realm: 3 }).then(() => 'accepted', (e) => e.message),
    );
    expect(refused).toBe('seat 3 is not at this table (2 seats)');
  });
}

test('a board of fixed height scrolls inside to what the host points at, never the article', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await article(page, baseURL, '<div id="fixed" data-majesty="?rules=attack" data-height="400px" data-loading="eager"></div>');
  await ready(page, 'fixed');
  const board = page.frameLocator('#fixed iframe');
  await expect(board.locator('.display .card').first()).toBeVisible();
  expect(await page.locator('#fixed iframe').evaluate((f) => f.getBoundingClientRect().height)).toBe(400);
  const frame = await (await page.locator('#fixed iframe').elementHandle()).contentFrame();
  const articleAt = await page.evaluate(() => scrollY);
  // Bob's Infirmary, far below the frame's first 400 px.
  await page.evaluate(() => document.getElementById('fixed').majesty.highlight({ location: 'Infirmary', seat: 2 }));
  await expect(board.locator('.host-mark')).toHaveCount(1);
  await expect.poll(() => frame.evaluate(() => scrollY), { message: 'the frame scrolled to it' }).toBeGreaterThan(0);
  const shown = await board.locator('.host-mark').evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  expect(shown, 'the mark within the frame').toBe(true);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => scrollY), 'the article').toBe(articleAt);
});

test('a record the game wrote loads as an object, and a replay steps without moving the article', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await article(page, baseURL, '<div id="replay" data-majesty="?players=Ann,Bob#deal=3"></div>');
  await ready(page, 'replay');
  // Parsed as any page parses it: the seed must survive JSON.parse.
  const answer = await page.evaluate((text) => document.getElementById('replay').majesty.load({ record: JSON.parse(text) }), example);
  expect(answer).toMatchObject({ ok: true });
  const board = page.frameLocator('#replay iframe');
  await expect(board.locator('.replay-step')).toHaveText('Before turn 1 of 10');
  await page.evaluate(() => document.getElementById('replay').majesty.goToTurn(6));
  await expect(board.locator('.replay-step')).toHaveText('After turn 6 of 10');
  await expectFitted(page, 'replay', 'a replay');
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => scrollY), 'the article after goToTurn()').toBe(0);
});

test('a replay link opens at its turn=', async ({ page, baseURL }) => {
  const record = Buffer.from(example).toString('base64url');
  await article(page, baseURL, `<div id="replay" data-majesty="#record=${record}&turn=4"></div>`);
  await ready(page, 'replay');
  await expect(page.frameLocator('#replay iframe').locator('.replay-step')).toHaveText('After turn 4 of 10');
});

test('a board takes the article\'s theme, and setTheme() changes it for good', async ({ page, baseURL }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await article(page, baseURL, `
    <div id="light" data-majesty="?rules=heal" data-theme="light" data-loading="eager"></div>
    <div id="auto" data-majesty="?rules=heal" data-loading="eager"></div>`);
  await ready(page, 'light');
  await ready(page, 'auto');
  const theme = (id) => page.frameLocator(`#${id} iframe`).locator('html');
  const ink = (id) => theme(id).evaluate(() => getComputedStyle(document.body).color);
  await expect(theme('light')).toHaveAttribute('data-theme', 'light');
  await expect(theme('auto')).not.toHaveAttribute('data-theme', /./);
  // Light in a dark system; the other follows the system.
  const [light, dark] = [await ink('light'), await ink('auto')];
  expect(light).not.toBe(dark);
  // No theme picker in a frame: the article decides.
  await expect(page.frameLocator('#light iframe').locator('select.theme')).toHaveCount(0);
  await page.evaluate(() => document.getElementById('light').majesty.setTheme('dark'));
  await expect(theme('light')).toHaveAttribute('data-theme', 'dark');
  const refused = await page.evaluate(() =>
    document.getElementById('light').majesty.setTheme('sepia').then(() => 'accepted', (e) => e.message),
  );
  expect(refused).toBe('no theme "sepia" (light, dark or auto)');
  // The frame's address keeps it (and a language), so a reload shows the same.
  await page.evaluate(() => document.getElementById('light').majesty.setLanguage('de'));
  const frame = await (await page.locator('#light iframe').elementHandle()).contentFrame();
  await frame.evaluate(() => location.reload());
  // The page reloaded says ready again.
  await page.waitForFunction(() => heard.filter(([b, t]) => b === 'light' && t === 'ready').length === 2);
  await expect(theme('light')).toHaveAttribute('data-theme', 'dark');
  await expect(theme('light')).toHaveAttribute('lang', 'de');
});

test('lazy boards load only when the reader nears them; a click-to-load board waits for its click', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const gameRequests = [];
  page.on('request', (r) => {
    if (r.url().startsWith(baseURL) && r.frame() !== page.mainFrame()) gameRequests.push(r.frame().url());
  });
  const far = '<div style="height: 3000px"></div>';
  await article(page, baseURL, `
    <div id="near" data-majesty="?rules=attack"></div>${far}
    <div id="far" data-majesty="?rules=heal"></div>${far}
    <div id="poster" data-majesty="?rules=defend" data-loading="click" data-title="The defence, live"></div>`);
  await ready(page, 'near');
  await page.waitForTimeout(1000);
  await expect(page.locator('#far iframe')).toHaveCount(0);
  expect(gameRequests.filter((u) => u.includes('rules=heal'))).toEqual([]);
  // Scrolled near: it loads, is ready and fits.
  await page.locator('#far').scrollIntoViewIfNeeded();
  await ready(page, 'far');
  await expectFitted(page, 'far', 'a lazy board');
  // The poster: a button, no frame until it is pressed.
  await page.locator('#poster').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await expect(page.locator('#poster iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'The defence, live' }).click();
  await ready(page, 'poster');
});

test('a lesson kept to itself: no way out, no saving notice, ready heard first, late listeners heard', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await article(page, baseURL, `
    <div id="lesson" data-majesty="?rules=attack" data-nav="off" data-loading="eager"></div>
    <div id="tour" data-majesty="?tutorial=1" data-loading="eager"></div>`);
  await ready(page, 'lesson');
  await ready(page, 'tour');
  const lesson = page.frameLocator('#lesson iframe');
  await expect(lesson.locator('.scenario')).toBeVisible();
  await expect(lesson.getByRole('button', { name: 'All rules' })).toHaveCount(0);
  await expect(lesson.locator('.notice')).toHaveCount(0);
  await page.waitForFunction(() => heard.some(([b, t]) => b === 'tour' && t === 'tutorialStep'));
  const tour = await page.evaluate(() => heard.filter(([b]) => b === 'tour').map(([, t]) => t));
  expect(tour[0]).toBe('ready');
  // A `ready` listener added after ready still hears it.
  const late = await page.evaluate(
    () => new Promise((done) => document.getElementById('lesson').majesty.on('ready', (d) => done(d.type))),
  );
  expect(late).toBe('ready');
});

test('"All rules" in a frame tells the host its screen changed', async ({ page, baseURL }) => {
  await article(page, baseURL, '<div id="lesson" data-majesty="?rules=attack" data-loading="eager"></div>');
  await ready(page, 'lesson');
  const screen = page.evaluate(
    () => new Promise((done) => document.getElementById('lesson').addEventListener('majesty:screen', (e) => done(e.detail.screen))),
  );
  await page.frameLocator('#lesson iframe').getByRole('button', { name: 'All rules' }).click();
  expect(await screen).toBe('rules');
});
