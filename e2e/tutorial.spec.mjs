// "Learn to play": the guided first game. The test follows the
// coach as a newcomer would: it reads each step from the bubble (its
// data-wait, data-take, data-place and data-anchor name the element it
// talks about), checks that element is ringed, and does what it says, from
// the home screen to the final summary. One wrong card on the way must be
// explained and leave the board unchanged.
import { test, expect } from './fixtures.mjs';
import { GOOD_SHIFT, observeShifts, shiftsAfterFirstPaint, stillBox } from './helpers.mjs';

/// Takes the card the bubble names and places it as it says (with the
/// Castle B trade it names, on the slider).
async function playAsTold(page, bubble, confirmName = 'Confirm', placeAt = 'at') {
  const take = await bubble.getAttribute('data-take');
  const place = await bubble.getAttribute('data-place');
  const trade = Number((await bubble.getAttribute('data-trade')) ?? 0);
  await page.locator(`.display .card[data-space="${take}"]`).click();
  const confirm = page.getByRole('button', { name: confirmName, exact: true });
  if (await confirm.isDisabled()) {
    await page.locator('.chooser .choice', { hasText: new RegExp(`${place} ${placeAt}`) }).click();
  }
  if (trade !== 0) await setTrade(page, trade);
  await confirm.click();
}

/// Clicks the bubble's Next once the bubble stands still. A step's bubble
/// is placed again 650 ms after it shows (once the cards have slid into
/// place) and glides there: a click aimed while it moves can land where it
/// stood, on the table, which loaded machines showed as a Next that did
/// not advance.
async function clickNext(bubble) {
  await stillBox(bubble);
  await bubble.getByRole('button', { name: 'Next', exact: true }).click();
}

/// Moves the Castle B trade slider to `trade` (as a drag would).
async function setTrade(page, trade) {
  await page.locator('.chooser input.trade').evaluate((input, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, trade);
  await expect(page.locator('.chooser .trade-now')).toHaveText(/sell|buy/);
}

async function realmCards(page, seat) {
  return page.locator(`.realm[data-seat="${seat}"] .column .stack`).evaluateAll((stacks) =>
    stacks.reduce((n, s) => n + Number(s.dataset.count || 0), 0),
  );
}

test('Learn to play: from home to the summary by following the coach, a wrong card explained', async ({ page }) => {
  test.setTimeout(300_000);
  const started = Date.now();
  await page.addInitScript(observeShifts);
  await page.goto('./');
  await page.getByRole('button', { name: 'Learn to play' }).click();
  const bubble = page.locator('.coach-bubble');
  await expect(bubble).toHaveAttribute('data-step', 'welcome');
  expect(new URL(page.url()).search).toBe('?tutorial=1');
  await expect(bubble).toHaveAttribute('aria-label', 'Coach');
  // (Home and the table place <main> differently: that change of screen is
  // not the coach's; the shifts are counted from the table on.)
  const tableAt = await page.evaluate(() => performance.now());

  const seen = [];
  let wrongShown = false;
  let gameOverAt = Infinity;
  for (let guard = 0; guard < 60; guard++) {
    // The computer's replies come by themselves; then the next step shows.
    await expect(bubble).toHaveAttribute('data-now', 'true', { timeout: 20_000 });
    const step = await bubble.getAttribute('data-step');
    const index = await bubble.getAttribute('data-index');
    const total = await bubble.getAttribute('data-total');
    seen.push(step);
    await expect(bubble.locator('.coach-count')).toHaveText(`Step ${index} of ${total}`);
    await expect(bubble.locator('.coach-text')).not.toBeEmpty();
    // What the step talks about is ringed on the table.
    const anchor = await bubble.getAttribute('data-anchor');
    await expect(page.locator(anchor).first()).toHaveClass(/coach-mark/);
    if (step === 'summary') break;
    if (step === 'final') gameOverAt = await page.evaluate(() => performance.now());
    if ((await bubble.getAttribute('data-wait')) === 'next') {
      await clickNext(bubble);
    } else {
      if (!wrongShown) {
        // A wrong card: explained, and nothing is played.
        const take = Number(await bubble.getAttribute('data-take'));
        const before = await realmCards(page, 0);
        await page.locator(`.display .card[data-space="${take + 1}"]`).click();
        await expect(bubble.locator('.coach-mistake')).toContainText('this step is about');
        expect(await realmCards(page, 0)).toBe(before);
        await bubble.getByRole('button', { name: 'Show me' }).click();
        await expect(page.locator(anchor)).toHaveClass(/coach-mark/);
        wrongShown = true;
      }
      await playAsTold(page, bubble);
    }
    await expect(bubble).not.toHaveAttribute('data-index', index);
  }
  expect(wrongShown).toBe(true);
  expect(seen.at(-1)).toBe('summary');
  // Every location's ability was explained as it first scored.
  for (const location of ['mill', 'brewery', 'cottage', 'guardhouse', 'barracks', 'inn', 'castle']) {
    expect(seen).toContain(`ability_${location}`);
  }
  expect(seen).toEqual(expect.arrayContaining(['worker', 'wounded', 'healed', 'held', 'split', 'final_variety']));
  await expect(page.locator('.final-box')).toBeVisible();
  // The final scoring plays out step by step (600 ms a step): the winners
  // are named when it is done, which the last Next clicks may outrun.
  await expect(page.locator('.final-box .winners')).toContainText('Ann wins!', { timeout: 30_000 });
  // A guided game is no game won: the statistics and the rating stay
  // empty.
  expect(await page.evaluate(() => localStorage.getItem('majesty.stats'))).toBeNull();
  // The coach floats: nothing on the page shifted, over the whole game up
  // to the final table (whose own reveal is measured by stability.spec).
  const shifts = (await shiftsAfterFirstPaint(page)).filter((s) => s.start > tableAt && s.start < gameOverAt);
  expect(shifts, JSON.stringify(shifts)).toEqual([]);
  const minutes = (Date.now() - started) / 60_000;
  console.log(`tutorial: ${seen.length} steps followed in ${minutes.toFixed(1)} min (a test's clicks)`);
  // "Start the tutorial again" starts the same side again, on a new table.
  await bubble.getByRole('button', { name: 'Start the tutorial again' }).click();
  await expect(page.locator('.coach-bubble')).toHaveAttribute('data-step', 'welcome');
  expect(new URL(page.url()).search).toBe('?tutorial=1');
});

test('on a phone the coach is a bottom sheet, and the page does not shift', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(observeShifts);
  await page.goto('./?tutorial=1');
  const bubble = page.locator('.coach-bubble');
  for (let i = 0; i < 14; i++) {
    await expect(bubble).toHaveAttribute('data-now', 'true', { timeout: 20_000 });
    const index = await bubble.getAttribute('data-index');
    const box = await bubble.boundingBox();
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.width)).toBe(390);
    // What the step talks about is in sight above the sheet.
    const anchor = page.locator(await bubble.getAttribute('data-anchor')).first();
    const target = await anchor.boundingBox();
    expect(target.y).toBeLessThan(box.y);
    if ((await bubble.getAttribute('data-wait')) === 'next') {
      await clickNext(bubble);
    } else {
      await playAsTold(page, bubble);
    }
    await expect(bubble).not.toHaveAttribute('data-index', index);
  }
  // Nothing jumps; the player's realm grows with its stacks (the only
  // movement, straight down, e2e/stability.spec.mjs).
  const shifts = await shiftsAfterFirstPaint(page);
  expect(shifts.filter((s) => !s.growth), JSON.stringify(shifts)).toEqual([]);
  expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(GOOD_SHIFT);
});

test('the keyboard reaches Next, and a card picked before Next is explained', async ({ page }) => {
  await page.goto('./?tutorial=1');
  const bubble = page.locator('.coach-bubble');
  await expect(bubble).toHaveAttribute('data-step', 'welcome');
  // The focus is on Next: Enter moves on.
  await expect(bubble.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bubble).toHaveAttribute('data-step', 'display');
  // A card picked while the coach waits for "Next" is explained too.
  await page.locator('.display .card[data-space="0"]').click();
  await expect(bubble.locator('.coach-mistake')).toHaveText('Read this step first, then press Next.');
});

test('the tutorial in German: the coach speaks the rulebook words', async ({ page }) => {
  await page.goto('./?tutorial=1&lang=de');
  const bubble = page.locator('.coach-bubble');
  await expect(bubble).toHaveAttribute('data-step', 'welcome');
  await expect(bubble.locator('.coach-text')).toContainText('Königreich');
  await expect(bubble.locator('.coach-count')).toHaveText(/^Schritt 1 von \d+$/);
  for (let i = 0; i < 3; i++) await bubble.getByRole('button', { name: 'Weiter' }).click();
  await expect(bubble).toHaveAttribute('data-step', 'take_free');
  await expect(bubble.locator('.coach-move')).toContainText('Feld 1');
  await playAsTold(page, bubble, 'Bestätigen');
  await expect(bubble).toHaveAttribute('data-step', 'ability_mill');
  await expect(bubble.locator('.coach-text')).toContainText('Mühle');
});

test('embedded, the tutorial tells its host each step (tutorialStep)', async ({ page, baseURL }) => {
  const host = new URL(baseURL);
  host.port = String(Number(host.port) + 1);
  await page.goto(`${host.origin}/embed.html?app=${encodeURIComponent(baseURL)}`);
  const origin = host.origin;
  await page.evaluate(({ app, origin }) => {
    window.steps = [];
    window.addEventListener('message', (e) => {
      if (e.data && e.data.type === 'tutorialStep') window.steps.push(e.data);
    });
    const frame = document.createElement('iframe');
    frame.id = 'tutorial-frame';
    frame.style.width = '800px';
    frame.style.height = '600px';
    frame.src = `${app}?tutorial=1&embed=1&embedApi=2&parentOrigin=${encodeURIComponent(origin)}`;
    document.body.prepend(frame);
  }, { app: baseURL, origin });
  await expect.poll(() => page.evaluate(() => window.steps.length), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await page.evaluate(() => window.steps[0]);
  expect(first).toMatchObject({ source: 'majesty', version: 2, type: 'tutorialStep', index: 1, id: 'welcome', waitsFor: 'next', last: false });
  expect(first.total).toBeGreaterThan(12);
  const frame = page.frameLocator('#tutorial-frame');
  await frame.locator('.coach-bubble').getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => page.evaluate(() => window.steps.map((s) => s.id))).toEqual(['welcome', 'display']);
  // No way home inside a frame.
  await expect(frame.locator('.coach-leave')).toBeHidden();
});

test('Learn side B: from home to the summary by following the coach, a wrong trade explained', async ({ page }) => {
  test.setTimeout(300_000);
  const started = Date.now();
  await page.goto('./');
  await page.getByRole('button', { name: /Learn side B/ }).click();
  const bubble = page.locator('.coach-bubble');
  await expect(bubble).toHaveAttribute('data-step', 'b_welcome');
  expect(new URL(page.url()).search).toBe('?tutorial=b');
  const seen = [];
  let wrongTrade = false;
  for (let guard = 0; guard < 60; guard++) {
    await expect(bubble).toHaveAttribute('data-now', 'true', { timeout: 20_000 });
    const step = await bubble.getAttribute('data-step');
    const index = await bubble.getAttribute('data-index');
    seen.push(step);
    await expect(bubble.locator('.coach-text')).not.toBeEmpty();
    const anchor = await bubble.getAttribute('data-anchor');
    await expect(page.locator(anchor).first()).toHaveClass(/coach-mark/);
    if (step === 'b_summary') break;
    if ((await bubble.getAttribute('data-wait')) === 'next') {
      await clickNext(bubble);
    } else {
      if (step === 'b_trade') {
        // The move names the trade; the Noble without it is explained, and
        // nothing is played.
        await expect(bubble.locator('.coach-move')).toContainText('sell 5 meeples for 5 points');
        const before = await realmCards(page, 0);
        await page.locator(`.display .card[data-space="${await bubble.getAttribute('data-take')}"]`).click();
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        await expect(bubble.locator('.coach-mistake')).toContainText('set the Castle trade to: sell 5 meeples');
        expect(await realmCards(page, 0)).toBe(before);
        wrongTrade = true;
      }
      await playAsTold(page, bubble);
    }
    await expect(bubble).not.toHaveAttribute('data-index', index);
  }
  expect(wrongTrade).toBe(true);
  expect(seen.at(-1)).toBe('b_summary');
  // Every side-B ability was explained, with side B's texts only.
  for (const location of ['mill', 'brewery', 'cottage', 'guardhouse', 'barracks', 'inn', 'castle']) {
    expect(seen).toContain(`ability_b_${location}`);
  }
  expect(seen).toEqual(expect.arrayContaining(['wounded_b', 'b_guard', 'defended_b', 'b_knight', 'struck_b', 'healed_b', 'b_trade']));
  expect(seen.filter((id) => /^(ability_[a-z]+|wounded|healed|held|worker)$/.test(id))).toEqual([]);
  // (The final table reveals its rows one by one: side B has fewer steps
  // on it than side A.)
  await expect(page.locator('.final-box .winners')).toContainText('Ann wins!', { timeout: 30_000 });
  const minutes = (Date.now() - started) / 60_000;
  console.log(`tutorial B: ${seen.length} steps followed in ${minutes.toFixed(1)} min (a test's clicks)`);
  // "Play a real game" opens the setup on the side just learnt.
  await bubble.getByRole('button', { name: 'Play a real game' }).click();
  await expect(page.locator('.coach-bubble')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start the game' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'All side B' })).toHaveAttribute('aria-pressed', 'true');
});

test('the side is chosen on home and by link: ?tutorial=b opens side B, ?tutorial=a side A, embedded too', async ({ page }) => {
  await page.goto('./');
  const learn = page.locator('.home-choice', { has: page.locator('#home-learn') });
  await expect(learn.getByRole('button', { name: /^Learn to play/ })).toContainText('recommended');
  await expect(learn.getByRole('button', { name: /^Learn side B/ })).toContainText('attacks');
  await learn.getByRole('button', { name: /^Learn to play/ }).click();
  const bubble = page.locator('.coach-bubble');
  await expect(bubble).toHaveAttribute('data-step', 'welcome');
  expect(new URL(page.url()).search).toBe('?tutorial=1');

  await page.goto('./?tutorial=b');
  await expect(bubble).toHaveAttribute('data-step', 'b_welcome');
  await expect(bubble.locator('.coach-text')).toContainText('Side B');
  await page.goto('./?tutorial=a');
  await expect(bubble).toHaveAttribute('data-step', 'welcome');
  expect(new URL(page.url()).search).toBe('?tutorial=1');

  await page.goto('./?tutorial=b&embed=1&lang=fr');
  await expect(bubble).toHaveAttribute('data-step', 'b_welcome');
  await expect(bubble.locator('.coach-text')).toContainText('Face B');
  await expect(page.locator('.coach-leave')).toBeHidden();
  expect(new URL(page.url()).search).toBe('?tutorial=b&embed=1&lang=fr');
});
