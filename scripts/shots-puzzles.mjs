// Screenshots of the puzzles: the list, a puzzle before its answer, after a
// wrong answer and after the right one (desk 1366×768 and phone 390×844,
// light and dark), for looking at:
//   node scripts/shots-puzzles.mjs <port> <out-dir> [puzzle id]
import { servedBrowser } from './measure-browser.mjs';

const [port = '4217', out = '/tmp', id = '5b700ff2'] = process.argv.slice(2);
const { base, browser, close } = await servedBrowser(Number(port));

/// Plays `turn` ({ take, place }) on the board as a person would.
async function play(page, { take, place }) {
  await page.locator(`.display .card[data-space="${take}"]`).click();
  const confirm = page.getByRole('button', { name: 'Confirm' });
  if (await confirm.isDisabled()) {
    await page.locator('.chooser .choice', { hasText: new RegExp(`${place} at`) }).first().click();
  }
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
  }
  await confirm.click();
}

try {
  for (const [w, h] of [[1366, 768], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
      await page.goto(`${base}?puzzle=1`);
      await page.locator('.puzzle-theme').first().waitFor();
      await page.screenshot({ path: `${out}/puzzles-list-${w}-${scheme}.png`, fullPage: true });
      await page.goto(`${base}?puzzle=${id}`);
      const panel = page.locator('section.puzzle');
      await panel.waitFor();
      await page.screenshot({ path: `${out}/puzzle-ask-${w}-${scheme}.png` });
      const wrong = await page.evaluate(() => {
        const p = document.querySelector('section.puzzle');
        return Number(p.dataset.take) === 0 ? 1 : 0;
      });
      await play(page, { take: wrong, place: '' });
      await page.locator('section.puzzle[data-verdict="wrong"]').waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/puzzle-wrong-${w}-${scheme}.png` });
      await page.getByRole('button', { name: 'Try again' }).click();
      const take = await panel.getAttribute('data-take');
      const place = await panel.getAttribute('data-place');
      await play(page, { take, place });
      await page.locator('section.puzzle[data-verdict="right"]').waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/puzzle-right-${w}-${scheme}.png` });
      await page.close();
    }
  }
} finally {
  await close();
}
