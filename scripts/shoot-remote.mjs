// Screenshots of play by link: the host's invitation with its QR
// code, the board waiting for the other player, and the home screen's list
// of games by link; desk 1366×768 and phone 390×844, light and dark.
// Usage (after `trunk build --release`): node scripts/shoot-remote.mjs [out-dir]
import { mkdirSync } from 'node:fs';
import { servedBrowser } from './measure-browser.mjs';

const out = process.argv[2] ?? 'target/screens-remote';
mkdirSync(out, { recursive: true });
const { base, browser, close } = await servedBrowser(Number(process.env.PORT ?? 4290));
for (const [size, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, baseURL: base });
    const page = await context.newPage();
    await page.goto(base);
    await page.getByRole('button', { name: 'Play by link' }).click();
    await page.getByLabel('Who plays seat 2').selectOption('person');
    await page.getByLabel('First player drawn at random').uncheck();
    await page.getByRole('button', { name: 'Play by link' }).click();
    await page.getByRole('img', { name: 'QR code of the link' }).waitFor();
    await page.screenshot({ path: `${out}/invitation-${size}-${scheme}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Open the game' }).click();
    await page.locator('.card[data-space="0"]').click();
    const confirm = page.getByRole('button', { name: 'Confirm' });
    for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
      await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
    }
    await confirm.click();
    await page.locator('.by-link .game-link').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/board-waiting-${size}-${scheme}.png` });
    await page.getByRole('button', { name: 'Home' }).click();
    await page.locator('.link-games').waitFor();
    await page.screenshot({ path: `${out}/home-${size}-${scheme}.png` });
    await context.close();
  }
}
await close();
console.log(`screenshots in ${out}/`);
