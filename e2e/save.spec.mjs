import { test, expect } from './fixtures.mjs';
import { readFileSync } from 'node:fs';
import { startGame, playFrontCard, chooseAndConfirm, fixtureRecord, recordPrefix, goHome } from './helpers.mjs';

test('the game is saved after every turn, and a reload goes straight on with it', async ({ page }) => {
  await startGame(page);
  for (let i = 0; i < 3; i++) await playFrontCard(page);
  const status = await page.locator('h1.status').textContent();
  // The table as saved, without the preview a focused display card shows.
  const board = async () => [
    await page.evaluate(() => document.activeElement?.blur()).then(() => page.locator('.display').innerText()),
    (await page.locator('.realms').allInnerTexts()).join('\n'),
    await page.locator('.log').innerText(),
  ];
  const before = await board();
  await page.reload();
  // The one unfinished game: no home screen in between.
  await expect(page.locator('h1.status')).toHaveText(status);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await expect(page.locator('.log > ol > li')).toHaveCount(3);
  expect(await board()).toEqual(before);
  // Home lists it, to resume.
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.locator('.resume')).toContainText('turn 4 of 24');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.locator('h1.status')).toHaveText(status);
});

// The record reader (a part of the page fetched in idle time) checks a save
// against the one in its place; a new game's first turn has no place yet.
test('a new game\'s first turn is kept even when the page is left before the record reader is here', async ({ page }) => {
  const reader = /\/split_reader\.wasm$/;
  let held = 0;
  await page.route(reader, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue().catch(() => {});
  });
  await startGame(page);
  await playFrontCard(page);
  expect(held, 'the reader was still on its way').toBeGreaterThan(0);
  await goHome(page);
  await expect(page.locator('.resume')).toContainText('turn 2 of 24');
});

test('a reload keeps the choice in progress: the card picked, waiting for its placement', async ({ page }) => {
  // Side B everywhere (split cards, heals and trades ask more), a fixed deal.
  await page.goto('./?players=Ann,Bob&sides=BBBBBBBB#deal=5');
  await playFrontCard(page);
  // The first card that asks a question, else the last card Ann can take.
  const confirm = page.getByRole('button', { name: 'Confirm' });
  const spaces = await page.locator('.display .card.legal').evaluateAll((cards) => cards.map((c) => c.dataset.space));
  let space = spaces.at(-1);
  for (const s of spaces) {
    await page.locator(`.card[data-space="${s}"]`).click();
    const asks = await confirm.isDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    if (asks) {
      space = s;
      break;
    }
  }
  await page.locator(`.card[data-space="${space}"]`).click();
  await expect(page.locator(`.card[data-space="${space}"]`)).toHaveAttribute('aria-pressed', 'true');
  const chooser = await page.locator('.chooser').innerText();
  // Reloading the link goes on with its game, the card still picked.
  await page.reload();
  await expect(page.locator('.log > ol > li')).toHaveCount(1);
  await expect(page.locator(`.card[data-space="${space}"]`)).toHaveAttribute('aria-pressed', 'true');
  expect(await page.locator('.chooser').innerText()).toBe(chooser);
  // Played, the choice is gone: the next reload shows the display to choose from.
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
  }
  await confirm.click();
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  await page.reload();
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  await expect(page.locator('.card[aria-pressed="true"]')).toHaveCount(0);
  // And the plain address too.
  await page.goto('./');
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  // The link opened afresh (not reloaded) deals its game anew, in a place of
  // its own: the game played is kept.
  await page.goto('./?players=Ann,Bob&sides=BBBBBBBB#deal=5');
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.locator('.saved-game')).toHaveCount(2);
});

test('with several unfinished games a visit shows the list, and a reload the game shown', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  await startGame(page);
  await playFrontCard(page);
  await page.reload();
  await expect(page.locator('.log > ol > li')).toHaveCount(1);
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(2);
});

test('two tabs on the same save do not destroy each other\'s progress', async ({ page, context }) => {
  await startGame(page);
  await playFrontCard(page);
  const other = await context.newPage();
  await other.goto('./');
  await expect(other.locator('.log > ol > li')).toHaveCount(1);
  // The first tab plays on; the second is told and shows the new position.
  await playFrontCard(page);
  await playFrontCard(page);
  await expect(other.getByRole('alert')).toContainText('went on in another tab');
  await expect(other.locator('.log > ol > li')).toHaveCount(3);
  // Playing in the second tab now continues from turn 4, losing nothing.
  await playFrontCard(other);
  await page.reload();
  await expect(page.locator('.log > ol > li')).toHaveCount(4);
  await other.close();
});

for (const when of ['one after the other', 'before the other tab is told']) {
  test(`a card picked in a tab whose game went on elsewhere is dropped, never played for the next player (${when})`, async ({ page, context }) => {
    await startGame(page);
    await playFrontCard(page);
    const other = await context.newPage();
    // The other tab can be made deaf to saves (window.__deaf), as when it
    // confirms before the browser tells it of the first tab's save.
    await other.addInitScript(() => {
      const add = window.addEventListener;
      window.addEventListener = function (type, listener, options) {
        const heard = type === 'storage' ? (e) => window.__deaf || listener.call(this, e) : listener;
        return add.call(this, type, heard, options);
      };
    });
    await other.goto('./');
    await expect(other.locator('.log > ol > li')).toHaveCount(1);
    await expect(other.locator('h1.status')).toContainText('Bob to play');
    // Both tabs pick a card for Bob's turn 2: space 1 here, space 2 there.
    await page.locator('.card[data-space="0"]').click();
    await other.locator('.card[data-space="1"]').click();
    if (when !== 'one after the other') {
      await other.evaluate(() => { window.__deaf = true; });
    }
    const confirm = (p) => p.getByRole('button', { name: 'Confirm' });
    await chooseAndConfirm(page);
    await expect(page.locator('.log > ol > li')).toHaveCount(2);
    if (when === 'one after the other') {
      // Told by the save: the pick is gone with the position it was for.
      await expect(other.getByRole('alert')).toContainText('went on in another tab');
      await expect(other.locator('.card[aria-pressed="true"]')).toHaveCount(0);
      await expect(confirm(other)).toHaveCount(0);
    } else {
      await chooseAndConfirm(other);
      await expect(other.getByRole('alert')).toContainText('the turn chosen here was not played');
    }
    // Two turns, both chosen by their player; Ann is to play turn 3.
    await expect(other.locator('.log > ol > li')).toHaveCount(2);
    await expect(other.locator('h1.status')).toContainText('Ann to play');
    await page.reload();
    await expect(page.locator('.log > ol > li')).toHaveCount(2);
    await other.close();
  });
}

test('take back the last turn', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Take back the last turn' }).click();
  await expect(page.locator('h1.status')).toContainText('turn 2 of 24');
  await expect(page.locator('.log > ol > li')).toHaveCount(1);
});

test('an unreadable save is reported, kept through a new game, and discarded on request', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => localStorage.setItem('majesty.save', '{"format": 1, "record": {"players": ["A"]'));
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'could not be opened' });
  await expect(warning).toContainText('not valid JSON');
  await expect(warning.getByRole('link', { name: 'Download it' })).toHaveAttribute('href', /^data:application\/json/);

  // Starting and saving a new game does not destroy the unreadable save.
  await startGame(page);
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be opened' })).toBeVisible();
  // The unreadable text is kept exactly as it was, where it was.
  expect(await page.evaluate(() => localStorage.getItem('majesty.save'))).toBe(
    '{"format": 1, "record": {"players": ["A"]',
  );

  await page.getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
});

/// Every key of a saved game in the page's storage, and its text.
const saves = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => k === 'majesty.save' || k.startsWith('majesty.game.') || k === 'majesty.save.unreadable')
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );

/// Moves the game this page saved into the one save of earlier versions.
async function makeOldSave(page) {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('majesty.game.'));
    localStorage.setItem('majesty.save', localStorage.getItem(key));
    localStorage.removeItem(key);
  });
}

test('a valid save beside unreadable ones is offered, and new games overwrite none of them', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  await makeOldSave(page);
  // An earlier version set a save aside: it hid the valid one.
  await page.evaluate(() => localStorage.setItem('majesty.save.unreadable', 'first {corrupt'));
  await page.goto('./');
  await expect(page.getByRole('alert').filter({ hasText: 'could not be opened' })).toHaveCount(1);
  await expect(page.locator('.resume')).toContainText('turn 2 of 24');
  const before = await saves(page);

  await startGame(page);
  for (let i = 0; i < 2; i++) await playFrontCard(page);
  // A second save that cannot be read: shown and kept beside the first.
  await page.evaluate(() => localStorage.setItem('majesty.game.0', 'second {corrupt'));
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be opened' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(2);
  const after = await saves(page);
  expect(after['majesty.save']).toBe(before['majesty.save']);
  expect(after['majesty.save.unreadable']).toBe('first {corrupt');
  expect(after['majesty.game.0']).toBe('second {corrupt');

  // The old save resumes where it was.
  await page.locator('.saved-game').filter({ hasText: 'turn 2 of 24' }).getByRole('button', { name: 'Resume' }).click();
  await expect(page.locator('.log > ol > li')).toHaveCount(1);
});

test('a save too big to copy is kept where it is and can be downloaded', async ({ page }) => {
  const big = `{"format": 1, "record": "${'x'.repeat(3_000_000)}`;
  await page.goto('./');
  await page.evaluate((big) => localStorage.setItem('majesty.save', big), big);
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'could not be opened' });
  await expect(warning).toContainText('It is kept until you discard it');

  await startGame(page);
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(warning).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('majesty.save'))).toBe(big);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    warning.getByRole('link', { name: 'Download it' }).click(),
  ]);
  expect(readFileSync(await download.path(), 'utf8')).toBe(big);
});

test('storage that cannot be read is told, the game plays, and the save is not overwritten', async ({ page, context }) => {
  await startGame(page);
  for (let i = 0; i < 2; i++) await playFrontCard(page);
  const before = await saves(page);

  const denied = await context.newPage();
  await denied.addInitScript(() => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key) {
      if (this === window.localStorage) throw new DOMException('denied', 'SecurityError');
      return getItem.call(this, key);
    };
  });
  await denied.goto('./');
  await expect(
    denied.getByRole('status').filter({ hasText: 'you can play, but the game will not be saved' }),
  ).toBeVisible();
  await expect(denied.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await startGame(denied);
  await playFrontCard(denied);
  await expect(denied.locator('.log > ol > li')).toHaveCount(1);
  await denied.close();

  expect(await saves(page)).toEqual(before);
  await page.goto('./');
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
});

test('every game keeps its place: a new game in another tab or a link game replaces none', async ({ page, context }) => {
  await startGame(page);
  await playFrontCard(page);

  // Another tab starts its own game; this one is not touched nor followed.
  const other = await context.newPage();
  await startGame(other);
  for (let i = 0; i < 3; i++) await playFrontCard(other);
  await playFrontCard(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  await other.close();

  // A link's game gets a place of its own too.
  await page.goto('./?players=Cid,Dee#deal=42');
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Home' }).click();
  const games = page.locator('.saved-game');
  await expect(page.locator('.resume h2')).toHaveText('Your unfinished games');
  await expect(games).toHaveCount(3);
  // Each game as a card: whose turn, the turn, every player's score.
  await expect(games.nth(0)).toContainText('Dee to play — turn 2 of 24');
  await expect(games.nth(0).locator('.saved-scores li')).toHaveText([/^Cid \d+ points?$/, 'Dee 0 points']);
  await expect(page.locator('.resume')).toContainText('turn 3 of 24');
  await expect(page.locator('.resume')).toContainText('turn 4 of 24');
  await expect(games.nth(0)).toContainText(/Saved .*\d/);

  // Deleting asks first.
  const deal = games.filter({ hasText: 'Cid' });
  await deal.getByRole('button', { name: 'Delete' }).click();
  await expect(deal).toContainText('Delete this game for good?');
  await deal.getByRole('button', { name: 'Cancel' }).click();
  await expect(games).toHaveCount(3);
  await deal.getByRole('button', { name: 'Delete' }).click();
  await deal.getByRole('button', { name: 'Delete' }).click();
  await expect(games).toHaveCount(2);
  await page.goto('./');
  await expect(games).toHaveCount(2);
  await expect(page.locator('.resume')).not.toContainText('Cid');
});

test('a finished game leaves the list of unfinished games', async ({ page }) => {
  // The record kept as text: its seed is above 2^53.
  const record = recordPrefix(fixtureRecord('game-2p.json'), 23);
  await page.goto('./');
  await page.evaluate((record) => {
    localStorage.setItem('majesty.save', `{"format": 1, "saved_at": ${Date.now()}, "record": ${record}, "seats": [null, null]}`);
  }, record);
  // (A visit goes on with the one game; a reload of the home screen stays
  // there.)
  await page.goto('./');
  await expect(page.locator('h1.status')).toContainText('turn 24 of 24');
  await playFrontCard(page);
  await expect(page.getByRole('region', { name: 'Final scoring' })).toBeVisible();
  expect(await saves(page)).toEqual({});
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(page.locator('.saved-game')).toHaveCount(0);
});

test('a full store is told as full, keeps its games, and is usable again once one is deleted', async ({ page, context }) => {
  await startGame(page);
  await playFrontCard(page);
  await goHome(page);

  const full = await context.newPage();
  // Full while a game is kept: deleting it makes room.
  await full.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      const kept = Object.keys(this).some((k) => k.startsWith('majesty.game.'));
      if (this === window.localStorage && kept) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await full.goto('./');
  await goHome(full);
  const banner = full.getByRole('status').filter({ hasText: 'storage for this page is full' });
  await expect(banner).toContainText('Delete games you no longer need');
  await expect(full.getByText('does not allow this page to store data')).toHaveCount(0);
  await expect(full.getByRole('button', { name: 'Resume' })).toHaveCount(1);
  await full.getByRole('button', { name: 'Delete' }).click();
  await full.getByRole('button', { name: 'Delete' }).click();
  await expect(full.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  await startGame(full);
  await playFrontCard(full);
  await goHome(full);
  await expect(full.getByRole('button', { name: 'Resume' })).toHaveCount(1);
});

test('a deletion the browser refuses is told, and the game is still kept', async ({ page, context }) => {
  await startGame(page);
  await playFrontCard(page);
  const before = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('majesty.game.')));
  expect(before).toHaveLength(1);

  const stuck = await context.newPage();
  await stuck.addInitScript(() => {
    Storage.prototype.removeItem = function () {
      throw new DOMException('denied', 'SecurityError');
    };
  });
  await stuck.goto('./');
  await goHome(stuck);
  await stuck.getByRole('button', { name: 'Delete' }).click();
  await stuck.getByRole('button', { name: 'Delete' }).click();
  await expect(stuck.getByRole('alert')).toContainText('This game could not be deleted: the browser refused. It is still kept.');
  await expect(stuck.getByRole('button', { name: 'Resume' })).toHaveCount(1);
  expect(await stuck.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('majesty.game.')))).toEqual(before);
});
