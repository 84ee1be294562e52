// The app's screens in the browser's history: each screen opened adds an
// entry with its own address, Back and Forward move between them without
// loading the page again (a game left by Back stays as it was), a reload
// opens the screen shown, and a page opened by a deep link leaves the app
// on its first Back.
import { test, expect } from './fixtures.mjs';
import { goHome, playFrontCard, realmCardCount, startGame } from './helpers.mjs';

const search = (page) => new URL(page.url()).search;
const address = (page) => {
  const url = new URL(page.url());
  return url.search + url.hash;
};

/// The page's start, told apart from a screen changed in place: a value
/// kept in the page's window is lost only when the page loads again.
const markPage = (page) => page.evaluate(() => { window.samePage = true; });
const samePage = (page) => page.evaluate(() => window.samePage === true);

const homeShown = (page) => expect(page.locator('.home h1')).toBeVisible();

test('Back and Forward move between home, the rules, a rule and the statistics, in the same page', async ({ page }) => {
  await goHome(page);
  await markPage(page);
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Rules, each one live' }).click();
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
  expect(search(page)).toBe('?rules=1');
  await page.getByRole('link', { name: 'Variety', exact: true }).click();
  await expect(page.locator('section.scenario h2')).toHaveText('Variety');
  expect(search(page)).toBe('?rules=variety');
  expect(await page.evaluate(() => history.length)).toBe(entries + 2);

  await page.goBack();
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
  expect(search(page)).toBe('?rules=1');
  await page.goBack();
  await homeShown(page);
  expect(search(page)).toBe('');
  await page.goForward();
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
  await page.goForward();
  await expect(page.locator('section.scenario h2')).toHaveText('Variety');
  expect(await samePage(page), 'Back and Forward loaded the page again').toBe(true);

  // Home after a rule: the address is the home screen's, and a reload
  // stays there.
  await page.getByRole('button', { name: 'Home' }).click();
  await homeShown(page);
  expect(address(page)).toBe('');
  await page.reload();
  await homeShown(page);
  await expect(page.locator('section.scenario')).toHaveCount(0);
});

test('a game left by Back is kept as it was, Forward returns to it, and a reload reopens it', async ({ page }) => {
  await startGame(page);
  await markPage(page);
  // Before its first turn the game's address is its deal; once kept, its
  // place.
  expect(address(page)).toMatch(/^\?players=[^#]+#deal=\d+$/);
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Bob to play');
  await expect.poll(() => search(page)).toMatch(/^\?game=\w+$/);
  const game = search(page);

  await page.goBack();
  await expect(page.locator('form.setup')).toBeVisible();
  expect(search(page)).toBe('?setup=table');
  await page.goBack();
  await homeShown(page);
  await page.goForward();
  await page.goForward();
  await expect(page.locator('h1.status')).toContainText('Bob to play');
  expect(search(page)).toBe(game);
  expect(await samePage(page)).toBe(true);
  expect(await realmCardCount(page, 0)).toBe(1);

  await page.reload();
  await expect(page.locator('h1.status')).toContainText('Bob to play');
  expect(search(page)).toBe(game);
  expect(await realmCardCount(page, 0)).toBe(1);
});

test('each screen opened from home has its own entry and address, and a reload reopens it', async ({ page }) => {
  const screens = [
    { open: 'New game', query: '?setup=table', shown: 'form.setup' },
    { open: 'Statistics', query: '?stats=1', shown: '.statistics', before: async () => {
      // The statistics appear on home once a game is counted: one is kept.
      await page.evaluate(() => localStorage.setItem('majesty.stats', JSON.stringify({ format: 1, levels: [], people_only: { played: 1, won: 1 }, all: { played: 1, won: 1 }, score_sum: 60, scores: 1, best: 60, counted: [], rated: [], rated_hinted: [] })));
    } },
    { open: 'Scenario editor', query: '?editor=1', shown: '.editor-main' },
    { open: 'Puzzle of the day', query: '?puzzle=', shown: 'section.puzzle' },
    { open: 'Learn to play', query: '?tutorial=1', shown: '.coach-bubble' },
  ];
  for (const screen of screens) {
    await test.step(screen.open, async () => {
      await goHome(page);
      if (screen.before) {
        await screen.before();
        await page.reload();
        await homeShown(page);
      }
      await markPage(page);
      const entries = await page.evaluate(() => history.length);
      await page.getByRole('button', { name: screen.open }).first().click();
      await expect(page.locator(screen.shown).first()).toBeVisible();
      expect(search(page)).toContain(screen.query);
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);
      // The new screen's heading has the focus (the guided game's coach
      // takes it to its first step).
      await expect.poll(() => page.evaluate(() => {
        const at = document.activeElement;
        return /^H[12]$/.test(at?.tagName ?? '') || !!at?.closest('.coach-bubble');
      })).toBe(true);
      await page.goBack();
      await homeShown(page);
      expect(await samePage(page)).toBe(true);
      await page.goForward();
      await expect(page.locator(screen.shown).first()).toBeVisible();
      await page.reload();
      await expect(page.locator(screen.shown).first()).toBeVisible();
      expect(search(page)).toContain(screen.query);
    });
  }
});

test('a page opened by a deep link leaves the app on its first Back', async ({ page }) => {
  await page.goto('about:blank');
  await page.goto('./?rules=heal');
  await expect(page.locator('section.scenario h2')).toHaveText('Heal');
  expect(search(page)).toBe('?rules=heal');
  await page.goBack();
  expect(page.url()).toBe('about:blank');
});

test('a language chosen by link stays in the address of every screen', async ({ page }) => {
  await page.goto('./?lang=de');
  await homeShown(page);
  expect(search(page)).toBe('?lang=de');
  await page.getByRole('button', { name: 'Regeln, jede zum Ausprobieren' }).click();
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
  expect(search(page)).toBe('?rules=1&lang=de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Regeln' })).toBeVisible();
});

test('a kept game that is not here is said so, over the home screen', async ({ page }) => {
  await goHome(page);
  await page.goto('./?game=0123456789');
  await expect(page.getByRole('alert')).toContainText('not kept in this browser');
  await homeShown(page);
  expect(address(page)).toBe('');
});
