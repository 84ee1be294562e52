import { test, expect } from './fixtures.mjs';
import { playFrontCard } from './helpers.mjs';

test('a person plays a whole game against two hard computers', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: '3 players' }).click();
  await page.getByLabel('Who plays seat 2').selectOption('hard');
  await page.getByLabel('Who plays seat 3').selectOption('hard');
  await page.getByRole('button', { name: 'Start the game' }).click();

  const status = page.locator('h1.status');
  for (let mine = 0; mine < 12; mine++) {
    await expect(status).toContainText(/Ann to play|Game over/, { timeout: 30_000 });
    await expect(status).toContainText(`turn ${mine * 3 + 1} of 36`);
    await playFrontCard(page);
  }
  await expect(status).toHaveText('Game over', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Final scoring' })).toBeVisible();
  await expect(page.locator('.log > ol > li')).toHaveCount(36);
  // The computers' turns are explained in the log like any other.
  await expect(page.locator('.log > ol > li').filter({ hasText: /^\s*\d+\s*Bob took/ })).toHaveCount(12);
});

test('the computer shows its card before playing it, and undo takes back its turns too', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Who plays seat 2').selectOption('easy');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Bob (computer, easy) is playing');
  // Its chosen card is highlighted while it plays.
  await expect(page.locator('.card[aria-pressed="true"]')).toHaveCount(1);
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  await page.getByRole('button', { name: 'Take back the last turn' }).click();
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
});
