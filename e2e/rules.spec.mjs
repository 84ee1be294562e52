// The "Rules" screen: every rule as a live scenario. Each one
// opens from its own link, its suggested move is made on the real board,
// and its effect is ringed on the table (`host-mark`) and told by the log.
import { test, expect } from './fixtures.mjs';

/// Makes the move the scenario panel suggests (its data-take, data-place,
/// data-trade), choosing on the board as a person would.
async function makeSuggestedMove(page, confirmName = 'Confirm') {
  const panel = page.locator('section.scenario');
  const take = await panel.getAttribute('data-take');
  const place = await panel.getAttribute('data-place');
  const trade = Number(await panel.getAttribute('data-trade'));
  const card = page.locator(`.display .card[data-space="${take}"]`);
  // Before the move, the card to take is the one ringed.
  await expect(card).toHaveClass(/host-mark/);
  await card.click();
  const confirm = page.getByRole('button', { name: confirmName });
  if (await confirm.isDisabled()) {
    await page.locator('.chooser .choice', { hasText: new RegExp(`${place} at`) }).click();
  }
  if (trade !== 0) await page.getByLabel('Castle trade:').fill(String(trade));
  await confirm.click();
}

// Where each kind of effect is ringed (seat 0 is "You" unless the
// scenario ends the game, where the learner is seat 1).
const CONFIRM_DE = 'Bestätigen';

const effects = {
  heal: '.realm[data-seat="0"] .column[data-location="4"]',
  attack: '.realm[data-seat="1"] .column[data-location="7"]',
  defend: '.realm[data-seat="1"] .column[data-location="3"]',
  castle_trade: '.realm[data-seat="0"] .column[data-location="6"]',
  inn_a: '.realm .column[data-location="5"]',
  majority: '.realm .column[data-location="0"]',
  variety: '.realm[data-seat="1"]',
};

test('the rules are reachable from home, listed by topic, and each opens its own scenario', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'Rules, each one live' }).click();
  await expect(page.getByRole('heading', { name: 'Rules', level: 1, exact: true })).toBeVisible();
  await expect(page.locator('.rules-topic')).toHaveCount(5);
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
  await page.getByRole('link', { name: 'Heal', exact: true }).click();
  await expect(page.locator('section.scenario h2')).toHaveText('Heal');
  expect(new URL(page.url()).search).toBe('?rules=heal');
  await page.getByRole('button', { name: 'All rules' }).click();
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
});

test('every scenario opens from its link, and its move shows the ringed effect', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./?rules=1');
  // The list is drawn after the wasm starts: wait for it before reading it once.
  await expect(page.locator('.rules-topic a')).toHaveCount(25);
  const ids = await page.locator('.rules-topic a').evaluateAll((links) => links.map((a) => a.dataset.scenario));
  for (const id of ids) {
    await test.step(id, async () => {
      await page.goto(`./?rules=${id}`);
      const panel = page.locator('section.scenario');
      await expect(panel).toHaveAttribute('data-scenario', id);
      await expect(panel).toHaveAttribute('data-progress', 'waiting');
      await expect(panel.locator('.scenario-move')).toContainText('Your move: take');
      await makeSuggestedMove(page);
      await expect(panel).toHaveAttribute('data-progress', 'done');
      // The effect is ringed on the table, and the log explains the turn.
      await expect(page.locator('.realms .host-mark').first()).toBeAttached();
      await expect(page.locator('.display .host-mark')).toHaveCount(0);
      if (effects[id]) await expect(page.locator(effects[id]).first()).toHaveClass(/host-mark/);
      await expect(panel.locator('.scenario-log li').first()).not.toBeEmpty();
      // The embed snippet names the same scenario.
      await expect(panel.locator('.scenario-share .embed-snippet')).toHaveValue(
        new RegExp(`<div data-majesty="\\?rules=${id}"></div>$`),
      );
      await expect(panel.locator('.scenario-share .embed-frame')).toHaveValue(
        new RegExp(`^<iframe src="[^"]+\\?embed=1&rules=${id}" `),
      );
    });
  }
});

test('the heal scenario brings the wounded Knight back, and another move is told apart', async ({ page }) => {
  await page.goto('./?rules=heal');
  const log = page.locator('section.scenario .scenario-log');
  await makeSuggestedMove(page);
  await expect(log).toContainText('Cottage: healed a Knight');
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.locator('section.scenario')).toHaveAttribute('data-progress', 'waiting');
  await page.locator('.display .card[data-space="1"]').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('section.scenario .scenario-other')).toContainText('another move');
  await expect(page.locator('.host-mark')).toHaveCount(0);
});

test('a scenario in German, embedded', async ({ page }) => {
  await page.goto('./?rules=attack&lang=de&embed=1');
  const panel = page.locator('section.scenario');
  await expect(panel.locator('h2')).toHaveText('Angriff');
  await expect(panel).toContainText('Dein Gegner hat keine Wache');
  await expect(panel.locator('.scenario-move')).toContainText('Dein Zug: Nimm');
  await makeSuggestedMove(page, CONFIRM_DE);
  await expect(panel).toHaveAttribute('data-progress', 'done');
  await expect(panel.locator('.scenario-log')).toContainText('verletzt');
});
