import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { playFrontCard, replayWithCli, showAllFinal } from './helpers.mjs';

const displayText = (page) => page.locator('.display .cards').innerText();
const base64url = (text) => Buffer.from(text).toString('base64url');

test('#deal and players= start the same deal for everyone', async ({ page, context }) => {
  await page.goto('./?players=Ann,Bob#deal=42');
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
  const first = await displayText(page);
  const other = await context.newPage();
  await other.goto('./?players=Ann,Bob#deal=42');
  expect(await displayText(other)).toBe(first);
  // Only the fragment changes: the app reloads itself for the new deal.
  await other.goto('./?players=Ann,Bob#deal=43');
  await expect.poll(() => displayText(other)).not.toBe(first);
  await other.close();
});

test('sides=, deck= and computer players from the link', async ({ page }) => {
  await page.goto('./?sides=BBBBBBBB&deck=full#players=Ann,Bot:easy&deal=5');
  await expect(page.locator('.deck')).toContainText('54');
  await expect(page.locator('.realm.big .column[data-location="6"] .loc-card')).toHaveAttribute('aria-label', /^Castle 7B/);
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Bot (computer, easy) is playing');
});

test('bad parameters are reported and the normal start follows', async ({ page }) => {
  await page.goto('./?sides=XYZ&deck=huge#deal=abc');
  await expect(page.getByRole('alert')).toContainText('sides');
  await expect(page.getByRole('alert')).toContainText('deal');
  await expect(page.getByRole('alert')).toContainText('deck');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
});

test('a deal link of the first format (#seed=) is explained, never dealt with another shuffle', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#seed=42');
  await expect(page.getByRole('alert')).toContainText('earlier version of the game');
  // The game started instead is a new deal, and the address names it.
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  await expect(page).toHaveURL(/\?players=Ann,Bob#deal=\d+$/);
  await expect(page).not.toHaveURL(/deal=42$/);
});

test('a link is read by its parameters: an unknown one is named, the deal is dealt', async ({ page }) => {
  // "display=" ends like "play=" (a game by link) but is another parameter.
  await page.goto('./?players=Ann,Bob#deal=42&display=1');
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
  await expect(page.getByRole('alert')).toContainText('display: not a parameter of this game');
  const dealt = await displayText(page);
  await page.goto('about:blank');
  await page.goto('./?players=Ann,Bob#deal=42');
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
  expect(await displayText(page)).toBe(dealt);
  await page.goto('about:blank');
  await page.goto('./?lang=fr#replay=1');
  await expect(page.getByRole('alert')).toContainText('replay\u00a0: ce n’est pas un paramètre');
  await expect(page.getByRole('button', { name: 'Nouvelle partie' })).toBeVisible();
});

test("what is wrong with a link is said in the page's language", async ({ page }) => {
  await page.goto('./?lang=de&sides=XYZ#record=bm90IGpzb24');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('sides: „XYZ“ sind nicht acht Buchstaben A oder B');
  await expect(alert).toContainText('record: das ist keine gültige Partie');
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
});

test('a record link replays to the same final scores as the engine, step by step', async ({ page }) => {
  const file = test.info().outputPath('game.json');
  execFileSync('cargo', ['run', '--quiet', '-p', 'majesty-cli', '--', 'simulate', '--games', '1',
    '--players', '3', '--seed', '11', '--record', file], { cwd: new URL('..', import.meta.url).pathname });
  const record = readFileSync(file, 'utf8');
  const report = replayWithCli(record);
  await page.goto(`./#record=${base64url(record)}`);
  await expect(page.locator('.replay-step')).toHaveText('After turn 36 of 36');
  const totals = await (await showAllFinal(page)).locator('tr.total td').allTextContents();
  expect(totals.map(Number)).toEqual(report.players.map((p) => p.final.total));
  await page.getByRole('button', { name: 'See the table' }).click();

  // Back and forward, jump, and the scores at each step match the engine's.
  await page.getByRole('button', { name: 'To the deal' }).click();
  await expect(page.locator('.replay-step')).toHaveText('Before turn 1 of 36');
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next turn' }).click();
  await page.getByRole('button', { name: 'Next turn' }).click();
  await expect(page.locator('.replay-step')).toHaveText('After turn 2 of 36');
  const scoresAt = async () => {
    const seats = report.scores_by_turn[0].length;
    const coins = [...Array(seats).keys()].map((s) => page.locator(`.score-coin[data-seat="${s}"] .n`));
    return Promise.all(coins.map(async (c) => Number(await c.textContent())));
  };
  expect(await scoresAt()).toEqual(report.scores_by_turn[1]);
  await page.getByRole('button', { name: 'Previous turn' }).click();
  expect(await scoresAt()).toEqual(report.scores_by_turn[0]);
  await page.getByLabel('Jump to turn').fill('20');
  await expect(page.locator('.replay-step')).toHaveText('After turn 20 of 36');
  expect(await scoresAt()).toEqual(report.scores_by_turn[19]);

  // Play from here: the rest of the record is dropped, the game goes on.
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect(page.locator('h1.status')).toContainText('turn 21 of 36');
  await playFrontCard(page);
  await expect(page.locator('.log > ol > li')).toHaveCount(21);
});

test('share this deal and share this game give links that work', async ({ page, context }) => {
  await page.goto('./?players=Ann,Bob#deal=77');
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Share this deal' }).click();
  const deal = await page.locator('.share-link').inputValue();
  expect(deal).toContain('#deal=77');
  await page.getByRole('button', { name: 'Share this game' }).click();
  const game = await page.locator('.share-link').inputValue();
  expect(game).toContain('#record=');
  // The Copy button puts the link on the clipboard and says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied ✓' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(game);

  const other = await context.newPage();
  await other.goto(deal);
  await expect(other.locator('h1.status')).toContainText('turn 1 of 24');
  await other.goto(game);
  await expect(other.locator('.replay-step')).toHaveText('After turn 1 of 1');
  await expect(other.locator('.log > ol > li')).toHaveCount(1);
  await other.close();
});

test('names with , : % & # = + spaces and accents survive "Share this deal"', async ({ page, context }) => {
  const names = ['Smith, J', 'Zoë & #1 = 9% +x: y'];
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: '2 players' }).click();
  await page.getByLabel('Who plays seat 2').selectOption('person');
  for (const [seat, name] of names.entries()) await page.getByLabel(`Name of seat ${seat + 1}`).fill(name);
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByRole('button', { name: 'Share this deal' }).click();
  const deal = await page.locator('.share-link').inputValue();

  const other = await context.newPage();
  await other.goto(deal);
  await expect(other.locator('h1.status')).toContainText('Smith, J to play — turn 1 of 24');
  await expect(other.locator('.realm')).toHaveCount(2);
  expect(await other.locator('.realm').allInnerTexts()).toEqual(
    expect.arrayContaining(names.map((n) => expect.stringContaining(n))),
  );
  expect(await displayText(other)).toBe(await displayText(page));
  await other.close();
});

test('a record file far larger than any record is refused at once, unread', async ({ page }) => {
  // 140 MB: a record of some 4.5 million turns.
  const file = test.info().outputPath('huge.json');
  const turns = Array(4_500_000).fill('{"take":0,"place":"Miller"}').join(',');
  writeFileSync(file, `{"version": 2, "players": ["A", "B"], "seed": 1, "turns": [${turns}]}`);
  await page.goto('./');
  const started = Date.now();
  await page.getByLabel('Open a game record (file)').setInputFiles(file);
  await expect(page.getByRole('alert')).toContainText(
    'This game record cannot be opened: it is larger than 1 MB, far more than any game record.',
    { timeout: 5_000 },
  );
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
});
