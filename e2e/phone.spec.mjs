// A phone (390×844, and a narrow 374 px one): who is to play and the meeples
// in sight, every tap target at least 44 px, nothing of a realm beyond the
// screen's edge (the Infirmary and the variety included), and no keyboard
// help.
import { test, expect } from './fixtures.mjs';
import { displaySettled, startGame, playFrontCard } from './helpers.mjs';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 374, height: 780 },
]) {
  test(`the board on a ${viewport.width} px phone: nothing cut off, every target large enough`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await startGame(page, { players: 4 });
    for (let i = 0; i < 8; i++) await playFrontCard(page);
    // "… to play" whole on its line.
    const status = page.locator('h1.status');
    await expect(status).toContainText('to play');
    const clipped = await status.evaluate((h) => h.scrollWidth > h.clientWidth);
    expect(clipped, 'the headline is cut off').toBe(false);
    // Nothing wider than the screen: the page, each realm, its parts.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal scrolling of the page').toBeLessThanOrEqual(0);
    const outside = await page.evaluate((width) => {
      const out = [];
      for (const el of document.querySelectorAll('.realm, .realm .column, .realm .variety, .realm .score-coin, .realm .worker-card, .realm .worker-space, .display, .deck')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < 0 || r.right > width + 0.5)) out.push(`${el.className}: ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
      return out;
    }, viewport.width);
    expect(outside, 'parts of the table beyond the edge').toEqual([]);
    // The Infirmary and the variety of every realm, and the meeples of the
    // person to play, are shown.
    await expect(page.locator('.realm .infirmary').first()).toBeVisible();
    await expect(page.locator('.realm .variety').first()).toBeVisible();
    await expect(page.locator('.realm.big .worker-card')).toBeVisible();
    // Tap targets: 44 px each way (WCAG 2.5.5) for whatever can be pressed.
    await page.locator('.card[data-space="0"]').click();
    const small = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('.board button, .board select, .board input, .board a[href], .top button, .top select')) {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (!r.width || style.visibility === 'hidden') continue;
        // (A skip link is drawn only once the keyboard reaches it.)
        if (el.closest('.sr-only, [hidden], .skip-link:not(:focus)')) continue;
        if (r.width < 43.5 || r.height < 43.5) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 24)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      return out;
    });
    expect(small, 'tap targets under 44 px').toEqual([]);
    // No keyboard help on a phone.
    await expect(page.locator('.key-help-button')).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`phone-${viewport.width}.png`), fullPage: true });
  });
}

test('no keyboard help on a touch screen, whatever its width', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto('./?players=Ann,Bob#deal=1');
  await expect(page.locator('h1.status')).toContainText('to play');
  await expect(page.locator('.key-help-button')).toBeHidden();
  await context.close();
});

// Mid-game at the top of the table: every realm whole on the screen (the
// others' above the display, which lies over the bottom of the screen),
// the player's own as tall as its cards, and no name cut short (a card's
// band, a location, a player, the last turn's line).
for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  for (const players of [2, 3]) {
    test(`every realm on the first screen of a ${viewport.width}×${viewport.height} phone with ${players} players, no name cut`, async ({ browser, baseURL }, testInfo) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ baseURL, viewport, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      const seats = ['Ann', 'Bob', 'Cid'].slice(0, players).join(',');
      await page.goto(`./?players=${seats}#deal=${players * 7}`);
      await expect(page.locator('h1.status')).toContainText('to play');
      for (let i = 0; i < 5 * players; i++) await playFrontCard(page);
      await displaySettled(page);
      await page.evaluate(() => scrollTo(0, 0));
      const seen = await page.evaluate(() => {
        const above = document.querySelector('.play-area').getBoundingClientRect().top;
        const realms = [...document.querySelectorAll('.realm')].map((realm) => {
          const r = realm.getBoundingClientRect();
          return { seat: realm.dataset.seat, own: realm.classList.contains('big'), top: Math.round(r.top), bottom: Math.round(r.bottom) };
        });
        const cut = [...document.querySelectorAll('.band, .loc-name, .realm-name, .caption, .status .doing, .count')]
          .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.scrollWidth > el.clientWidth + 0.5)
          .map((el) => `${el.className}: ${el.textContent.trim()}`);
        // Below the last card of each of the player's locations: what the
        // realm keeps empty under it.
        const own = document.querySelector('.realm.big');
        const rows = new Map();
        for (const column of own.querySelectorAll('.column')) {
          const last = column.querySelector('.stack > li:last-child') ?? column.querySelector('.loc-card');
          const top = Math.round(column.getBoundingClientRect().top);
          rows.set(top, Math.max(rows.get(top) ?? 0, last.getBoundingClientRect().bottom));
        }
        const rowBottoms = [...own.querySelectorAll('.column')].reduce((m, c) => {
          const top = Math.round(c.getBoundingClientRect().top);
          return m.set(top, Math.max(m.get(top) ?? 0, c.getBoundingClientRect().bottom));
        }, new Map());
        const empty = [...rows].map(([top, cards]) => Math.round(rowBottoms.get(top) - cards));
        return { above: Math.round(above), realms, cut, empty };
      });
      for (const realm of seen.realms) {
        expect(realm.top, `realm ${realm.seat} below the top`).toBeGreaterThanOrEqual(0);
        expect(realm.bottom, `realm ${realm.seat} inside the screen`).toBeLessThanOrEqual(viewport.height);
        // The others' realms whole above the display bar; the player's own
        // too but on the smallest screen with three players, where its
        // last row reaches under the bar.
        if (!realm.own || viewport.height >= 800 || players === 2) {
          expect(realm.bottom, `realm ${realm.seat} above the display (${seen.above})`).toBeLessThanOrEqual(seen.above);
        }
      }
      expect(seen.cut, 'names cut short').toEqual([]);
      for (const gap of seen.empty) expect(gap, 'empty room under a row of the player’s cards').toBeLessThanOrEqual(24);
      // The other realms are readable: each location a tile with its count.
      await expect(page.locator('.realm.compact .tile-who').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`phone-${viewport.width}-${players}p.png`) });
      await context.close();
    });
  }
}
