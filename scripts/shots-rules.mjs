// Screenshots of the "Rules" screen and one scenario after its move
// (desk 1366×768 and phone 390×844, light and dark), for looking at:
//   node scripts/shots-rules.mjs <port> <out-dir>
import { servedBrowser } from './measure-browser.mjs';

const [port = '4216', out = '/tmp'] = process.argv.slice(2);
const { base, browser, close } = await servedBrowser(Number(port));
try {
  for (const [w, h] of [[1366, 768], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
      await page.goto(`${base}?rules=1`);
      await page.locator('.rules-topic').first().waitFor();
      await page.screenshot({ path: `${out}/rules-list-${w}-${scheme}.png`, fullPage: true });
      await page.goto(`${base}?rules=heal`);
      await page.locator('section.scenario').waitFor();
      await page.screenshot({ path: `${out}/rules-heal-before-${w}-${scheme}.png` });
      await page.locator('.display .card[data-space="0"]').click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.locator('section.scenario[data-progress="done"]').waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${out}/rules-heal-done-${w}-${scheme}.png`, fullPage: true });
      await page.close();
    }
  }
} finally {
  await close();
}
