// Shared steps for driving the app like a person would.
import { execFileSync } from 'node:child_process';
import { expect } from './fixtures.mjs';

export async function startGame(page, { players = 2 } = {}) {
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: `${players} players` }).click();
  for (let seat = 2; seat <= players; seat++) {
    await page.getByLabel(`Who plays seat ${seat}`).selectOption('person');
  }
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('to play');
}

/// Plays one turn: the front card (always free), choosing the first option
/// of every choice the turn needs.
export async function playFrontCard(page) {
  await page.locator('.card[data-space="0"]').click();
  const confirm = page.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
  }
  await confirm.click();
}

/// Replays a game record with the rules crate's command-line tool.
export function replayWithCli(recordJson) {
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'majesty-rules', '--bin', 'majesty-rules', '--', 'replay'],
    { input: recordJson, cwd: new URL('..', import.meta.url).pathname },
  );
  return JSON.parse(out.toString());
}

/// Puts a saved game into the page's storage: a record (with an explicit
/// deck, so that the test knows every card) and who plays each seat.
export async function injectSave(page, record, seats) {
  await page.goto('./');
  await page.evaluate(
    ([record, seats]) =>
      localStorage.setItem(
        'majesty.save',
        JSON.stringify({ format: 1, saved_at: Date.now(), record, seats }),
      ),
    [record, seats],
  );
  await page.reload();
  await page.getByRole('button', { name: 'Resume' }).click();
}
