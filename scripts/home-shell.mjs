// Writes public/home-shell/<code>.html: the home screen as the built app
// draws it for a browser that keeps nothing, in each of its languages. The
// page shows it on a first visit to the home screen until the app has
// started (index.html), so that a slow connection shows the home screen
// while the main module is still on its way; e2e/shell.spec.mjs checks
// that each file is still what the app draws.
//
// Usage, after a change to the home screen, the page's header or their
// words: trunk build --release && node scripts/home-shell.mjs && trunk build --release
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SHELLS = new URL('../public/home-shell/', import.meta.url);

/// The app's frame and home screen as drawn in `page` (once it is up),
/// without Leptos' empty comments (the places of what is not shown).
export async function drawnHome(page) {
  await page.waitForFunction(() => performance.getEntriesByName('home-ready').length > 0);
  const html = await page.evaluate(() => document.querySelector('body > .app').outerHTML);
  return html.replaceAll('<!---->', '');
}

/// The codes of the app's languages, as its language picker offers them.
export async function languages(page) {
  return page.locator('select.language option').evaluateAll((options) => options.map((o) => o.value));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { servedBrowser } = await import('./measure-browser.mjs');
  const { base, browser, close } = await servedBrowser(Number(process.env.PORT ?? 4198));
  try {
    const first = await browser.newPage();
    await first.goto(base);
    await drawnHome(first);
    const codes = await languages(first);
    mkdirSync(SHELLS, { recursive: true });
    for (const code of codes) {
      // A fresh browser each time: nothing kept, no service worker.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(new URL(`./?lang=${code}`, base).href);
      const html = await drawnHome(page);
      writeFileSync(new URL(`${code}.html`, SHELLS), `${html}\n`);
      console.log(`home-shell: ${code}.html, ${html.length} characters`);
      await context.close();
    }
  } finally {
    await close();
  }
}
