// The board does not jump: no layout shift after the first paint over a
// whole game played by a person against a computer, with the moves
// animated. Every shift counts, those right after a click too (the
// Layout Instability API's hadRecentInput would excuse them; a person who
// just clicked a card is the one who must not see the board move). One
// movement is the game's own: on a phone the player's realm is as tall as
// its cards, so its second row and what lies under it move straight down
// when a stack above them grows; that may add up to a good cumulative
// shift in the Web Vitals' sense, no more.
import { test, expect } from './fixtures.mjs';
import { displaySettled, GOOD_SHIFT, observeShifts, shiftsAfterFirstPaint } from './helpers.mjs';

for (const [name, viewport] of [
  ['desk', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`no layout shift over a whole game against a computer (${name})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await page.addInitScript(observeShifts);
    // The computers' pace "fast": every move still animates.
    await page.addInitScript(() => localStorage.setItem('majesty.pace', '"fast"'));
    await page.goto('./?players=Ann,Bot:medium&sides=AABBABAB#deal=3');
    const status = page.locator('h1.status');
    const confirm = page.getByRole('button', { name: 'Confirm' });
    for (let turn = 0; turn < 40; turn++) {
      await expect(status).toHaveText(/Ann to play|Game over/, { timeout: 30_000 });
      if (/Game over/.test(await status.textContent())) break;
      await displaySettled(page);
      await page.locator('.card.legal').last().click();
      for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
        await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
      }
      await confirm.click();
    }
    await expect(page.getByRole('region', { name: 'Final scoring' })).toBeVisible({ timeout: 30_000 });
    // The reveal is over, nothing finite is still moving, and the shifts
    // of the last frame are delivered to the observer (two frames on).
    await expect(page.locator('.cell.unrevealed')).toHaveCount(0, { timeout: 30_000 });
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const after = await shiftsAfterFirstPaint(page);
    for (const s of after) console.log(`  ${s.value.toFixed(5)} at ${Math.round(s.start)} ms${s.growth ? ' (growth)' : ''}: ${s.rects.join('; ')}`);
    const jumps = after.filter((s) => !s.growth);
    const cls = jumps.reduce((sum, s) => sum + s.value, 0);
    const moved = [...new Set(jumps.flatMap((s) => s.sources))];
    expect(cls, `layout shift (moved: ${moved.join(', ')})`).toBe(0);
    // On a phone the player's realm grows with its stacks: straight down,
    // and little over a whole game.
    const growth = after.filter((s) => s.growth).reduce((sum, s) => sum + s.value, 0);
    console.log(`${name}: ${jumps.length} jumps, growth ${growth.toFixed(5)}`);
    expect(growth).toBeLessThan(GOOD_SHIFT);
  });
}
