// The whole table on one screen. On a desk (1366×768, 1280×720; 2, 3 and 4
// players) the display, the player's realm with meeples and score, every
// other realm and the log's last turn are inside the window with the page at
// its top, during the player's turn and while the computers play. On a phone
// a game opens at the top of the table (not at the log) and stays where the
// player left it.
import { test, expect } from './fixtures.mjs';
import { displaySettled, playCard } from './helpers.mjs';

const names = ['Ann', 'Bob', 'Cid', 'Dee'];

/// What must be in the window, each as [what, selector, all matches?,
/// its headline only?]. (The log's last turn may be longer than its box:
/// its headline is in sight, in the box.)
const table = [
  ['the display', '.display', false, false],
  ['the player’s realm', '.realm.big', false, false],
  ['the player’s meeples', '.realm.big .worker-card', false, false],
  ['the player’s score', '.realm.big .score-coin', false, false],
  ['every other realm', '.realm:not(.big)', true, false],
  ['the log’s last turn', '.log > ol > li:last-child > strong', false, true],
];

/// The parts of the table outside the window, and the page's scroll.
async function outsideTheWindow(page) {
  return page.evaluate((table) => {
    const out = [];
    for (const [what, selector, all, headline] of table) {
      const elements = all ? [...document.querySelectorAll(selector)] : [document.querySelector(selector)];
      if (elements.length === 0 || elements.includes(null)) out.push(`${what}: not on the page`);
      for (const el of elements.filter(Boolean)) {
        const r = el.getBoundingClientRect();
        const box = headline ? el.closest('ol').getBoundingClientRect() : { top: 0, bottom: innerHeight };
        const bottom = headline ? r.top + 16 : r.bottom;
        if (r.top < Math.max(0, box.top - 0.5) || r.left < 0 || bottom > Math.min(innerHeight, box.bottom) + 0.5
          || r.right > innerWidth + 0.5) {
          out.push(`${what}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
        }
      }
    }
    return { out, scrollY, scrollHeight: document.documentElement.scrollHeight };
  }, table);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
]) {
  for (const players of [2, 3, 4]) {
    const size = `${viewport.width}×${viewport.height}`;
    test(`the whole table on one screen at ${size} with ${players} players`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      // With one computer, "fast" shows its turn for 300 ms: a loaded
      // machine could miss it, and the table is looked at while it plays.
      const pace = players === 2 ? '"normal"' : '"fast"';
      await page.addInitScript((pace) => localStorage.setItem('majesty.pace', pace), pace);
      const seats = names.slice(0, players).map((n, i) => (i === 0 ? n : `${n}:easy`)).join(',');
      await page.goto(`./?players=${seats}#deal=11`);
      const status = page.locator('h1.status');
      // Six turns of the player's, each looked at while choosing and while
      // the computers play: stacks grow, the log fills.
      for (let turn = 0; turn < 6; turn++) {
        await expect(status).toContainText('Ann to play', { timeout: 30_000 });
        await displaySettled(page);
        // (Polled: the log scrolls to its newest turn on the next frame.)
        const outside = async () => (await outsideTheWindow(page)).out;
        if (turn > 0) {
          await expect.poll(outside, { message: `outside the window on Ann's turn ${turn + 1}` }).toEqual([]);
          const seen = await outsideTheWindow(page);
          expect(seen.scrollY).toBe(0);
          expect(seen.scrollHeight, 'the page scrolls').toBeLessThanOrEqual(viewport.height);
        }
        await playCard(page, page.locator('.card.legal').last());
        await expect(status).toContainText('is playing');
        await expect.poll(outside, { message: `outside the window while a computer plays (turn ${turn + 1})` }).toEqual([]);
        expect((await outsideTheWindow(page)).scrollY).toBe(0);
      }
    });
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test(`a ${viewport.width} px phone opens the game from the setup at the top of the table and stays where the player left it`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto('./');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: '3 players' }).click();
    await page.getByLabel('First player drawn at random').uncheck();
    // The setup's button lies at its bottom: the page was scrolled to it.
    const start = page.getByRole('button', { name: 'Start the game' });
    await start.scrollIntoViewIfNeeded();
    await start.tap();
    const status = page.locator('h1.status');
    await expect(status).toContainText('Ann to play');
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    await expect(status).toBeInViewport();
    await expect(page.locator('.realm.big .score-coin')).toBeInViewport();
    await expect(page.locator('.display')).toBeInViewport();
    // A turn at the top stays at the top; scrolled down to the opponents,
    // the next turn leaves the page there.
    for (const scrolled of [0, 300]) {
      await page.evaluate((y) => scrollTo(0, y), scrolled);
      await expect(status).toContainText('Ann to play', { timeout: 30_000 });
      await playCard(page, page.locator('.card[data-space="0"]'), { tap: true });
      await expect(status).toContainText('Ann to play', { timeout: 30_000 });
      await displaySettled(page);
      expect(await page.evaluate(() => scrollY)).toBe(scrolled);
      // No preview opened by itself after the turn.
      await expect(page.locator('.peek')).toHaveCount(0);
    }
    await context.close();
  });
}

test('a compact realm opens whole on a click, with every name and card; Escape or a tap closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('./?players=Ann,Bob:easy,Cid:easy#deal=11');
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  const bob = page.locator('.realms.others .realm[data-seat="1"]');
  // Compact: the location's emblem, no name.
  await expect(bob.locator('.loc-name').first()).toBeHidden();
  await bob.click();
  const whole = page.getByRole('dialog', { name: 'Bob’s realm' });
  await expect(whole).toBeVisible();
  await expect(whole.locator('.loc-name').first()).toBeVisible();
  await expect(whole.locator('.loc-name').first()).toHaveText('Mill');
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(whole).toHaveCount(0);
  await bob.click();
  await expect(whole).toBeVisible();
  await page.mouse.click(10, 700);
  await expect(whole).toHaveCount(0);
});
