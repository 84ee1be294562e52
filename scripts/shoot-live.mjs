// Screenshots of play live: the host's invitations, the guest's
// answer, and a live table (the host's, then a guest's after a turn) with a
// guest connected; desk 1366×768 and phone 390×844, light and dark.
// Usage (after `trunk build --release`): node scripts/shoot-live.mjs [out-dir]
import { mkdirSync } from 'node:fs';
import { servedBrowser } from './measure-browser.mjs';
import { playFrontCard as playFront } from '../e2e/helpers.mjs';

const out = process.argv[2] ?? 'target/screens-live';
mkdirSync(out, { recursive: true });
const { base, browser, close } = await servedBrowser(Number(process.env.PORT ?? 4291));

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
    await host.locator('.live-seat[data-status="ready"]').nth(1).waitFor();
    await host.screenshot({ path: `${out}/host-${size}-${scheme}.png`, fullPage: true });
    const offer = await host.locator('.live-seat[data-seat="1"] .game-link').inputValue();
    const guest = await newPage();
    await guest.goto(offer);
    await guest.locator('.live-guest .game-link').waitFor();
    await guest.screenshot({ path: `${out}/guest-answer-${size}-${scheme}.png`, fullPage: true });
    const answer = await guest.locator('.live-guest .game-link').inputValue();
    await host.getByLabel('A player’s answer (link or text)').fill(answer);
    await host.getByRole('button', { name: 'Connect' }).click();
    await guest.locator('h1.status').waitFor();
    await host.getByRole('button', { name: 'Open the table' }).click();
    await playFront(host);
    await guest.locator('.log > ol > li').first().waitFor();
    await host.waitForTimeout(900);
    await host.evaluate(() => window.scrollTo(0, 0));
    await host.screenshot({ path: `${out}/table-host-${size}-${scheme}.png` });
    await guest.waitForTimeout(300);
    await guest.screenshot({ path: `${out}/table-guest-${size}-${scheme}.png` });
    await host.context().close();
    await guest.context().close();
  }
}
await close();
console.log(`screenshots in ${out}/`);
