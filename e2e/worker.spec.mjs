// The computers think in a Web Worker (src/play/bot_driver.rs,
// src/bin/search_worker.rs): the page stays free while they do, they choose
// what they would on the page, and a job dropped by an undo or a new game
// never plays its turn.
import { test, expect } from './fixtures.mjs';
import { playFrontCard, holdAnswers, releaseAnswers as release } from './helpers.mjs';

/// From the home screen: a game of Ann (first) against computers of `levels`.
async function startAgainst(page, levels, { deal } = {}) {
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: `${levels.length + 1} players` }).click();
  for (const [i, level] of levels.entries()) await page.getByLabel(`Who plays seat ${i + 2}`).selectOption(level);
  if (deal) await page.getByLabel('Deal number').fill(deal);
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of');
}

/// The turns of the one saved game.
async function savedTurns(page) {
  return page.evaluate(() => {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith('majesty.game.'));
    return keys.map((k) => JSON.parse(localStorage.getItem(k)).record.turns);
  });
}

const answered = (page) => page.evaluate(() => performance.getEntriesByName('majesty-think').length);

test('a whole game against two experts: they think in the worker, and no main-thread task over 50 ms while they do', { tag: '@alone' }, async ({ page }) => {
  test.setTimeout(240_000);
  const workerFiles = [];
  // (The worker's files, not the page's own side of the search, split_search.)
  page.on('request', (r) => /\/search[-_]/.test(new URL(r.url()).pathname) && workerFiles.push(new URL(r.url()).pathname.split('/').slice(-2).join('/')));
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  // Without the table's moves, whose frames under load on this shared
  // machine run long themselves: what is measured is the search.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./');
  // The home screen does not load the worker: it comes with the first computer turn.
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  expect(workerFiles).toEqual([]);
  await startAgainst(page, ['expert', 'expert']);

  const status = page.locator('h1.status');
  for (let mine = 0; mine < 12; mine++) {
    await expect(status).toContainText(/Ann to play|Game over/, { timeout: 30_000 });
    await expect(status).toContainText(`turn ${mine * 3 + 1} of 36`);
    await playFrontCard(page);
  }
  await expect(status).toHaveText('Game over', { timeout: 30_000 });
  await expect(page.locator('.log > ol > li')).toHaveCount(36);
  await expect(page.locator('html')).toHaveAttribute('data-search', 'worker');
  // In the build's folder (scripts/post-build.mjs), which names one build's
  // three files by their contents.
  const [folder] = workerFiles.map((f) => f.split('/')[0]);
  expect(folder).toMatch(/^build-[0-9a-f]{12}$/);
  expect(workerFiles.sort()).toEqual(['search-loader.js', 'search_worker.js', 'search_worker_bg.wasm'].map((f) => `${folder}/${f}`));

  const { thinking, longTasks } = await page.evaluate(() => ({
    thinking: performance.getEntriesByName('majesty-think').map((e) => ({ start: e.startTime, end: e.startTime + e.duration })),
    longTasks: window.__longTasks,
  }));
  expect(thinking).toHaveLength(24);
  // A task run while a computer thought, start to end: its search would run
  // in such tasks on the page. The task that asks for the turn (after the
  // table has drawn the turn before) and the one that receives it are not.
  const during = longTasks.filter((t) => thinking.some((s) => t.start >= s.start && t.end <= s.end));
  const ms = (xs) => xs.map((t) => Math.round(t.end - t.start));
  console.log(
    `expert thinking (start to answer) ${ms(thinking).join(', ')} ms; tasks over 50 ms while thinking: ` +
      `${JSON.stringify(ms(during))}; all tasks over 50 ms: ${JSON.stringify(ms(longTasks))}`,
  );
  expect(ms(during)).toEqual([]);
});

test('the computers choose the same turns in the worker as on the page, where no worker can run', async ({ browser }) => {
  test.setTimeout(120_000);
  const turns = {};
  for (const where of ['worker', 'page']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (where === 'page') await page.addInitScript(() => delete window.Worker);
    await page.goto('./');
    await startAgainst(page, ['hard', 'expert'], { deal: '77' });
    for (let mine = 0; mine < 4; mine++) {
      await expect(page.locator('h1.status')).toContainText(`Ann to play — turn ${mine * 3 + 1} of 36`, { timeout: 30_000 });
      await playFrontCard(page);
    }
    await expect(page.locator('h1.status')).toContainText('Ann to play — turn 13 of 36', { timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('data-search', where);
    [turns[where]] = await savedTurns(page);
    await context.close();
  }
  expect(turns.worker).toHaveLength(12);
  expect(turns.worker).toEqual(turns.page);
});

test('taking back a turn while a computer thinks drops its turn', async ({ page }) => {
  await holdAnswers(page);
  await page.goto('./');
  await startAgainst(page, ['expert']);
  await page.evaluate(() => (window.__hold = true));
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Bob (computer, expert) is playing');
  await page.waitForFunction(() => window.__held.length === 1);

  await page.getByRole('button', { name: 'Take back the last turn' }).click();
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  // The held answer is handled as it is released: taken, it would have
  // left its "majesty-think" mark before its card was shown and played.
  await release(page);
  expect(await answered(page)).toBe(0);
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  await expect(page.locator('.display .card[aria-pressed="true"]')).toHaveCount(0);
  expect(await answered(page)).toBe(0);
  expect(await savedTurns(page)).toEqual([[]]);

  // The game goes on as usual.
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 3 of 24', { timeout: 20_000 });
  expect(await answered(page)).toBe(1);
});

test('leaving for a new game while a computer thinks drops its turn', async ({ page }) => {
  await holdAnswers(page);
  await page.goto('./');
  await startAgainst(page, ['hard']);
  await page.evaluate(() => (window.__hold = true));
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Bob (computer, hard) is playing');
  await page.waitForFunction(() => window.__held.length === 1);

  await page.getByRole('button', { name: 'Home' }).click();
  await startAgainst(page, ['hard']);
  await release(page);
  expect(await answered(page)).toBe(0);
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  expect(await answered(page)).toBe(0);
  // The game left stays as it was: Ann's turn, not the computer's.
  expect((await savedTurns(page)).map((t) => t.length).sort()).toEqual([1]);
});
