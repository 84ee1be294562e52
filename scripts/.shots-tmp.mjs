import { servedBrowser } from './measure-browser.mjs';
const { base, browser, close } = await servedBrowser(4301);
const sizes = [[{ width: 1366, height: 768 }, 'desk'], [{ width: 390, height: 844 }, 'phone']];
const pages = (process.env.PAGES ?? 'home:./,home-de:./?lang=de,setup:./#setup').split(',');
for (const [viewport, label] of sizes) {
  for (const scheme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport, colorScheme: scheme, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    for (const entry of pages) {
      const [name, path] = entry.split(':');
      await page.goto(base + path.replace('#setup', ''));
      await page.waitForTimeout(1200);
      if (path.endsWith('#setup')) { await page.getByRole('button', { name: /New game|Neues Spiel/ }).first().click(); await page.waitForTimeout(500); }
      await page.screenshot({ path: `/tmp/shots/${name}-${label}-${scheme}.png`, fullPage: true });
    }
    await ctx.close();
  }
}
await close();
