// Screenshots of the coach (hint panel, review, home statistics) at desk and
// phone sizes, light and dark, for looking at: node scripts/screens-coach.mjs OUTDIR [PORT]
import { readFileSync } from 'node:fs';
import { servedBrowser } from './measure-browser.mjs';

const out = process.argv[2] ?? '/tmp/coach-shots';
const port = Number(process.argv[3] ?? 4203);
const record = readFileSync(new URL('../e2e/fixtures/game-2p.json', import.meta.url), 'utf8').trim();
const prefix = (n) => {
  const turns = JSON.parse(record).turns.slice(0, n);
  return record.replace(/"turns":\[.*\]/, `"turns":${JSON.stringify(turns)}`);
};
const { base, browser, close } = await servedBrowser(port);
async function resume(page, text, seats) {
  await page.goto(base);
  await page.evaluate(([text, seats]) => localStorage.setItem('majesty.game.shot',
    `{"format":1,"saved_at":${Date.now()},"record":${text},"seats":${JSON.stringify(seats)}}`), [text, seats]);
  await page.reload();
  // The one unfinished game opens at once; otherwise it is resumed.
  const resume = page.getByRole('button', { name: 'Resume' });
  await page.locator('h1.status').or(resume).first().waitFor();
  if (await resume.isVisible()) await resume.click();
  await page.locator('h1.status').waitFor();
}
try {
  for (const [size, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log('pageerror', e.message));
      await resume(page, prefix(6), [null, 'medium']);
      await page.getByRole('button', { name: 'What would the expert play?' }).click();
      await page.locator('.advice-turn').nth(2).waitFor({ timeout: 30000 });
      await page.locator('.advice-turn').first().click();
      await page.locator('.coach-hint').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/hint-${size}-${scheme}.png` });
      await resume(page, prefix(23), ['easy', null]);
      await page.locator('.card[data-space="0"]').click();
      const confirm = page.getByRole('button', { name: 'Confirm' });
      for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
        await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
      }
      await confirm.click();
      const all = page.getByRole('button', { name: 'Show all' });
      await page.waitForTimeout(500);
      if (await all.isVisible()) await all.click();
      await page.getByRole('button', { name: 'Review the game with the expert' }).click();
      await page.locator('.review-total').first().waitFor({ timeout: 30000 });
      await page.locator('.coach-review').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/review-${size}-${scheme}.png` });
      await page.goto(base);
      await page.locator('.stats').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/home-${size}-${scheme}.png` });
      await context.close();
    }
  }
} finally {
  await close();
}
