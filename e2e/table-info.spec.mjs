// What the table tells during play: each location's majority
// value and who leads it now, the Castle B trade as a labelled control, and
// the replay buttons drawn as our own icons.
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, openRecord, playFrontCard, displaySettled } from './helpers.mjs';

test('each location names what its majority pays and who has the most there now', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#deal=7');
  const mill = page.locator('.realm.big .column[data-location="0"] .loc-card');
  await expect(mill).toHaveAttribute('aria-label', /Most characters here at the end: \+10\. Nobody here yet\.$/);
  await expect(mill.locator('.pays')).toContainText('★ 10');
  // Play until someone has a character at the Mill.
  for (let i = 0; i < 12; i++) {
    if ((await page.locator('.realm .column[data-location="0"] .stack > li').count()) > 0) break;
    await playFrontCard(page);
  }
  const leaders = await page.locator('.realm .column[data-location="0"]:has(.stack > li)').evaluateAll((cs) =>
    cs.map((c) => c.closest('.realm').querySelector('.realm-name').textContent),
  );
  expect(leaders.length).toBeGreaterThan(0);
  const big = page.locator('.realm.big .column[data-location="0"] .loc-card');
  await expect(big).toHaveAttribute('aria-label', /Most here now: (Ann|Bob)( and (Ann|Bob))?\.$/);
  // Every seat has its place; the leaders' emblems are seen.
  await expect(big.locator('.leaders .leader')).toHaveCount(2);
  await expect(big.locator('.leaders .leader:not(.off)')).toHaveCount(leaders.length === 2 ? 2 : 1);
});

test('the Castle B trade is a control labelled with what each end sells or buys', async ({ page }) => {
  const cards = ['Noble', ...Array(23).fill('Miller')];
  const record = JSON.stringify({ version: 2, players: ['Ann', 'Bob'], sides: 'BBBBBBBB', cards, turns: [] });
  // A position with no turn opens as a game to play.
  await openRecord(page, record);
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  await page.locator('.card[data-space="0"]').click();
  const group = page.locator('.chooser .trade-step');
  await expect(group).toBeVisible();
  // Ann has 5 meeples and no points: she can sell up to 5, buy none.
  await expect(group.locator('.trade-end.sell')).toContainText('sell 5 meeples for 5 points');
  await expect(group.locator('.trade-end.buy')).toContainText('no trade');
  const slider = page.getByRole('slider', { name: 'Castle trade:' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'no trade');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', /sell 2 meeples/);
  await expect(group.locator('.trade-now')).toContainText('sell 2 meeples');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.log > ol > li').last()).toContainText('traded 2 meeples for 2 points');
});

test('the replay buttons are drawn icons with names, not font symbols', async ({ page }) => {
  await openRecord(page, fixtureRecord('game-2p.json'), { step: 3 });
  const replay = page.getByRole('region', { name: 'Replay' });
  for (const name of ['To the deal', 'Previous turn', 'Play', 'Next turn', 'To the last turn']) {
    const button = replay.getByRole('button', { name, exact: true });
    await expect(button.locator('svg.step-icon')).toHaveCount(1);
    expect((await button.textContent()).trim()).toBe('');
    const box = await button.locator('svg').boundingBox();
    expect(box.width).toBeGreaterThan(12);
  }
  await replay.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(replay.getByRole('button', { name: 'Pause' }).locator('svg.step-icon')).toHaveCount(1);
});

test('hovering a card previews every way of placing it, and the best choices can be highlighted', async ({ page }) => {
  // "Highlight the best choices", a setting of this device.
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Highlight the cards that score the most this turn').check();
  await page.goto('./?players=Ann,Bob&sides=BBBBBBBB#deal=5');
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  let several = 0;
  for (let turn = 0; turn < 6; turn++) {
    await expect(page.locator('.card.best')).not.toHaveCount(0);
    await expect(page.locator('.card.best .best-mark').first()).toHaveAttribute('aria-label', 'most points this turn');
    await displaySettled(page);
    const spaces = await page.locator('.display .card.legal').evaluateAll((cards) => cards.map((c) => c.dataset.space));
    for (const space of spaces) {
      const card = page.locator(`.card[data-space="${space}"]`);
      await card.hover();
      const rows = await page.locator(`#peek-${space} li`).count();
      // Every placement the chooser offers for it has its row (trades and
      // heals: one row each as well).
      await card.click();
      const choices = await page.locator('.chooser .step:first-child .choice').count();
      expect(rows, `space ${space}`).toBeGreaterThanOrEqual(Math.max(choices, 1));
      if (rows > 1) several++;
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.mouse.move(0, 0);
    }
    await playFrontCard(page);
    await playFrontCard(page);
  }
  expect(several, 'a card with several placements came up').toBeGreaterThan(0);
});
