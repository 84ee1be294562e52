// Puzzles: positions from the expert's self-play where one turn is clearly
// best (ai/puzzles.json). One is failed, then solved; the verdict gives
// both turns' reasons and marks the answer on the table; the person's
// record keeps the first answer.
import { test, expect } from './fixtures.mjs';
import { goHome } from './helpers.mjs';

// Puzzle 1: Ann to play on side A, 2 players; the answer is the Noble in
// space 2 to the Castle, the runner-up the free Miller to the Mill.
const PUZZLE = '5b700ff2';

/// Plays the display card in `space`, placing a split card's `place`.
async function answer(page, space, place) {
  await page.locator(`.display .card[data-space="${space}"]`).click();
  const confirm = page.getByRole('button', { name: 'Confirm' });
  if (await confirm.isDisabled()) {
    await page.locator('.chooser .choice', { hasText: new RegExp(`${place} at`) }).first().click();
  }
  await confirm.click();
}

test('a puzzle failed, then solved: the reasons, the marks on the table, the record', async ({ page }) => {
  await page.goto(`./?puzzle=${PUZZLE}`);
  const panel = page.locator('section.puzzle');
  await expect(panel).toHaveAttribute('data-verdict', 'waiting');
  await expect(panel.locator('h2')).toContainText('Puzzle 1');
  await expect(panel.locator('.puzzle-ask')).toContainText('Ann to play. Find the best turn');
  await expect(panel).toHaveAttribute('data-take', '1');
  await expect(panel).toHaveAttribute('data-place', 'Noble');
  // The panel lies under the table: the display does not move.
  const display = await page.locator('.display').boundingBox();
  expect(display.y).toBeLessThan(200);

  await answer(page, 0, 'Miller');
  await expect(panel).toHaveAttribute('data-verdict', 'wrong');
  await expect(panel.locator('.puzzle-wrong')).toHaveText('✗ Not the best turn.');
  await expect(panel.locator('.puzzle-why.yours')).toContainText('Yours: Miller (space 1, free) → Mill —');
  await expect(panel.locator('.puzzle-why.best')).toContainText('The best: Noble (space 2, 1 meeple) → Castle —');
  await expect(panel.locator('.puzzle-gap')).toContainText('points better than the next best turn');
  // The table is set back to the position: the turn can be tried again.
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  // Marked: the person's card and place ringed, an arrow for the answer.
  await expect(page.locator('.display .card[data-space="0"]')).toHaveClass(/note-mark/);
  await expect(page.locator('.note-arrows line.note-arrow')).toHaveCount(1);
  expect(await display.y).toBe((await page.locator('.display').boundingBox()).y);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(panel).toHaveAttribute('data-verdict', 'waiting');
  await expect(page.locator('.note-arrows line.note-arrow')).toHaveCount(0);
  await answer(page, 1, 'Noble');
  await expect(panel).toHaveAttribute('data-verdict', 'right');
  await expect(panel.locator('.puzzle-right')).toHaveText('✓ Right: that is the best turn.');
  await expect(page.locator('.display .note-mark')).toHaveCount(0);
  await expect(page.locator('.note-arrows line.note-arrow')).toHaveCount(1);

  // Next: the puzzle after it in the list (the link brought only its own
  // shard of the puzzles; the whole list came meanwhile).
  await page.getByRole('button', { name: 'Next puzzle' }).click();
  await expect(panel.locator('h2')).toContainText('Puzzle 2');
  await expect(panel).toHaveAttribute('data-verdict', 'waiting');
  expect(new URL(page.url()).search).not.toBe(`?puzzle=${PUZZLE}`);

  // The record keeps the first answer: tried, found at the second.
  await page.getByRole('button', { name: 'All puzzles' }).click();
  expect(new URL(page.url()).search).toBe('?puzzle=1');
  await expect(page.locator('.puzzle-record')).toHaveText('1 puzzle tried, 0 right at the first answer.');
  await expect(page.locator(`.puzzle-list a[data-puzzle="${PUZZLE}"]`)).toHaveClass(/solved/);
  await expect(page.locator('.puzzle-list a')).toHaveCount(120);
});

test('the puzzle of the day from home, its link, and a puzzle that does not exist', async ({ page }) => {
  await goHome(page);
  await page.getByRole('button', { name: /Puzzle of the day/ }).click();
  const panel = page.locator('section.puzzle');
  await expect(panel).toHaveAttribute('data-verdict', 'waiting');
  const id = await panel.getAttribute('data-puzzle');
  expect(new URL(page.url()).search).toBe(`?puzzle=${id}`);
  await expect(panel.locator('.scenario-share .embed-snippet')).toHaveValue(
    new RegExp(`^<script src="[^"]+/majesty-embed\\.js" defer></script>\\n<div data-majesty="\\?puzzle=${id}"></div>$`),
  );

  await page.goto('./?puzzle=nothing');
  await expect(page.getByText('There is no puzzle “nothing”: here are all of them.')).toBeVisible();
  await expect(page.locator('.puzzle-list a')).toHaveCount(120);
  // An id that could be one: not in its shard, so not a puzzle either.
  await page.goto('./?puzzle=5aaaaaaa');
  await expect(page.getByText('There is no puzzle “5aaaaaaa”: here are all of them.')).toBeVisible();
  await expect(page.locator('.puzzle-list a')).toHaveCount(120);
});

test('an embedded puzzle is judged but keeps no record', async ({ page }) => {
  await page.goto(`./?embed=1&puzzle=${PUZZLE}`);
  const panel = page.locator('section.puzzle');
  await expect(panel).toHaveAttribute('data-verdict', 'waiting');
  await answer(page, 1, 'Noble');
  await expect(panel).toHaveAttribute('data-verdict', 'right');
  expect(await page.evaluate(() => localStorage.getItem('majesty.puzzles'))).toBeNull();
});
