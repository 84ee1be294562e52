import { test, expect } from './fixtures.mjs';
import { chooseAndConfirm, displaySettled, playFrontCard, replayWithCli, injectSave, showAllFinal } from './helpers.mjs';

// A side-B deal whose first cards force every kind of choice: a split card,
// a Knight that wounds it, a Witch that heals it, a Noble on Castle B.
const deck = ['Miller/Brewer', 'Knight', 'Witch', 'Noble'].concat(
  Array.from({ length: 29 }, (_, i) => ['Guard', 'Innkeeper', 'Brewer/Witch', 'Miller', 'Noble'][i % 5]),
);
const record = { players: ['Ann', 'Bob'], sides: 'BBBBBBBB', cards: deck, turns: [] };

test('a side-B game through split, heal and Castle trade choices to the final table', async ({ page }) => {
  // A whole game, every move animated: close to a minute on a busy 2-core
  // machine.
  test.setTimeout(120_000);
  await injectSave(page, record, [null, null]);
  const log = page.locator('.log > ol > li');

  // Turn 1, Ann: the split card, placed as a Miller.
  await page.getByRole('button', { name: /Display space 1: Miller or Brewer/ }).click();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  // Where it can go is highlighted on Ann's realm, and chosen there.
  const ann = page.locator('.realm.big');
  await expect(ann.locator('.column.target')).toHaveCount(2);
  await ann.locator('.column[data-location="0"]').click();
  await expect(ann.locator('.column[data-location="0"]')).toHaveClass(/chosen/);
  await expect(page.getByRole('button', { name: 'Miller at the Mill' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(log.last()).toContainText('Ann took Miller/Brewer as a Miller');

  // Turn 2, Bob: the Knight wounds Ann's split card.
  await page.locator('.card[data-space="0"]').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(log.last()).toContainText("Ann's Miller wounded");

  // Turn 3, Ann: the Witch heals the split card; Ann puts it at the Brewery.
  await page.locator('.card[data-space="0"]').click();
  await expect(page.getByText('Your Witch heals the split card Miller or Brewer')).toBeVisible();
  await expect(page.locator('.realm.big .column.heal-target')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await page.getByRole('button', { name: 'The Brewery (as a Brewer)' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(log.last()).toContainText('Cottage: healed Miller/Brewer → Brewery (as a Brewer)');

  // Turn 4, Bob: a Noble on Castle B, selling 2 meeples for 2 points.
  await page.locator('.card[data-space="0"]').click();
  await expect(page.locator('.realm.big .column[data-location="6"]')).toHaveClass(/trade-target/);
  await page.getByLabel('Castle trade:').fill('-2');
  await expect(page.locator('.chooser output')).toHaveText('sell 2 meeples for 2 points');
  await expect(page.locator('.preview')).toContainText('Castle: traded 2 meeples for 2 points');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(log.last()).toContainText('Castle: traded 2 meeples for 2 points');

  for (let turn = 5; turn <= 24; turn++) await playFrontCard(page);
  await expect(page.locator('h1.status')).toHaveText('Game over');
  const final = await showAllFinal(page);
  const report = replayWithCli(await final.locator('textarea.record').inputValue());
  const totals = await final.locator('tr.total td').allTextContents();
  expect(totals.map(Number)).toEqual(report.players.map((p) => p.final.total));
  expect(report.players[1].realm[6]).toBeGreaterThan(0);
});

test('one full turn with the keyboard only', async ({ page }) => {
  await injectSave(page, record, [null, null]);
  const focusedSpace = () => page.evaluate(() => document.activeElement?.dataset?.space ?? null);
  for (let i = 0; i < 40 && (await focusedSpace()) !== '0'; i++) await page.keyboard.press('Tab');
  expect(await focusedSpace()).toBe('0');
  await page.keyboard.press('Enter');
  // The split card: the focus goes to its first half (once the page has
  // drawn the choice: a key pressed before would start from elsewhere)…
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await expect.poll(focusedText).toContain('Miller at the Mill');
  // …Tab reaches the other, Enter takes it…
  await page.keyboard.press('Tab');
  await expect.poll(focusedText).toContain('Brewer at the Brewery');
  await page.keyboard.press('Enter');
  // …and the turn complete, the focus is on Confirm.
  await expect.poll(focusedText).toBe('Confirm');
  await page.keyboard.press('Enter');
  await expect(page.locator('.log > ol > li').last()).toContainText('Ann took Miller/Brewer as a Brewer');
  // The result is announced to screen readers.
  await expect(page.locator('[aria-live="polite"]')).toContainText('Ann took Miller/Brewer as a Brewer');
});

test('each location card shows its ability on keyboard focus and names it', async ({ page }) => {
  await injectSave(page, record, [null, null]);
  const castle = page.locator('.realm.big .column[data-location="6"] .loc-card');
  await expect(castle.locator('.ability-pop')).toBeHidden();
  await castle.focus();
  await expect(castle.locator('.ability-pop')).toBeVisible();
  await expect(castle.locator('.ability-pop')).toContainText('Castle 7B');
  await expect(castle.locator('.ability-pop')).toContainText('Trade up to 5 meeples and points 1:1, one way; then +4 per Noble and per card in your Infirmary.');
  await expect(castle).toHaveAttribute('aria-label', /^Castle 7B\. Trade up to 5 meeples/);
});

// On a desk and on a phone held sideways, a split card picked mid-game:
// each place it can go, the turn's preview and Confirm are in the window
// and not under anything (the choice lies over the table, as tall as what
// it asks), and the choice does not scroll inside.
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
  { width: 844, height: 390 },
]) {
  for (const players of [2, 3, 4]) {
    const size = `${viewport.width}×${viewport.height}`;
    test(`a split card's places, the preview and Confirm in sight at ${size} with ${players} players`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.addInitScript(() => localStorage.setItem('majesty.pace', '"instant"'));
      const seats = ['Ann', 'Bob', 'Cid', 'Dee'].slice(0, players).join(',');
      await page.goto(`./?players=${seats}#deal=${players * 7}`);
      await expect(page.locator('h1.status')).toContainText('to play');
      // Mid-game, then the first split card the player can take.
      const split = page.locator('.display .card.legal[aria-label*=" or "]');
      for (let turn = 0; turn < 3 * players || (await split.count()) === 0; turn++) {
        expect(turn, 'a split card in the display').toBeLessThan(8 * players);
        await playFrontCard(page);
      }
      await displaySettled(page);
      await split.first().click();
      const choices = page.locator('.chooser .choice');
      await expect(choices.nth(1)).toBeVisible();
      const confirm = page.getByRole('button', { name: 'Confirm' });
      // Nothing of the choice covered or scrolled away: before a place is
      // chosen, and with one chosen (the preview shown).
      for (const step of ['picked', 'placed']) {
        if (step === 'placed') await choices.first().click();
        const seen = await page.evaluate(() => {
          const under = (el) => {
            const r = el.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return at && (at === el || el.contains(at)) ? null : `${el.textContent.trim()} under ${at?.className}`;
          };
          const chooser = document.querySelector('.chooser');
          return {
            under: [...document.querySelectorAll('.chooser .choice, .chooser .actions button')].map(under).filter(Boolean),
            scrolls: chooser.scrollHeight > chooser.clientHeight + 1,
          };
        });
        expect(seen.under, `${step}: choices under something else`).toEqual([]);
        expect(seen.scrolls, `${step}: the choice scrolls inside`).toBe(false);
        for (const choice of await choices.all()) await expect(choice).toBeInViewport({ ratio: 1 });
        await expect(confirm).toBeInViewport({ ratio: 1 });
      }
      await expect(page.locator('.chooser .preview')).toBeInViewport({ ratio: 1 });
      await chooseAndConfirm(page);
      await expect(page.locator('.chooser .choice')).toHaveCount(0);
    });
  }
}
