// Screenshots of the tutorial's coach at a few steps, desk and phone, light
// and dark (to look at; not a test). node scripts/shoot-tutorial.mjs [port] [dir]
import { servedBrowser } from './measure-browser.mjs';

const port = Number(process.argv[2] ?? 4231);
const dir = process.argv[3] ?? '/tmp';
const wanted = new Set(['welcome', 'meeples', 'take_free', 'ability_mill', 'wounded', 'split', 'final_variety', 'summary']);
const { base, browser, close } = await servedBrowser(port);
try {
  for (const [name, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await page.goto(`${base}?tutorial=1`);
      const bubble = page.locator('.coach-bubble');
      for (let i = 0; i < 60; i++) {
        await bubble.and(page.locator('[data-now="true"]')).waitFor({ timeout: 20000 });
        const step = await bubble.getAttribute('data-step');
        const index = await bubble.getAttribute('data-index');
        if (wanted.has(step)) {
          await page.waitForTimeout(700);
          await page.screenshot({ path: `${dir}/${name}-${scheme}-${index}-${step}.png` });
        }
        if (step === 'summary') break;
        if ((await bubble.getAttribute('data-wait')) === 'next') {
          await bubble.locator('.coach-next').click();
        } else {
          const take = await bubble.getAttribute('data-take');
          const place = await bubble.getAttribute('data-place');
          if (step === 'take_free') {
            // A wrong card first, for the picture of the explanation.
            await page.locator('.display .card[data-space="2"]').click();
            await page.waitForTimeout(500);
            await page.screenshot({ path: `${dir}/${name}-${scheme}-${index}-wrong.png` });
          }
          await page.locator(`.display .card[data-space="${take}"]`).click();
          const confirm = page.locator('.chooser button.primary').last();
          if (await confirm.isDisabled()) {
            await page.locator('.chooser .choice', { hasText: new RegExp(`${place} at`) }).click();
          }
          await confirm.click();
        }
        await page.waitForFunction((i) => document.querySelector('.coach-bubble')?.dataset.index !== i, index);
      }
      await page.close();
    }
  }
} finally {
  await close();
}
