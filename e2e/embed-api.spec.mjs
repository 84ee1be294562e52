// The embed script (public/majesty-embed.js, API version 2) on a page of
// another origin: public/examples/embed.html, served on the next port.
import { test as plain } from '@playwright/test';
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, partFiles } from './helpers.mjs';

async function openExample(page, baseURL) {
  const host = new URL(baseURL);
  host.port = String(Number(host.port) + 1);
  await page.goto(`${host.origin}/embed.html?app=${encodeURIComponent(baseURL)}`);
  await expect(page.locator('#log li[data-type="ready"]')).toHaveCount(2, { timeout: 30_000 });
  return host;
}

test('the embed script sizes a board per element and reports ready in version 2', async ({ page, baseURL }) => {
  await openExample(page, baseURL);
  const frames = page.locator('[data-majesty] > iframe');
  await expect(frames).toHaveCount(2);
  const src = new URL(await frames.first().getAttribute('src'));
  expect(src.origin).toBe(new URL(baseURL).origin);
  expect(src.searchParams.get('embedApi')).toBe('2');
  expect(src.searchParams.get('parentOrigin')).toBe(new URL(page.url()).origin);
  expect(src.searchParams.get('autoHeight')).toBe('1');
  // As wide as its container, as tall as the board in it.
  const box = await frames.first().boundingBox();
  const container = await page.locator('#scenario').boundingBox();
  expect(Math.abs(box.width - (container.width - 2))).toBeLessThanOrEqual(1);
  const frame = await (await frames.first().elementHandle()).contentFrame();
  await expect
    .poll(async () => Math.abs((await frames.first().boundingBox()).height -
      (await frame.evaluate(() => document.documentElement.getBoundingClientRect().height))))
    .toBeLessThanOrEqual(24);
  const ready = page.locator('#log li[data-frame="scenario"][data-type="ready"]');
  await expect(ready).toContainText('"version":2');
  await expect(ready).toContainText('"versions":[1,2]');
});

test('a host steps a replay, points at the table and loads another scenario', async ({ page, baseURL }) => {
  await openExample(page, baseURL);
  const scenario = page.frameLocator('#scenario iframe');
  await expect(scenario.locator('.replay-step')).toHaveText('After turn 7 of 7');

  await page.getByRole('button', { name: 'After turn 5' }).click();
  await expect(scenario.locator('.replay-step')).toHaveText('After turn 5 of 7');
  const position = page.locator('#log li[data-frame="scenario"][data-type="position"]').last();
  await expect(position).toContainText('"turn":5');
  await expect(position).toContainText('"total":7');
  await page.getByRole('button', { name: 'Back to the deal' }).click();
  await expect(scenario.locator('.replay-step')).toHaveText('Before turn 1 of 7');

  // Ann is the first seat: her Brewery, and not Bob's.
  await page.getByRole('button', { name: "Point at Ann's Brewery" }).click();
  const scrolled = await page.evaluate(() => scrollY);
  await expect(scenario.locator('.host-mark')).toHaveCount(1);
  const brewery = scenario.locator('.realm[data-seat="0"] .column[data-location="1"]');
  await expect(brewery).toHaveClass(/host-mark/);
  // The host's page never moves for it (the frame is as tall as the board).
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => scrollY)).toBe(scrolled);
  await page.getByRole('button', { name: 'Point at the free card' }).click();
  await expect(scenario.locator('.display .card[data-space="0"]')).toHaveClass(/host-mark/);
  await expect(scenario.locator('.host-mark')).toHaveCount(1);
  await page.getByRole('button', { name: 'Point at nothing' }).click();
  await expect(scenario.locator('.host-mark')).toHaveCount(0);

  const first = await page.locator('#scenario iframe').getAttribute('src');
  await page.getByRole('button', { name: 'Load another scenario' }).click();
  await expect(scenario.locator('.replay-step')).toHaveText('After turn 4 of 4');
  await expect(page.locator('#error')).toHaveText('');
  // The frame's address follows, with its own settings: a reload shows the same.
  const frame = await (await page.locator('#scenario iframe').elementHandle()).contentFrame();
  await expect.poll(() => frame.url()).not.toBe(first);
  const address = new URL(frame.url());
  expect(address.searchParams.get('embedApi')).toBe('2');
  expect(address.searchParams.get('embed')).toBe('1');
  expect(address.hash).toMatch(/^#record=/);
  await frame.evaluate(() => location.reload());
  await expect(scenario.locator('.replay-step')).toHaveText('After turn 4 of 4');
});

// A record loaded into a board is a replay at once, while the replay's
// controls are still on their way (drawn once they are here, with it).
test('a host loads a record and moves it to a turn at once', async ({ page, baseURL }) => {
  await openExample(page, baseURL);
  const record = Buffer.from(fixtureRecord('game-2p.json')).toString('base64url');
  const answer = await page.evaluate(async (record) => {
    const live = document.getElementById('live').majesty;
    await live.load(`#record=${record}`);
    return live.goToTurn(2);
  }, record);
  expect(answer).toMatchObject({ ok: true });
  await expect(page.frameLocator('#live iframe').locator('.replay-step')).toHaveText('After turn 2 of 24');
  await expect(page.locator('#error')).toHaveText('');
});

test('a command the game cannot carry out is rejected with its reason', async ({ page, baseURL }) => {
  await openExample(page, baseURL);
  const result = await page.evaluate(async () => {
    const live = document.getElementById('live').majesty;
    const reasons = [];
    for (const call of [
      () => live.goToTurn(3),
      () => live.highlight({ location: 'Moat' }),
      () => live.load('#record=not-a-record'),
      () => live.send('dance', {}),
      () => live.highlight({ realm: 3 }),
    ]) {
      try {
        await call();
        reasons.push('accepted');
      } catch (e) {
        reasons.push(e.message);
      }
    }
    return reasons;
  });
  expect(result[0]).toContain('goToTurn works in a replay');
  expect(result[1]).toContain('"location" is a name');
  expect(result[2]).toContain('record');
  expect(result[3]).toBe('unknown command "dance"');
  expect(result[4]).toBe('seat 3 is not at this table (2 seats)');
});

test('a live board changes language and tells the host about turns', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await openExample(page, baseURL);
  const live = page.frameLocator('#live iframe');
  await page.getByRole('button', { name: 'Speak German' }).click();
  await expect(live.locator('.log h2')).toHaveText('Verlauf');
  await page.getByRole('button', { name: 'Speak English' }).click();
  await expect(live.locator('.log h2')).toHaveText('Log');
  await expect(live.locator('h1.status')).toContainText('Reader to play', { timeout: 20_000 });
  await live.locator('.card[data-space="0"]').click();
  const confirm = live.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await live.locator('.chooser .choice').first().click();
  }
  await confirm.click();
  const turn = page.locator('#log li[data-frame="live"][data-type="turn"]').first();
  await expect(turn).toContainText('"version":2');
  await expect(turn).toContainText('"player":"Reader"');
});

test('the host hears only its own frame, from the game origin', async ({ page, baseURL }) => {
  await openExample(page, baseURL);
  const before = await page.locator('#log li').count();
  // A message in the game's format posted by the host page itself, and one
  // posted by the other board's frame, are not the live board's events.
  // Each is followed by a sentinel from the same window: messages from one
  // window arrive in order, and the example's listener (registered first)
  // has heard a message when the test's own listener hears the sentinel.
  await page.evaluate(() => {
    let left = 2;
    window.__heard = new Promise((done) =>
      addEventListener('message', (e) => e.data?.sentinel && --left === 0 && done()),
    );
  });
  await page.evaluate(() => {
    window.postMessage({ source: 'majesty', version: 2, type: 'turn', turn: 99 }, '*');
    window.postMessage({ sentinel: true }, '*');
  });
  const scenarioFrame = await (await page.locator('#scenario iframe').elementHandle()).contentFrame();
  await scenarioFrame.evaluate(() => {
    parent.postMessage({ source: 'majesty', version: 2, type: 'gameOver', scores: [1] }, '*');
    parent.postMessage({ sentinel: true }, '*');
  });
  await page.evaluate(() => window.__heard);
  // Heard once, by the scenario board only (its own frame sent it).
  await expect(page.locator('#log li')).toHaveCount(before + 1);
  await expect(page.locator('#log li').last()).toHaveAttribute('data-frame', 'scenario');
  await expect(page.locator('#log li[data-type="turn"]')).toHaveCount(0);
});

test('a flood of commands leaves the board answering: the last language wins, one fetch at a time, the rest refused', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const fetched = [];
  page.on('request', (r) => {
    if (/locales\/\w+\.json/.test(r.url())) fetched.push(r.url().match(/locales\/(\w+)\.json/)[1]);
  });
  await openExample(page, baseURL);
  const live = page.frameLocator('#live iframe');
  await expect(live.locator('.log h2')).toHaveText('Log');
  const started = Date.now();
  const replies = await page.evaluate(async (origin) => {
    const frame = document.querySelector('#live iframe').contentWindow;
    const replies = { ok: 0, refused: 0, refusal: '' };
    addEventListener('message', (e) => {
      if (e.data?.source !== 'majesty' || e.data.type !== 'reply' || !String(e.data.id).startsWith('flood')) return;
      if (e.data.ok) replies.ok++;
      else {
        replies.refused++;
        replies.refusal = e.data.error;
      }
    });
    const send = (id, fields) => frame.postMessage({ source: 'majesty-host', version: 2, id, ...fields }, origin);
    const langs = ['de', 'fr', 'es', 'en'];
    for (let i = 0; i < 10_000; i++) send(`flood-lang-${i}`, { type: 'setLanguage', lang: langs[i % 4] });
    send('flood-lang-last', { type: 'setLanguage', lang: 'fr' });
    for (let i = 0; i < 2_000; i++) send(`flood-mark-${i}`, { type: 'highlight', target: { display: 1 + (i % 6) } });
    await new Promise((done) => {
      const check = () => (replies.ok + replies.refused >= 12_001 ? done() : setTimeout(check, 50));
      check();
    });
    return replies;
  }, new URL(baseURL).origin);
  // Every command is answered; past the limit, with a refusal that says why.
  expect(replies.ok + replies.refused).toBe(12_001);
  expect(replies.refused).toBeGreaterThan(1_800);
  expect(replies.refusal).toContain('too many commands');
  // The language asked for last is shown, soon, and each locale fetched once.
  await expect(live.locator('.log h2')).toHaveText('Journal', { timeout: 10_000 });
  // (Each command costs little: the address follows the language shown,
  // once a burst is over, never once a command, which browsers throttle.)
  expect(Date.now() - started).toBeLessThan(10_000);
  const frame = await (await page.locator('#live iframe').elementHandle()).contentFrame();
  await expect.poll(() => new URL(frame.url()).searchParams.get('lang')).toBe('fr');
  expect(fetched.filter((l) => l === 'fr')).toHaveLength(1);
  expect(fetched.length).toBeLessThanOrEqual(3);
  // The board still answers the person and the host.
  await expect(live.locator('h1.status')).toBeVisible();
  await page.getByRole('button', { name: 'Speak German' }).click();
  await expect(live.locator('.log h2')).toHaveText('Verlauf');
});

// The embedding page's side is a part of the page of its own, fetched only
// in a frame (src/opening/host.rs). Not the fixture's page: the failed
// fetches are the point.
plain('in a frame whose part for the host cannot be fetched, the board plays and Retry says ready', async ({ page, baseURL }) => {
  const uncaught = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  const embedPart = partFiles('embed');
  const block = (route) => route.abort('internetdisconnected');
  await page.context().route(embedPart, block);
  const host = new URL(baseURL);
  host.port = String(Number(host.port) + 1);
  await page.goto(`${host.origin}/embed.html?app=${encodeURIComponent(baseURL)}`);
  const live = page.frameLocator('#live iframe');
  // The game is there, and says what it could not load.
  await expect(live.locator('.display .card').first()).toBeVisible();
  await expect(live.locator('.part-missing')).toBeVisible();
  await expect(page.locator('#log li[data-type="ready"]')).toHaveCount(0);
  await page.context().unroute(embedPart, block);
  await live.locator('.part-missing').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('#log li[data-frame="live"][data-type="ready"]')).toHaveCount(1);
  await expect(live.locator('.part-missing')).toHaveCount(0);
  expect(uncaught).toEqual([]);
});
