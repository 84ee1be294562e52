// The board does not jump: no layout shift after the first paint over a
// whole game played by a person against a computer, with the moves
// animated. Every shift counts, those right after a click too (the
// Layout Instability API's hadRecentInput would excuse them; a person who
// just clicked a card is the one who must not see the board move).
import { test, expect } from './fixtures.mjs';
import { displaySettled } from './helpers.mjs';

/// Runs in the page before its own scripts: every layout shift and the
/// elements it moved.
function observeShifts() {
  const seen = (window.__shifts = { list: [], firstPaint: null });
  const label = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : '(removed)';
    const classes = [...node.classList].slice(0, 3).map((c) => `.${c}`).join('');
    return `${node.tagName.toLowerCase()}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
      seen.list.push({
        start: e.startTime,
        value: e.value,
        sources: (e.sources ?? []).map((s) => label(s.node)),
        rects: (e.sources ?? []).map((s) => `${label(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-paint') seen.firstPaint = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

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
    const { list, firstPaint } = await page.evaluate(() => window.__shifts);
    const after = list.filter((s) => s.start >= (firstPaint ?? 0));
    const cls = after.reduce((sum, s) => sum + s.value, 0);
    const moved = [...new Set(after.flatMap((s) => s.sources))];
    console.log(`${name}: ${after.length} layout shifts after the first paint, sum ${cls.toFixed(5)}; moved: ${moved.join(', ')}`);
    for (const s of after) console.log(`  ${s.value.toFixed(5)} at ${Math.round(s.start)} ms: ${s.rects.join('; ')}`);
    expect(cls, `layout shift (moved: ${moved.join(', ')})`).toBe(0);
  });
}
