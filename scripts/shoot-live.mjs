// Screenshots of play live from one link: the host's screen with its link
// (two seats waiting, one joined), a guest joining, the live table (the
// host's with a seat reconnecting, a guest's after a turn), and the
// invitations by hand when no relay answers; desk 1366×768 and phones
// 390×844 and 360×740, light and dark. The relay is the tests' own, on
// 127.0.0.1 (e2e/relay.mjs; `scripts/setup.sh test` installs it).
// Usage (after `trunk build --release`): node scripts/shoot-live.mjs [out-dir]
import { mkdirSync } from 'node:fs';
import { servedBrowser } from './measure-browser.mjs';
import { playFrontCard as playFront } from '../e2e/helpers.mjs';
import { startRelay } from '../e2e/relay.mjs';

const out = process.argv[2] ?? 'target/screens-live';
mkdirSync(out, { recursive: true });
const { base, browser, close } = await servedBrowser(Number(process.env.PORT ?? 4291));
const relay = await startRelay();
const sizes = [
  ['desk', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
  ['small', { width: 360, height: 740 }],
];

for (const [size, viewport] of sizes) {
  for (const scheme of ['light', 'dark']) {
    const shot = (page, name, fullPage = true) => page.screenshot({ path: `${out}/${name}-${size}-${scheme}.png`, fullPage });
    const newPage = async () =>
      (await browser.newContext({ viewport, colorScheme: scheme, baseURL: base })).newPage();
    const host = await newPage();
    await host.goto(`${base}?relays=${encodeURIComponent(relay.url)}`);
    await host.getByRole('button', { name: 'Play live' }).click();
    await host.getByRole('button', { name: '3 players' }).click();
    await host.getByLabel('First player drawn at random').uncheck();
    await host.getByRole('button', { name: 'Play live' }).click();
    await host.locator('.live-relays[data-relays="answered"]').waitFor();
    const link = await host.locator('.live-host .game-link').inputValue();
    await shot(host, 'host');
    const guest = await newPage();
    await guest.goto(link);
    await guest.locator('h1.status').waitFor({ timeout: 20_000 });
    await host.locator('.live-seat[data-status="connected"]').waitFor();
    await shot(host, 'host-one-joined');
    const third = await newPage();
    await third.goto(link);
    await third.locator('h1.status').waitFor({ timeout: 20_000 });
    await host.getByRole('button', { name: 'Open the table' }).click();
    await playFront(host);
    await guest.locator('.log > ol > li').first().waitFor();
    await guest.waitForTimeout(600);
    await shot(guest, 'table-guest', false);
    await third.reload();
    await host.locator('.live-chips li[data-status="reconnecting"], .live-chips li[data-status="connecting"]').first().waitFor();
    await host.evaluate(() => window.scrollTo(0, 0));
    await shot(host, 'table-host-reconnecting', false);
    await third.locator('.live-panel').waitFor({ timeout: 20_000 });
    // No relay: the invitations by hand.
    const alone = await newPage();
    await alone.goto(`${base}?relays=none`);
    await alone.getByRole('button', { name: 'Play live' }).click();
    await alone.getByRole('button', { name: 'Play live' }).click();
    await alone.locator('.live-seat[data-status="ready"]').first().waitFor();
    await shot(alone, 'by-hand');
    for (const page of [host, guest, third, alone]) await page.context().close();
  }
}
await relay.stop();
await close();
console.log(`screenshots in ${out}/`);
