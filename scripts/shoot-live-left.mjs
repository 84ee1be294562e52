// Screenshots of a live game when someone leaves it: a 3-player table
// (Ann hosts, Bob and Cid are guests) after Cid closed the page, on the
// host's board and on Bob's (the game waits for Cid); then Bob's board after
// the host went to the home screen. Desk 1366×768 and phone 390×844, light
// and dark.
// Usage (after `trunk build --release`): node scripts/shoot-live-left.mjs [out-dir]
import { mkdirSync } from 'node:fs';
import { servedBrowser } from './measure-browser.mjs';
import { playFrontCard as playFront } from '../e2e/helpers.mjs';

const out = process.argv[2] ?? 'target/screens-live-left';
mkdirSync(out, { recursive: true });
const { base, browser, close } = await servedBrowser(Number(process.env.PORT ?? 4292));

const turns = (page, n) => page.locator('.log > ol > li').nth(n - 1).waitFor();

/// The guest on `page` joins by the host's invitation for `seat`.
async function join(host, page, seat) {
  const row = host.locator(`.live-seat[data-seat="${seat}"][data-status="ready"]`);
  await row.waitFor({ timeout: 15_000 });
  await page.goto(await row.locator('.game-link').inputValue());
  await page.locator('.live-guest .game-link').waitFor({ timeout: 15_000 });
  const answer = await page.locator('.live-guest .game-link').inputValue();
  await host.getByLabel('A player’s answer (link or text)').first().fill(answer);
  await host.getByRole('button', { name: 'Connect' }).first().click();
  await page.locator('h1.status').waitFor({ timeout: 15_000 });
}

async function shoot(page, name) {
  await page.waitForTimeout(900);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${out}/${name}.png` });
}

for (const [size, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
  for (const scheme of ['light', 'dark']) {
    const newPage = async () =>
      (await browser.newContext({ viewport, colorScheme: scheme, baseURL: base })).newPage();
    const host = await newPage();
    await host.goto(base);
    await host.getByRole('button', { name: 'Play live' }).click();
    await host.getByRole('button', { name: '3 players' }).click();
    for (const seat of [2, 3]) await host.getByLabel(`Who plays seat ${seat}`).selectOption('person');
    await host.getByLabel('First player drawn at random').uncheck();
    await host.getByRole('button', { name: 'Play live' }).click();
    const [bob, cid] = [await newPage(), await newPage()];
    await join(host, bob, 1);
    await join(host, cid, 2);
    await host.getByRole('button', { name: 'Open the table' }).click();
    await playFront(host);
    await turns(bob, 1);
    await playFront(bob);
    await turns(host, 2);
    await cid.close({ runBeforeUnload: true });
    await host.locator('.live-chips li[data-status="left"]').waitFor({ timeout: 20_000 });
    await bob.locator('.live-panel li[data-status="left"]').waitFor({ timeout: 20_000 });
    await shoot(host, `left-host-${size}-${scheme}`);
    await shoot(bob, `left-guest-${size}-${scheme}`);
    await host.getByRole('button', { name: 'Majesty' }).click();
    await bob.locator('.live-panel[data-status="left"]').waitFor({ timeout: 20_000 });
    await shoot(bob, `host-left-guest-${size}-${scheme}`);
    for (const page of [host, bob, cid]) await page.context().close();
  }
}
await close();
console.log(`screenshots in ${out}/`);
