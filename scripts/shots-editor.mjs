// Screenshots of the scenario editor with a few cards placed and one
// problem shown (desk 1366×768 and phone 390×844, light and dark), for
// looking at:   node scripts/shots-editor.mjs <port> <out-dir>
import { servedBrowser } from './measure-browser.mjs';

const [port = '4250', out = '/tmp'] = process.argv.slice(2);
const { base, browser, close } = await servedBrowser(Number(port));
const put = async (page, card, seat, location) => {
  await page.locator(`.palette-card[data-card="${card}"]`).click();
  await page.locator(`.editor-seat[data-seat="${seat}"] .editor-location[data-location="${location}"] .location-head`).click();
};
try {
  for (const [w, h] of [[1366, 768], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
      await page.goto(`${base}?editor=1`);
      await page.locator('section.editor').waitFor();
      await put(page, 'Miller', 0, 'Mill');
      await put(page, 'Miller/Brewer', 1, 'Brewery');
      await put(page, 'Witch', 0, 'Infirmary');
      await page.locator('.palette-card[data-card="Noble"]').click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/editor-${w}-${scheme}.png` });
      await page.screenshot({ path: `${out}/editor-${w}-${scheme}-full.png`, fullPage: true });
      await page.close();
    }
  }
} finally {
  await close();
}
