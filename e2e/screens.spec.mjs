// Screenshot comparisons of the board mid-game and the final scoring, at a
// laptop's and a phone's size, light and dark (prefers-color-scheme).
//
// Baselines live in e2e/screens/<name>-chromium.png (snapshotPathTemplate in
// the config). Create or refresh them, after looking at the pages, with:
//
//   npx playwright test --config e2e/playwright.config.mjs e2e/screens.spec.mjs --update-snapshots
//
// Without that flag (or E2E_UPDATE_SNAPSHOTS), a missing baseline fails the
// test, on CI or not: it is never written silently (updateSnapshots: 'none'
// in the config). The pages are recorded games opened at a fixed turn
// (e2e/fixtures/), so the same cards are on the table every time.
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, openRecord, settle, showAllFinal } from './helpers.mjs';

const game2p = fixtureRecord('game-2p.json');
const game3p = fixtureRecord('game-3p.json');

const laptop = { width: 1366, height: 768 };
const phone = { width: 390, height: 844 };

const scenes = [
  {
    name: 'table-3p-turn18',
    title: 'the table of a game being played, 3 players, turn 19 of 36',
    open: async (page) => {
      await openRecord(page, game3p, { step: 18 });
      await page.getByRole('button', { name: 'Play from here' }).click();
      await expect(page.locator('h1.status')).toContainText('to play');
      // The pointer off the table (it was on the button, now over a realm).
      await page.mouse.move(0, 0);
      await page.evaluate(() => document.activeElement?.blur());
      await settle(page);
    },
    sizes: [[laptop, 'light'], [laptop, 'dark'], [phone, 'light']],
  },
  {
    name: 'board-2p-turn12',
    title: 'the board mid-game, 2 players, turn 12 of 24',
    open: (page) => openRecord(page, game2p, { step: 12 }),
    sizes: [[laptop, 'light'], [laptop, 'dark'], [phone, 'light'], [phone, 'dark']],
  },
  {
    name: 'board-3p-turn18',
    title: 'the board mid-game, 3 players, turn 18 of 36',
    open: (page) => openRecord(page, game3p, { step: 18 }),
    sizes: [[laptop, 'light'], [laptop, 'dark'], [phone, 'light'], [phone, 'dark']],
  },
  {
    name: 'final-2p',
    title: 'the final scoring, 2 players',
    open: async (page) => {
      await openRecord(page, game2p);
      await showAllFinal(page);
    },
    sizes: [[laptop, 'light'], [laptop, 'dark'], [phone, 'light']],
  },
];

for (const scene of scenes) {
  for (const [viewport, scheme] of scene.sizes) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`screen: ${scene.title}, ${size}, ${scheme}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await scene.open(page); // waits for the fonts and for every animation to end
      await expect(page).toHaveScreenshot(`${scene.name}-${size}-${scheme}.png`, {
        // A phone shows what its screen shows: the display and the choice
        // stay at the bottom of the screen, over the realms (sticky).
        // Final scoring lies over the table: the screen is the picture.
        // The table of a game being played is one screen: the picture.
        fullPage: viewport.width > 600 && !/^(final|table)/.test(scene.name),
        animations: 'disabled',
        caret: 'hide',
        // Anti-aliasing differs a little from run to run.
        maxDiffPixelRatio: 0.01,
      });
    });
  }
}
