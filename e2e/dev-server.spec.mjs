// The development loop: `trunk serve` builds a debug version, serves it under
// the release's Content-Security-Policy (a header with a fresh nonce for
// Trunk's inline scripts) and reloads the page through its WebSocket.
import { test, expect } from './fixtures.mjs';
import { playFrontCard } from './helpers.mjs';
import { devServer, withDevServer } from './playwright.config.mjs';

test.skip(!withDevServer, 'E2E_NO_DEV_SERVER is set: `trunk serve` was not started');

test('trunk serve runs the app under its CSP, with auto-reload connected', async ({ page }) => {
  const sockets = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const response = await page.goto(devServer);
  const csp = response.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe-inline');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  await expect.poll(() => sockets.some((url) => url.endsWith('/.well-known/trunk/ws'))).toBe(true);
});

test('trunk serve builds the search worker too, and it runs under the CSP', async ({ page }) => {
  await page.goto(devServer);
  await page.getByRole('button', { name: 'New game' }).click();
  // Easy: the debug build searches slowly; any level goes through the worker.
  await page.getByLabel('Who plays seat 2').selectOption('easy');
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 3 of 24', { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-search', 'worker');
});
