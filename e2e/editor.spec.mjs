// The scenario editor (`?editor=1`): a position built by clicking,
// checked live by the rules (a problem shown, then put right), exported as
// a link and a record file, and re-opened in the editor and to play; the
// engine's record of the position (`data-record`) must come back identical.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { playFrontCard, realmCardCount } from './helpers.mjs';

const editor = (page) => page.locator('section.editor');
const seat = (page, n) => page.locator(`.editor-seat[data-seat="${n}"]`);

/// Chooses `card` in the palette and puts it at `location` of `seatNumber`.
async function put(page, card, seatNumber, location) {
  await page.locator(`.palette-card[data-card="${card}"]`).click();
  await seat(page, seatNumber).locator(`.editor-location[data-location="${location}"] .location-head`).click();
}

test('the editor is reachable from home and by its URL', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'Scenario editor' }).click();
  await expect(page.getByRole('heading', { name: 'Scenario editor', level: 1 })).toBeVisible();
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  // The display's spaces are numbered 1 to 6, as everywhere else.
  await expect(page.locator('.editor-space .space-number')).toHaveText(
    ['Space 1', 'Space 2', 'Space 3', 'Space 4', 'Space 5', 'Space 6']);
  await page.goto('./?editor=1&lang=de');
  await expect(page.getByRole('heading', { name: 'Szenario-Editor', level: 1 })).toBeVisible();
});

test('a position built by clicking is checked, exported and re-opened identical', async ({ page }) => {
  await page.goto('./?editor=1');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  // Ann takes a Miller: with Ann still to move, the rules object.
  await put(page, 'Miller', 0, 'Mill');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(page.locator('.problem-list')).toContainText('Ann cannot move next');
  await expect(page.locator('.problem-list')).toContainText('Bob moves next');
  await expect(seat(page, 0)).toHaveClass(/invalid/);
  await expect(page.locator('.editor-export')).toContainText('Put the position right to export it.');
  // Put right: Bob moves next.
  await seat(page, 1).getByLabel('Moves next').check();
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await expect(page.locator('.problems')).toContainText('This position can occur in a game.');
  // More of the position: Bob's wounded Witch, Ann's meeples, a meeple on
  // the display's front card, points.
  await put(page, 'Witch', 1, 'Infirmary');
  await seat(page, 0).getByRole('button', { name: 'Meeples: One fewer' }).click();
  await seat(page, 0).getByRole('button', { name: 'Meeples: One fewer' }).click();
  await seat(page, 1).getByRole('button', { name: 'Points: One more' }).click();
  await page.locator('.editor-space[data-space="0"]').getByRole('button', { name: 'Meeples: One more' }).click();
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  const text = await editor(page).getAttribute('data-record');
  const record = JSON.parse(text);
  expect(record.start.seats[0]).toEqual({ meeples: 3, realm: [['Miller'], [], [], [], [], [], []] });
  expect(record.start.seats[1]).toEqual({
    score: 1,
    meeples: 5,
    realm: [[], [], [], [], [], [], []],
    infirmary: ['Witch'],
  });
  expect(record.start.display_meeples).toEqual([1]);
  // Both took a card and Bob moves: Bob moved first.
  expect(record.start.to_move).toBe(1);
  expect(record.first_player).toBe(1);

  // The link to edit opens the same position.
  const editLink = await page.locator('input.edit-link').inputValue();
  // The record file holds the same text.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a.download-record').click(),
  ]);
  const file = await download.path();
  expect(readFileSync(file, 'utf8')).toBe(text);
  const playLink = await page.locator('input.play-link').inputValue();

  await page.goto(editLink);
  await expect(editor(page)).toHaveAttribute('data-record', text);
  // The file, opened into an emptied editor, too.
  await page.getByRole('button', { name: 'Clear the table' }).click();
  await expect(editor(page)).not.toHaveAttribute('data-record', text);
  await page.locator('input.import-file').setInputFiles(file);
  await expect(editor(page)).toHaveAttribute('data-record', text);
  // And the link pasted.
  await page.getByRole('button', { name: 'Clear the table' }).click();
  await page.locator('textarea.import-text').fill(editLink);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(editor(page)).toHaveAttribute('data-record', text);

  // Played from here: the board shows the position.
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect(page.locator('.realm[data-seat="0"]')).toBeVisible();
  expect(await realmCardCount(page, 0)).toBe(1);
  expect(await realmCardCount(page, 1)).toBe(0);
  // The link to play opens it as a game to play from the position, not a
  // replay of no turn. (Only its fragment differs from the address shown: a
  // new page, not the app's reload on a new fragment.)
  await page.goto('about:blank');
  await page.goto(playLink);
  await expect(page.locator('.realm[data-seat="0"]')).toBeVisible();
  expect(await realmCardCount(page, 0)).toBe(1);
  await expect(page.locator('h1.status')).toContainText('to play');
  await expect(page.locator('.replay-step')).toHaveCount(0);
  await expect(page.locator('.display .card.legal').first()).toBeEnabled();
  // Until its first turn the address is the position's; then the game's
  // place in this browser, which a reload goes on with.
  await expect(page).toHaveURL(/#record=/);
  await playFrontCard(page);
  await expect(page).toHaveURL(/\?game=\w+$/);
  await page.reload();
  await expect(page.locator('.log > ol > li')).toHaveCount(1);
});

test('a corrupt link or record is reported and the position is kept', async ({ page }) => {
  await page.goto('./?editor=1#record=@@@not-a-record');
  await expect(page.getByRole('alert')).toContainText('record');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  const before = await editor(page).getAttribute('data-record');
  await page.locator('textarea.import-text').fill('{"players": ["Ann"], "seed": 1}');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.locator('.import-problem')).toContainText('cannot be opened, the position is unchanged');
  await page.locator('textarea.import-text').fill('https://example.org/majesty/#record=eyJub3QiOiJhIHJlY29yZCJ9');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.locator('.import-problem')).toContainText('cannot be opened');
  await expect(editor(page)).toHaveAttribute('data-record', before);
  // A record whose start cannot occur opens, with its problems, to be put right.
  const bad = JSON.parse(before);
  bad.start.seats[0].meeples = 7;
  await page.locator('textarea.import-text').fill(JSON.stringify(bad));
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.locator('.problem-list')).toContainText('Ann has 7 meeples: a worker card holds at most 5.');
  await expect(seat(page, 0).locator('.stepper.invalid')).toHaveCount(1);
});

test('the editor works by keyboard and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./?editor=1');
  await page.locator('.palette-card[data-card="Noble"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.chosen')).toHaveText('Chosen: Noble');
  await seat(page, 0).locator('.editor-location[data-location="Castle"] .location-head').focus();
  await page.keyboard.press('Enter');
  await expect(seat(page, 0).locator('.editor-location[data-location="Castle"] .stack-card')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
