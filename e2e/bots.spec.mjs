import { test, expect } from './fixtures.mjs';
import { playFrontCard } from './helpers.mjs';

test('a person plays a whole game against two hard computers', async ({ page }) => {
  test.setTimeout(180_000);
  // Every main-thread task over 50 ms (the Long Tasks API), from the start.
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: '3 players' }).click();
  await page.getByLabel('Who plays seat 2').selectOption('hard');
  await page.getByLabel('Who plays seat 3').selectOption('hard');
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  // From here on the computers think; loading the page is not counted.
  await page.evaluate(() => (window.__longTasks = []));

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
  const longTasks = await page.evaluate(() => window.__longTasks);
  console.log(`main-thread tasks over 50 ms during the game: ${JSON.stringify(longTasks)}`);
  test.info().annotations.push({ type: 'long tasks', description: JSON.stringify(longTasks) });
});

test('the computer shows its card before playing it, and undo takes back its turns too', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Who plays seat 2').selectOption('easy');
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await playFrontCard(page);
  await expect(page.locator('h1.status')).toContainText('Bob (computer, easy) is playing');
  // Its chosen card is highlighted while it plays.
  await expect(page.locator('.card[aria-pressed="true"]')).toHaveCount(1);
  await expect(page.locator('h1.status')).toContainText('Ann to play');
  await expect(page.locator('.log > ol > li')).toHaveCount(2);
  await expect(page.locator('.log .log-empty')).toHaveCount(0);
  await page.getByRole('button', { name: 'Take back the last turn' }).click();
  await expect(page.locator('.log > ol > li')).toHaveCount(0);
  await expect(page.locator('.log .log-empty')).toContainText('No turn yet');
  await expect(page.locator('h1.status')).toContainText('Ann to play — turn 1 of 24');
});

test('the first player is drawn at random from the deal, keeping the seat order', async ({ page }) => {
  const firsts = new Set();
  for (const deal of ['1', '2', '3', '4', '5', '6']) {
    await page.goto('./');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: '3 players' }).click();
    for (const seat of [2, 3]) await page.getByLabel(`Who plays seat ${seat}`).selectOption('person');
    await page.getByLabel('Deal number').fill(deal);
    await page.getByRole('button', { name: 'Start the game' }).click();
    const status = await page.locator('h1.status').textContent();
    const first = ['Ann', 'Bob', 'Cid'].find((n) => status.startsWith(n));
    firsts.add(first);
    // Seat order is kept: the realms list the seats from the first player on.
    const rows = await page.locator('.realm .realm-name').allTextContents();
    const order = rows.map((r) => ['Ann', 'Bob', 'Cid'].find((n) => r.includes(n)));
    const start = ['Ann', 'Bob', 'Cid'].indexOf(first);
    expect(order).toEqual([0, 1, 2].map((i) => ['Ann', 'Bob', 'Cid'][(start + i) % 3]));
  }
  expect(firsts.size).toBeGreaterThan(1);
});

test('hot-seat: each person keeps the colour and emblem of their seat at setup, whoever starts', async ({ page }) => {
  for (const deal of ['1', '2', '3', '4']) {
    await page.goto('./');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: '3 players' }).click();
    for (const seat of [2, 3]) await page.getByLabel(`Who plays seat ${seat}`).selectOption('person');
    // The colour each seat shows at setup.
    const setup = await page.locator('.seat:not(.hidden) .seat-label').evaluateAll((labels) =>
      labels.map((l) => [...l.classList].find((c) => /^seat-\d$/.test(c))),
    );
    expect(setup).toEqual(['seat-0', 'seat-1', 'seat-2']);
    const names = await page.locator('.seat:not(.hidden) input[type="text"]').evaluateAll((inputs) => inputs.map((i) => i.value));
    await page.getByLabel('Deal number').fill(deal);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await expect(page.locator('h1.status')).toContainText('to play');
    // On the table every realm has its setup seat's colour.
    for (const [seat, name] of names.entries()) {
      await expect(page.locator(`.realm.seat-${seat} .realm-name`)).toHaveText(name);
    }
  }
});
