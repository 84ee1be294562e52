import { test, expect } from './fixtures.mjs';
import { startGame, playFrontCard, replayWithCli, showAllFinal, fixtureRecord, recordLink } from './helpers.mjs';

test('a whole hot-seat game reaches the final table, which matches the engine', async ({ page }) => {
  await startGame(page, { players: 2 });
  for (let turn = 1; turn <= 24; turn++) {
    await expect(page.locator('h1.status')).toContainText(`turn ${turn} of 24`);
    await playFrontCard(page);
  }
  await expect(page.locator('h1.status')).toHaveText('Game over');
  const final = await showAllFinal(page);
  await expect(page.locator('.log > ol > li')).toHaveCount(24);

  // The exported record replays, in the engine's CLI, to the totals shown.
  const record = await final.locator('textarea.record').inputValue();
  const report = replayWithCli(record);
  expect(report.over).toBe(true);
  const totals = await final.locator('tr.total td').allTextContents();
  expect(totals.map(Number)).toEqual(report.players.map((p) => p.final.total));
});

test('a split card asks which character it becomes', async ({ page }) => {
  await startGame(page);
  // Play until a split card is at the front, then choose its second half.
  for (let i = 0; i < 24; i++) {
    const front = page.locator('.card[data-space="0"]');
    if ((await front.locator('.face.split').count()) > 0) {
      await front.click();
      const halves = page.locator('.chooser .choice');
      await expect(halves).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      const second = (await halves.nth(1).textContent()).split(' at the ')[0];
      await halves.nth(1).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      const article = second.trim() === 'Innkeeper' ? 'an' : 'a';
      await expect(page.locator('.log > ol > li').last()).toContainText(`as ${article} ${second.trim()}`);
      return;
    }
    await playFrontCard(page);
  }
  throw new Error('no split card reached the front in 24 turns');
});

test('cards the player cannot afford are disabled, and cancel undoes a pick', async ({ page }) => {
  await startGame(page);
  // Spend meeples: take the card in space 5 (costs 5).
  await page.locator('.card[data-space="5"]').click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await page.locator('.card[data-space="5"]').click();
  const confirm = page.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await page.locator('.chooser .choice').first().click();
  }
  await confirm.click();
  await expect(page.locator('.log > ol > li').last()).toContainText('for 5 meeples');
  // Bob still has 5 meeples; play Bob's turn, then Ann (≤ 1 meeple left
  // unless the card paid some back) cannot afford the back of the display.
  await playFrontCard(page);
  await expect(page.locator('.card[data-space="5"]')).toBeDisabled();
});

test('the final scoring leads home (its layer covers the header), except inside another site', async ({ page }) => {
  const record = fixtureRecord('game-2p.json');
  await page.goto(recordLink(record));
  await showAllFinal(page);
  await page.getByRole('button', { name: 'Leave the table' }).click();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();

  await page.goto(recordLink(record, { embed: true }));
  await showAllFinal(page);
  await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave the table' })).toHaveCount(0);
});
