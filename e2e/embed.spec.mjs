import { test, expect } from './fixtures.mjs';

test('the embed example shows a scenario and a live game, and logs their messages', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const host = new URL(baseURL);
  host.port = String(Number(host.port) + 1);
  await page.goto(`${host.origin}/embed-v1.html?app=${encodeURIComponent(baseURL)}`);
  const log = page.locator('#log li');
  await expect(log.filter({ hasText: '"type":"ready"' })).toHaveCount(2);

  // The scenario opens the recorded position in the replay viewer.
  const scenario = page.frameLocator('#scenario');
  await expect(scenario.locator('.replay-step')).toHaveText('After turn 7 of 7');
  await expect(scenario.locator('.log > ol > li').last()).toContainText('Brewery: 3 Brewers × 2 = +6, +3 meeples');

  // The live game: a turn posts a versioned "turn" message to the parent.
  const live = page.frameLocator('#live');
  await expect(live.locator('h1.status')).toContainText(/Reader to play|Computer/);
  await expect(live.locator('h1.status')).toContainText('Reader to play', { timeout: 20_000 });
  await live.locator('.card[data-space="0"]').click();
  const confirm = live.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await live.locator('.chooser .choice').first().click();
  }
  await confirm.click();
  const turn = page.locator('#log li[data-frame="live"][data-type="turn"]').first();
  await expect(turn).toContainText('"source":"majesty"');
  await expect(turn).toContainText('"version":1');
  await expect(turn).toContainText('"player":"Reader"');

  // A command from the page whose origin the live game was given is obeyed.
  await page.getByRole('button', { name: 'Ask the live game to speak German' }).click();
  await expect(live.locator('.log h2')).toHaveText('Verlauf');
  // The scenario was given no parent origin: it accepts no command. In its
  // frame, the test hears a sentinel sent after the command (the app's
  // listener, registered first, has heard the command by then) and counts
  // the fetches that obeying it would start at once (German's texts).
  const scenarioFrame = await (await page.locator('#scenario').elementHandle()).contentFrame();
  await scenarioFrame.evaluate(() => {
    window.__fetched = [];
    const fetch = window.fetch;
    window.fetch = function (input, init) {
      window.__fetched.push(String(input?.url ?? input));
      return fetch.call(this, input, init);
    };
    window.__sentinel = new Promise((done) => addEventListener('message', (e) => e.data?.sentinel && done()));
  });
  await page.evaluate((origin) => {
    const frame = document.getElementById('scenario').contentWindow;
    frame.postMessage({ source: 'majesty-host', version: 1, type: 'setLanguage', lang: 'de' }, origin);
    frame.postMessage({ sentinel: true }, origin);
  }, new URL(baseURL).origin);
  await scenarioFrame.evaluate(() => window.__sentinel);
  expect(await scenarioFrame.evaluate(() => window.__fetched.filter((u) => u.includes('locales/')))).toEqual([]);
  await expect(scenario.locator('.log h2')).toHaveText('Log');
});
