// A phone (390×844, and a narrow 374 px one): who is to play and the meeples
// in sight, every tap target at least 44 px, nothing of a realm beyond the
// screen's edge (the Infirmary and the variety included), and no keyboard
// help.
import { test, expect } from './fixtures.mjs';
import { startGame, playFrontCard } from './helpers.mjs';

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
        if (el.closest('.sr-only, [hidden]')) continue;
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
