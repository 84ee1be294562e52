// The coach: the expert's hint, the review of a finished game,
// the statistics on the home screen.
import { execFileSync } from 'node:child_process';
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, recordPrefix, playFrontCard, showAllFinal, settle, holdAnswers, releaseAnswers, resumeRecord } from './helpers.mjs';

const record = fixtureRecord('game-2p.json');

/// The expert's advice for the last position of `text` (a record's JSON),
/// from the game's command-line tool (`majesty hint`, the seed
/// the app uses there).
function hintWithCli(text) {
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'majesty-cli', '--bin', 'majesty', '--', 'hint'],
    { input: text, cwd: new URL('..', import.meta.url).pathname },
  );
  return JSON.parse(out.toString());
}

/// The expert's review of `text` for `seats`, from the game's
/// command-line tool (the same seeds as the app's).
function reviewWithCli(text, seats) {
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'majesty-cli', '--bin', 'majesty', '--', 'review', '--json', '--seats', seats.join(',')],
    { input: text, cwd: new URL('..', import.meta.url).pathname },
  );
  return JSON.parse(out.toString());
}

/// The realm's column (`data-location`, 0 for the Mill) where a turn's
/// `place` (the character it is placed as) goes.
const LOCATIONS = { Miller: 0, Brewer: 1, Witch: 2, Guard: 3, Knight: 4, Innkeeper: 5, Noble: 6 };
const locationIndex = (place) => LOCATIONS[place];

/// Resumes the fixture one turn before its end (the last turn is seat 1's,
/// a person's; seat 0 was the easy computer) and plays that turn.
async function finishGame(page) {
  await resumeRecord(page, recordPrefix(record, 23), ['easy', null]);
  await playFrontCard(page);
  return showAllFinal(page);
}

/// What the hint panel shows: each turn's data and its result and reason.
const shownAdvice = (page) =>
  page.locator('.coach-hint li').evaluateAll((items) =>
    items.map((li) => ({ ...li.querySelector('.advice-turn').dataset, text: li.innerText })),
  );

test('the hint shows three turns ranked by value, the expert\'s choice marked, and choosing one picks it', async ({ page }) => {
  const text = recordPrefix(record, 6);
  const cli = hintWithCli(text);
  await resumeRecord(page, text, [null, null]);
  await page.getByRole('button', { name: 'What would the expert play?' }).click();
  const turns = page.locator('.advice-turn');
  await expect(turns).toHaveCount(3, { timeout: 20_000 });
  // The coach computed it in its worker.
  await expect(page.locator('html')).toHaveAttribute('data-coach', 'worker');
  // The engine's rows in the engine's order (by expected margin).
  for (const [i, a] of cli.entries()) {
    const row = turns.nth(i);
    await expect(row).toHaveAttribute('data-take', String(a.turn.take));
    await expect(row).toHaveAttribute('data-place', a.turn.place);
    await expect(row).toHaveAttribute('data-heal', a.turn.heal ?? '');
    await expect(row).toHaveAttribute('data-trade', String(a.turn.trade ?? 0));
  }
  const best = turns.first();
  // The expert's own choice is marked, wherever it ranks.
  const expert = cli.findIndex((a) => a.expert);
  await expect(page.locator('.coach-hint li.expert')).toHaveCount(1);
  await expect(page.locator('.coach-hint li').nth(expert)).toHaveClass(/\bexpert\b/);
  await expect(page.locator('.advice-expert')).toHaveText("the expert's choice");
  await expect(page.locator('.advice-result').first()).toContainText('winning chance');
  await expect(page.locator('.advice-ranked')).toHaveText(/^Ranked by the expected final margin/);
  // The margins shown only fall; the search's share is a second, labelled figure.
  const margins = await page.locator('.advice-result').evaluateAll((rows) =>
    rows.map((r) => Number(r.textContent.match(/Expected: ([+−][\d.]+) ±/)[1].replace('−', '-'))),
  );
  expect([...margins].sort((a, b) => b - a)).toEqual(margins);
  // Tenths as the engine rounds them (half away from zero).
  const tenths = (x) => Math.sign(x) * Math.round(Math.abs(x) * 10);
  expect(margins.map((m) => Math.round(m * 10))).toEqual(cli.map((a) => tenths(a.margin)));
  const shares = await page.locator('.advice-share').evaluateAll((rows) =>
    rows.map((r) => Number(r.textContent.match(/expert's search: (\d+) %/)[1])),
  );
  expect(shares).toEqual(cli.map((a) => Math.round(a.share * 100)));
  // "About equally good" exactly when the second turn's shown range
  // overlaps the first's (the engine's numbers, from the command line).
  const range = (a) => tenths(2 * a.margin_error);
  const close = Math.abs(tenths(cli[0].margin) - tenths(cli[1].margin)) <= range(cli[0]) + range(cli[1]);
  await expect(page.locator('.advice-close')).toHaveCount(close ? 1 : 0);
  // The first turn's reason says what it is worth were the game to end now.
  await expect(page.locator('.advice-reason').first()).toContainText('if the game ended now: ');
  await best.click();
  await expect(best).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  // The record says a hint was used.
  const saved = await page.evaluate(() => localStorage.getItem('majesty.game.resumed'));
  expect(saved).toContain('"hints_used":true');
});

test('the hint is the same from the coach\'s worker and from the page, where no worker can run', async ({ browser }) => {
  test.setTimeout(90_000);
  const text = recordPrefix(record, 9);
  const shown = {};
  for (const where of ['worker', 'page']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (where === 'page') await page.addInitScript(() => delete window.Worker);
    await resumeRecord(page, text, [null, null]);
    await page.getByRole('button', { name: 'What would the expert play?' }).click();
    await expect(page.locator('.advice-turn')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('data-coach', where);
    shown[where] = await shownAdvice(page);
    await context.close();
  }
  expect(shown.worker).toEqual(shown.page);
});

test('a hint not awaited is dropped, and the next one is computed anew', async ({ page }) => {
  await holdAnswers(page);
  await resumeRecord(page, recordPrefix(record, 6), [null, null]);
  const ask = page.getByRole('button', { name: 'What would the expert play?' });
  await page.evaluate(() => (window.__hold = true));
  await ask.click();
  await expect(page.locator('.hint-progress')).toBeVisible();
  await page.waitForFunction(() => window.__held.length === 1, null, { timeout: 30_000 });
  // Playing before the hint is shown drops it: its answer, let through
  // now, is not shown for the next player.
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('turn 8 of 24');
  await releaseAnswers(page);
  await settle(page);
  await expect(page.locator('.advice-turn')).toHaveCount(0);
  await expect(page.locator('.hint-progress')).toHaveCount(0);
  await ask.click();
  // The advice for this position: its 2 turns (one meeple: the front two
  // cards, neither split), all the player has, so no note that others were
  // hardly tried.
  await expect(page.locator('.advice-turn').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.advice-turn')).toHaveCount(2);
  await expect(page.locator('.advice-few')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-coach', 'worker');
  await expect(page.locator('.advice-reason').first()).not.toContainText('wounds Player 2');
});

test('the hint can be turned off in the setup', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel("Offer the expert's hints").uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('to play');
  await expect(page.getByRole('button', { name: 'What would the expert play?' })).toHaveCount(0);
});

test('a finished game is reviewed in the coach\'s worker, the page free, and a costly turn opens in the replay', { tag: '@alone' }, async ({ page }) => {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask' });
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await finishGame(page);
  await settle(page);
  await page.evaluate(() => (window.__longTasks = []));
  await page.getByRole('button', { name: 'Review the game with the expert' }).click();
  const review = page.locator('.final-box .coach-review');
  // Its progress shows while it computes.
  await expect(review.locator('.review-progress')).toBeVisible();
  await expect(review.locator('.review-total')).toContainText('Player 2', { timeout: 30_000 });
  await expect(review.locator('.ratings li')).toHaveCount(12);
  await expect(page.locator('html')).toHaveAttribute('data-coach', 'worker');
  // The review ran beside the page: no task over 50 ms ran while it
  // computed (start to answer; the task that asks for it and the one that
  // draws its result are the page's own).
  const { computing, longTasks } = await page.evaluate(() => ({
    computing: performance.getEntriesByName('majesty-coach').map((e) => ({ start: e.startTime, end: e.startTime + e.duration })),
    longTasks: window.__longTasks,
  }));
  expect(computing).toHaveLength(1);
  const during = longTasks.filter((t) => t.start >= computing[0].start && t.end <= computing[0].end);
  console.log(`review: ${Math.round(computing[0].end - computing[0].start)} ms; tasks over 50 ms meanwhile: ${JSON.stringify(during)}`);
  expect(during).toEqual([]);
  const costly = review.locator('.review-jump');
  expect(await costly.count()).toBeGreaterThan(0);
  expect(await costly.count()).toBeLessThanOrEqual(3);
  const number = Number(await costly.first().getAttribute('data-turn'));
  await costly.first().click();
  const shown = number - 1 === 0 ? 'Before turn 1 of 24' : `After turn ${number - 1} of 24`;
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play from here' })).toBeVisible();
});

test('the replay viewer reviews a record with its progress', async ({ page }) => {
  await page.goto(`./#record=${Buffer.from(record).toString('base64url')}`);
  // The record opens at its end with its final scoring, which never covers
  // the replay's controls: each takes a click at its centre.
  await expect(page.getByRole('region', { name: 'Final scoring' })).toBeVisible();
  for (const name of ['Previous turn', 'To the deal']) {
    const button = page.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    const hit = await button.evaluate((b) => {
      const r = b.getBoundingClientRect();
      return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit, `${name} is not covered`).toBe(true);
  }
  await page.getByRole('button', { name: 'See the table' }).click();
  await page.locator('.replay-review summary').click();
  // A record does not say who was a computer: every seat is offered, and
  // only the seats left ticked are reviewed.
  const seats = page.getByRole('group', { name: 'Review the turns of' }).getByRole('checkbox');
  await expect(seats).toHaveCount(2);
  await expect(seats.nth(0)).toBeChecked();
  await expect(seats.nth(1)).toBeChecked();
  await seats.nth(0).uncheck();
  await page.getByRole('button', { name: 'Review the game with the expert' }).click();
  const review = page.locator('.replay .coach-review');
  await expect(review.locator('.review-total')).toHaveCount(1, { timeout: 30_000 });
  await expect(review.locator('.review-total')).toContainText('Player 2');
  await expect(review.locator('.ratings li')).toHaveCount(12);
  await expect(review.locator('.ratings li').filter({ hasText: 'Player 1' })).toHaveCount(0);
  // Each costly turn says why, for the turn played and the better one, in
  // the hint's terms (points now first).
  const first = review.locator('.costliest li').first();
  const played = await first.locator('.review-why.played').innerText();
  const better = await first.locator('.review-why.better').innerText();
  expect(played).toMatch(/^Played: [+−]\d+ points? now/);
  expect(better).toMatch(/^Better: [+−]\d+ points? now/);
  expect(played.slice('Played: '.length)).not.toEqual(better.slice('Better: '.length));
  const costly = review.locator('.review-jump').first();
  const number = Number(await costly.getAttribute('data-turn'));
  const costliest = reviewWithCli(record, [1]).costliest[0];
  expect(costliest.number).toBe(number);
  expect(costliest.played).not.toEqual(costliest.better);
  await costly.click();
  const shown = number - 1 === 0 ? 'Before turn 1 of 24' : `After turn ${number - 1} of 24`;
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
  // On the table: the card played and where it went ringed, an arrow from
  // the better card to its place; the note says which is which and why.
  await expect(page.locator('.note-text')).toContainText('Ringed: the turn played. The arrow: the better turn.');
  await expect(page.locator('.note-text')).toContainText('Better: ');
  await expect(page.locator(`.display .card[data-space="${costliest.played.take}"]`)).toHaveClass(/note-mark/);
  const place = (turn) => `.realm[data-seat="1"] .column[data-location="${locationIndex(turn.place)}"]`;
  await expect(page.locator(place(costliest.played))).toHaveClass(/note-mark/);
  await expect(page.locator('.note-arrows line.note-arrow')).toHaveCount(1, { timeout: 15_000 });
  // "Play the better move": the replay is left, the better turn is played,
  // and the game goes on from it.
  await page.getByRole('button', { name: 'Play the better move' }).click();
  await expect(page.locator('.replay')).toHaveCount(0);
  await expect(page.locator('.log > ol > li')).toHaveCount(number, { timeout: 15_000 });
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('majesty.game.')).map((k) => JSON.parse(localStorage.getItem(k))),
  );
  const turns = kept.map((g) => g.record.turns).find((t) => t.length >= number);
  const { take, place: placed } = costliest.better;
  expect(turns[number - 1]).toEqual(expect.objectContaining({ take, place: placed }));
});

test('a first visit shows no statistics and fetches no part for them', async ({ page }) => {
  const asked = [];
  page.on('request', (r) => {
    if (/\/split_stats\.wasm$/.test(r.url())) asked.push(r.url());
  });
  // The home screen asks for the new-game screen half a second after it is
  // drawn, after the statistics' part where it asks for that (in the
  // bundle its own address fetches).
  const setup = page.waitForResponse(/\/split_setup\.wasm$/);
  await page.goto('./');
  await setup;
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your statistics' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('statistics count a finished game once and survive a reload', async ({ page }) => {
  await finishGame(page);
  await page.getByRole('button', { name: 'See the table' }).click();
  await page.getByRole('button', { name: 'Home' }).click();
  const stats = page.getByRole('region', { name: 'Your statistics' });
  await expect(stats).toContainText('Against easy:');
  await expect(stats).toContainText('of 1 game');
  await expect(stats).toContainText('Average score');
  // A 2-player game against easy (rated 0): a rating from it, none with hints.
  await expect(stats.locator('.stats-rating')).toHaveCount(1);
  await expect(stats.locator('.stats-rating')).toHaveText(/^Your rating: -?\d+ ± \d+ on the computers' scale \(easy 0, expert 999\), from 1 two-player game$/);
  await page.reload();
  await expect(stats).toContainText('of 1 game');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('majesty.stats')));
  expect(kept.all.played).toBe(1);

  // The statistics' own screen: the rating as a figure on the computers'
  // scale, the games by level, what the rating is.
  await stats.getByRole('button', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?stats=1');
  await expect(page.locator('.rating-figure b')).toHaveText(/^-?\d+$/);
  await expect(page.getByRole('img', { name: /^The computers' scale with your rating, -?\d+ ± \d+$/ })).toBeVisible();
  await expect(page.locator('.stats-levels-table tbody tr')).toHaveText([/^easy\s*1\s*[01]/]);
  await expect(page.locator('.stats-explained')).toContainText('easy 0, medium 405, hard 722, expert 999');
});

test('a corrupt statistics value is reported and kept as it is', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => localStorage.setItem('majesty.stats', '{"format":1,"all":'));
  await page.reload();
  await expect(page.locator('.stats-unreadable')).toContainText('cannot be read');
  await finishGame(page);
  await settle(page);
  expect(await page.evaluate(() => localStorage.getItem('majesty.stats'))).toBe('{"format":1,"all":');
});
