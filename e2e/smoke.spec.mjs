import { test, expect } from './fixtures.mjs';

test('the page loads under a sub-path and the app mounts', async ({ page }) => {
  await page.goto('./');
  await expect(page).toHaveTitle(/Majesty/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Majesty: For the Realm');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
});
