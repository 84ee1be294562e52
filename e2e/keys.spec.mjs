// Playing by keyboard: the focus comes back to the display after
// every turn, shortcuts 1–6 / Enter / Esc / U, the keyboard help, and the
// preview of what a display card would give, shown on hover and focus.
import { test, expect } from './fixtures.mjs';
import { displaySettled, startGame } from './helpers.mjs';

const status = (page) => page.locator('h1.status');
const focusOnDisplay = (page) =>
  page.evaluate(() => !!document.activeElement?.matches('.display .card.legal'));

/// Plays the current person's turn with the keyboard only: "1" (the front
/// card), then Enter until the turn is played. Returns the presses needed.
/// Before each press it waits, as a person reading the screen would, until
/// the last press has moved the focus on (or ended the turn).
async function keyboardTurn(page, turn) {
  await displaySettled(page);
  const moved = () =>
    page.waitForFunction(
      (turn) => {
        if (!document.querySelector('h1.status')?.textContent.includes(`turn ${turn} of`)) return true;
        const active = document.activeElement;
        return !!active?.closest('.chooser') && !active.hasAttribute('data-pressed');
      },
      turn,
      { timeout: 3_000 },
    );
  const press = async (key) => {
    await page.evaluate(() => {
      document.querySelectorAll('[data-pressed]').forEach((e) => e.removeAttribute('data-pressed'));
      document.activeElement?.setAttribute('data-pressed', '');
    });
    await page.keyboard.press(key);
    await moved();
  };
  await press('1');
  let presses = 1;
  while (presses < 6 && (await status(page).textContent()).includes(`turn ${turn} of`)) {
    await press('Enter');
    presses++;
  }
  return presses;
}

test('a keyboard-only turn takes at most 3 key presses, and the focus comes back to the display', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#deal=7');
  await expect(status(page)).toContainText('Ann to play — turn 1 of 24');
  let split = false;
  for (let turn = 1; turn <= 8; turn++) {
    await expect(status(page)).toContainText(`turn ${turn} of 24`);
    split ||= (await page.locator('.card[data-space="0"] .face.split').count()) > 0;
    const presses = await keyboardTurn(page, turn);
    await expect(status(page)).toContainText(`turn ${turn + 1} of 24`);
    expect(presses, `key presses for turn ${turn}`).toBeLessThanOrEqual(3);
    // The next person's choice is one key away: the focus is on the display.
    await expect.poll(() => focusOnDisplay(page)).toBe(true);
  }
  expect(split, 'a split card was taken by keyboard (deal 7)').toBe(true);
});

test("after a computer's turn the focus is back on the display", async ({ page }) => {
  await page.goto('./?players=Ann,Bot:easy#deal=3');
  await expect(status(page)).toContainText('Ann to play');
  await page.locator('.pace select').selectOption('fast');
  await page.locator('.card[data-space="0"]').focus();
  await keyboardTurn(page, 1);
  await expect(status(page)).toContainText('Ann to play — turn 3 of 24', { timeout: 15_000 });
  await expect.poll(() => focusOnDisplay(page)).toBe(true);
});

test('Esc cancels a pick, U takes back a turn, and shortcuts never fire while typing', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByLabel('Allow taking back turns').check();
  await page.getByLabel('Who plays seat 2').selectOption('person');
  // Typing a name with digits and a "u" chooses nothing.
  const name = page.getByLabel('Name of seat 1');
  await name.fill('');
  await name.pressSequentially('Ulla 2');
  await expect(name).toHaveValue('Ulla 2');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(status(page)).toContainText('Ulla 2 to play');

  await page.keyboard.press('2');
  await expect(page.locator('.card[data-space="1"]')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(page.locator('.card[data-space="1"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.dataset.space)).toBe('1');

  await keyboardTurn(page, 1);
  await expect(status(page)).toContainText('turn 2 of 24');
  await page.keyboard.press('u');
  await expect(status(page)).toContainText('Ulla 2 to play — turn 1 of 24');
  await expect.poll(() => focusOnDisplay(page)).toBe(true);

  // Digits typed in a select (the theme) or an input are theirs.
  await page.getByLabel('Theme').focus();
  await page.keyboard.press('3');
  await expect(page.locator('.card[aria-pressed="true"]')).toHaveCount(0);
});

test('the keyboard help opens from its button and Esc closes it', async ({ page }) => {
  await startGame(page);
  const button = page.getByRole('button', { name: 'Keyboard' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const help = page.getByRole('region', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('confirm the turn');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(help).toBeHidden();
  await expect(button).toBeFocused();
});

test('hovering a display card shows what taking it gives, the same as the engine’s preview after choosing', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#deal=7');
  await expect(status(page)).toContainText('Ann to play');
  // Take a card that is not split, so that it has one placement.
  const spaces = page.locator('.card.legal:not(:has(.face.split))');
  const card = spaces.first();
  const space = await card.getAttribute('data-space');
  const before = await page.locator('.realms.mine').boundingBox();
  await card.hover();
  const peek = page.locator(`#peek-${space}`);
  await expect(peek).toBeVisible();
  await expect(peek).toContainText('If you take it:');
  await expect(card).toHaveAttribute('aria-describedby', `peek-${space}`);
  const gain = (await peek.locator('.peek-gain').first().innerText()).replace(/\s+/g, ' ').trim();
  expect(gain).toMatch(/^Ann [+−]\d+$/);
  // Nothing under it moved.
  expect(await page.locator('.realms.mine').boundingBox()).toEqual(before);
  // The preview after choosing (the engine's, in the panel) says the same.
  await card.click();
  await expect(page.locator('.chooser .preview')).toContainText(gain);
  // The picked card's preview is the panel's: the pop-up steps aside.
  await expect(peek).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.keyboard.press('Escape');
  // Esc gives the focus back to the card: its preview shows again.
  await expect(card).toBeFocused();
  await expect(peek).toBeVisible();
  await page.locator('.status-bar').click();
  await expect(page.locator('.peek')).toHaveCount(0);
});

test('passing the device: the cover takes the focus, and lifting it gives the focus to the display', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Who plays seat 2').selectOption('person');
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByLabel('Cover the table between people’s turns (pass the device)').check();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(status(page)).toContainText('turn 1 of 24');
  await keyboardTurn(page, 1);
  // Turn 1 was Ann's; the cover asks for the next person.
  const ready = page.locator('.pass-device button');
  await expect(ready).toBeVisible();
  // A piece of the last turn still in motion (laid over the page as the
  // board's motion lays one: a `.ghost` in the body) travels under the cover.
  const ghostShows = await page.evaluate(() => {
    const ghost = document.createElement('div');
    ghost.className = 'card ghost';
    ghost.style.cssText = 'left: 40px; top: 40px; width: 80px; height: 110px';
    document.body.append(ghost);
    const top = document.elementFromPoint(80, 95);
    ghost.remove();
    return !top?.closest('.pass-device');
  });
  expect(ghostShows).toBe(false);
  // Shortcuts do not reach under the cover.
  await page.keyboard.press('2');
  await expect(page.locator('.card[aria-pressed="true"]')).toHaveCount(0);
  await ready.focus();
  await page.keyboard.press('Enter');
  await expect(ready).toHaveCount(0);
  await expect.poll(() => focusOnDisplay(page)).toBe(true);
});
