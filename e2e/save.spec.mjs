import { test, expect } from './fixtures.mjs';
import { startGame, playFrontCard } from './helpers.mjs';

test('the game is saved after every turn and resumes after a reload', async ({ page }) => {
  await startGame(page);
  for (let i = 0; i < 3; i++) await playFrontCard(page);
  const status = await page.locator('h1.status').textContent();
  const board = async () => [
    await page.locator('.display').innerText(),
    await page.locator('.realms').innerText(),
    await page.locator('.log').innerText(),
  ];
  const before = await board();
  await page.reload();
  const resume = page.getByRole('button', { name: 'Resume' });
  await expect(resume).toBeVisible();
  await expect(page.locator('.resume')).toContainText('turn 4 of 24');
  await resume.click();
  await expect(page.locator('h1.status')).toHaveText(status);
  await expect(page.locator('.log > ol > li')).toHaveCount(3);
  expect(await board()).toEqual(before);
});

test('two tabs on the same save do not destroy each other\'s progress', async ({ page, context }) => {
  await startGame(page);
  await playFrontCard(page);
  const other = await context.newPage();
  await other.goto('./');
  await other.getByRole('button', { name: 'Resume' }).click();
  await expect(other.locator('.log > ol > li')).toHaveCount(1);
  // The first tab plays on; the second is told and shows the new position.
  await playFrontCard(page);
  await playFrontCard(page);
  await expect(other.getByRole('alert')).toContainText('went on in another tab');
  await expect(other.locator('.log > ol > li')).toHaveCount(3);
  // Playing in the second tab now continues from turn 4, losing nothing.
  await playFrontCard(other);
  await page.reload();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.locator('.log > ol > li')).toHaveCount(4);
  await other.close();
});

test('take back the last turn', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Take back the last turn' }).click();
  await expect(page.locator('h1.status')).toContainText('turn 2 of 24');
  await expect(page.locator('.log > ol > li')).toHaveCount(1);
});

test('an unreadable save is reported, kept through a new game, and discarded on request', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => localStorage.setItem('majesty.save', '{"format": 1, "record": {"players": ["A"]'));
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'could not be opened' });
  await expect(warning).toContainText('not valid JSON');
  await expect(warning.getByRole('link', { name: 'Download it' })).toHaveAttribute('href', /^data:application\/json/);

  // Starting and saving a new game does not destroy the unreadable save.
  await startGame(page);
  await playFrontCard(page);
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be opened' })).toBeVisible();
  // The unreadable text is kept exactly as it was.
  expect(await page.evaluate(() => localStorage.getItem('majesty.save.unreadable'))).toBe(
    '{"format": 1, "record": {"players": ["A"]',
  );

  await page.getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
});
