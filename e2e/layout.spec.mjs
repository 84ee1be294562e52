import { test, expect } from './fixtures.mjs';
import { startGame, playFrontCard } from './helpers.mjs';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 667 }],
]) {
  test(`the board fits a ${name} screen (${viewport.width}×${viewport.height})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await startGame(page, { players: 4 });
    for (let i = 0; i < 6; i++) await playFrontCard(page);
    await page.locator('.card[data-space="1"]').click();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal scrolling of the page').toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`board-${name}.png`), fullPage: true });
  });
}
