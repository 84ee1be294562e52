// What a screen-reader user hears through a whole game played with the
// keyboard alone: every change of a live region and every focus move is
// recorded. Screen readers (NVDA, JAWS) stop reading a polite region when
// the focus moves, so no announcement may be followed by a focus move
// within a second; the focus is never left on the page itself; the hint's
// progress is told at most at its start and its end.
import { test, expect } from './fixtures.mjs';
import { displaySettled } from './helpers.mjs';

/// Records, from the page's first script on, the live regions' texts and
/// the focus: `window.__heard` (time, text), `window.__focus` (time, what),
/// `window.__lost` (times the focus stayed on <body> over 250 ms).
function listen() {
  window.__heard = [];
  window.__focus = [];
  window.__lost = [];
  const live = '[aria-live], [role=status], [role=alert], [role=log]';
  const seen = new Map();
  const check = () => {
    for (const region of document.querySelectorAll(live)) {
      const text = region.textContent.trim();
      if (seen.get(region) !== text) {
        seen.set(region, text);
        if (text) window.__heard.push({ t: performance.now(), text });
      }
    }
  };
  const describe = (e) =>
    e === document.body ? 'body' : `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${e.getAttribute('aria-label') ?? e.textContent.trim().slice(0, 40)}`;
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('focusin', (e) => window.__focus.push({ t: performance.now(), what: describe(e.target) }), true);
  document.addEventListener(
    'focusout',
    () =>
      setTimeout(() => {
        if (document.activeElement === document.body && window.__playing)
          window.__lost.push({ t: performance.now(), after: window.__focus.at(-1)?.what });
      }, 250),
    true,
  );
}

/// Waits until the announcer has been quiet for 1.2 s (what a person
/// listening to it would do before pressing a key).
async function quiet(page) {
  await page.waitForFunction(() => performance.now() - (window.__heard.at(-1)?.t ?? 0) > 1_200, null, {
    timeout: 30_000,
  });
}

/// Announcements followed by a focus move within 1 s that no key caused.
function cut(heard, focus, keys) {
  return heard.flatMap((h) =>
    focus
      .filter((f) => f.t > h.t && f.t - h.t < 1_000)
      .filter((f) => !keys.some((k) => k <= f.t && f.t - k < 600))
      .map((f) => `"${h.text.slice(0, 60)}" cut after ${Math.round(f.t - h.t)} ms by focus on ${f.what}`),
  );
}

test('a whole game against the computer is told, nothing cut and the focus never lost', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript(listen);
  await page.goto('./?players=Ann,Bot:easy#deal=3');
  const status = page.locator('h1.status');
  await expect(status).toContainText('Ann to play — turn 1 of 24');
  await page.locator('.pace select').selectOption('fast');
  await page.evaluate(() => (window.__playing = true));
  const keys = [];
  const press = async (key) => {
    keys.push(await page.evaluate(() => performance.now()));
    await page.keyboard.press(key);
  };
  // A focus the test gives, as a person's Tab would: not the page's doing.
  const giveFocus = async (locator) => {
    keys.push(await page.evaluate(() => performance.now()));
    await locator.focus();
  };
  // The game's start: the heading has the focus, the display is a Tab away
  // through the skip link.
  await giveFocus(page.locator('.display .card.legal').first());
  let hinted = false;
  for (let guard = 0; guard < 300; guard++) {
    const text = await status.textContent();
    if (/Game over/.test(text)) break;
    await quiet(page);
    if (!/Ann to play/.test(await status.textContent())) continue;
    // The person's turn: the focus is on the display's first card it can take.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.display .card.legal'))).toBe(true);
    if (!hinted) {
      // The hint, asked by keyboard: at most its start and its answer told.
      hinted = true;
      const before = await page.evaluate(() => window.__heard.length);
      await giveFocus(page.locator('.hint-ask'));
      await press('Enter');
      await expect(page.locator('.advice-turn').first()).toBeVisible({ timeout: 30_000 });
      // The answer's text comes 150 ms after its focus move: past a slow
      // search, the start may have been quiet long enough already.
      await page.waitForFunction((n) => window.__heard.length > n + 1, before, { timeout: 10_000 }).catch(() => {});
      await quiet(page);
      const told = await page.evaluate((n) => window.__heard.slice(n).map((h) => h.text), before);
      expect(told.length, `the hint told: ${JSON.stringify(told)}`).toBeLessThanOrEqual(2);
      expect(told.at(-1)).toMatch(/The expert's advice is ready/);
      await expect(page.locator('.hint-ask')).toBeFocused();
      await giveFocus(page.locator('.display .card.legal').first());
    }
    await displaySettled(page);
    const turn = Number((await status.textContent()).match(/turn (\d+) of/)[1]);
    await press('1');
    for (let i = 0; i < 4 && (await status.textContent()).includes(`turn ${turn} of`); i++) {
      await page.waitForTimeout(150);
      await press('Enter');
    }
  }
  await expect(status).toContainText('Game over');
  // The end: the final scoring's heading has the focus, the result is told.
  await expect(page.locator('.final .winners')).toBeFocused({ timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => window.__heard.map((h) => h.text).join('\n'))).toMatch(/Game over\. .*(wins!|Shared victory)/);
  await quiet(page);
  const { heard, focus, lost } = await page.evaluate(() => ({
    heard: window.__heard,
    focus: window.__focus,
    lost: window.__lost,
  }));
  // Every computer turn was told, with its attack when there was one.
  const computerTurns = heard.filter((h) => /^Bot took/.test(h.text));
  expect(computerTurns.length).toBe(12);
  expect(cut(heard, focus, keys), 'announcements cut by a focus move').toEqual([]);
  expect(lost, 'the focus left on the page itself').toEqual([]);
  // Symbols are said in words.
  expect(heard.filter((h) => /[×→]/.test(h.text)).map((h) => h.text)).toEqual([]);
});

test('a take-back is told and gives the focus back to the display', async ({ page }) => {
  await page.addInitScript(listen);
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByLabel('Allow taking back turns').check();
  await page.getByLabel('Who plays seat 2').selectOption('person');
  await page.getByRole('button', { name: 'Start the game' }).click();
  const status = page.locator('h1.status');
  await expect(status).toBeFocused();
  await expect(status).toContainText('turn 1 of');
  await page.evaluate(() => (window.__playing = true));
  await page.locator('.display .card.legal').first().focus();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  while ((await status.textContent()).includes('turn 1 of')) await page.keyboard.press('Enter');
  await quiet(page);
  // Nothing lost while the turn was played (Confirm went with the chooser).
  expect(await page.evaluate(() => window.__lost)).toEqual([]);
  await page.keyboard.press('u');
  await expect(status).toContainText('turn 1 of');
  await expect.poll(() => page.evaluate(() => window.__heard.at(-1)?.text)).toMatch(/^Turn taken back\. .* to play, turn 1\./);
  await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.display .card.legal'))).toBe(true);
});
