// Embedded (?embed=1) at the sizes docs/embedding.md promises, 800×600 and
// 400×600: nothing wider than the frame, the display and the choice in a
// bar at the bottom of the frame, Confirm always in sight, the log
// scrolling in its own box.
import { test, expect } from './fixtures.mjs';

for (const viewport of [
  { width: 800, height: 600 },
  { width: 400, height: 600 },
]) {
  test(`an embedded game fits a ${viewport.width}×${viewport.height} frame, Confirm never cut off`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => localStorage.setItem('majesty.pace', '"instant"'));
    // Side B: split cards, heals and Castle trades ask the most.
    await page.goto('./?embed=1&players=Ann,Bob:easy&sides=BBBBBBBB#deal=5');
    const status = page.locator('h1.status');
    const confirm = page.getByRole('button', { name: 'Confirm' });
    const inFrame = async (locator, what) => {
      const box = await locator.boundingBox();
      expect(box, what).not.toBeNull();
      expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
      expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(viewport.width + 0.5);
    };
    for (let turn = 0; turn < 8; turn++) {
      await expect(status).toContainText('Ann to play', { timeout: 20_000 });
      // Each turn a different card: the last one Ann can take.
      const card = page.locator('.card.legal').nth(turn % 2 === 0 ? 0 : -1);
      await card.click();
      await inFrame(page.locator('.play-area'), 'the bar with the display and the choice');
      for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
        await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
        await inFrame(confirm, `Confirm, turn ${turn + 1}`);
      }
      await inFrame(confirm, `Confirm, turn ${turn + 1}`);
      if (turn === 5) await page.screenshot({ path: testInfo.outputPath(`embed-${viewport.width}.png`) });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'wider than the frame').toBeLessThanOrEqual(0);
      await confirm.click();
    }
    // The log scrolls in its own box, never taller than a part of the frame.
    const log = page.locator('.log ol');
    const { overflowY, height } = await log.evaluate((ol) => ({
      overflowY: getComputedStyle(ol).overflowY,
      height: ol.getBoundingClientRect().height,
    }));
    expect(overflowY).toBe('auto');
    expect(height).toBeLessThanOrEqual(viewport.height / 3);
  });
}
