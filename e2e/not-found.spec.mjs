// The 404 responses are the point here, so this test does not use the
// fixture that fails on any failed request.
import { test, expect } from '@playwright/test';

test('an unknown address inside the site leads back to the app', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./no/such/page');
  await expect(page).toHaveURL(/\/majesty\/$/);
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  expect(errors).toEqual([]);
});
