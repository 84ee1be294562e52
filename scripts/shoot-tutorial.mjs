// Screenshots of the tutorial's coach at a few steps, desk and phone, light
// and dark (to look at; not a test), and of the home screen's Learn panel.
// node scripts/shoot-tutorial.mjs [port] [dir] [a|b] (the side's guided game)
import { servedBrowser } from './measure-browser.mjs';

const port = Number(process.argv[2] ?? 4231);
const dir = process.argv[3] ?? '/tmp';
const side = process.argv[4] ?? 'a';
const wanted = new Set(
  side === 'b'
    ? ['b_welcome', 'wounded_b', 'defended_b', 'struck_b', 'ability_b_inn', 'b_trade', 'b_final', 'b_summary']
    : ['welcome', 'meeples', 'take_free', 'ability_mill', 'wounded', 'split', 'final_variety', 'summary'],
);
const last = side === 'b' ? 'b_summary' : 'summary';
const { base, browser, close } = await servedBrowser(port);
try {
  for (const [name, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await page.goto(base);
      const learn = page.locator('.home-choice', { has: page.locator('#home-learn') });
      await learn.waitFor();
      await learn.screenshot({ path: `${dir}/${name}-${scheme}-home-learn.png` });
      await page.goto(`${base}?tutorial=${side === 'b' ? 'b' : '1'}`);
      const bubble = page.locator('.coach-bubble');
      for (let i = 0; i < 60; i++) {
        await bubble.and(page.locator('[data-now="true"]')).waitFor({ timeout: 20000 });
        const step = await bubble.getAttribute('data-step');
        const index = await bubble.getAttribute('data-index');
        if (wanted.has(step)) {
          await page.waitForTimeout(700);
          await page.screenshot({ path: `${dir}/${name}-${scheme}-${index}-${step}.png` });
        }
        if (step === last) break;
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
          const trade = Number((await bubble.getAttribute('data-trade')) ?? 0);
          if (trade !== 0) {
            await page.locator('.chooser input.trade').evaluate((input, value) => {
              input.value = String(value);
              input.dispatchEvent(new Event('input', { bubbles: true }));
            }, trade);
            await page.waitForTimeout(300);
            await page.screenshot({ path: `${dir}/${name}-${scheme}-${index}-trade.png` });
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
