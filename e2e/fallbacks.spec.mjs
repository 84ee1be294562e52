// What a browser lacks gets a fallback that looks the same. The theme's
// colours are light-dark() pairs (style/theme.css); for a browser without
// light-dark() the build writes them again (scripts/bundle-css.mjs). Here
// Chromium is served the style sheet as such a browser reads it: every
// light-dark() invalid, the fallback's condition true.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { lightDarkColours } from '../scripts/bundle-css.mjs';

const names = lightDarkColours(readFileSync(new URL('../style/theme.css', import.meta.url), 'utf8')).map(([n]) => n);

/// Every theme colour as the page resolves it, for each way of choosing
/// the theme (the switch, or the system's scheme).
async function colours(page) {
  const seen = {};
  for (const [scheme, theme] of [['light', null], ['dark', null], ['light', 'dark'], ['dark', 'light']]) {
    await page.emulateMedia({ colorScheme: scheme });
    seen[`${scheme} ${theme}`] = await page.evaluate(
      ([names, theme]) => {
        const root = document.documentElement;
        if (theme) root.dataset.theme = theme;
        else delete root.dataset.theme;
        const probe = document.createElement('div');
        document.body.append(probe);
        const out = {};
        for (const name of names) {
          probe.style.color = `var(${name})`;
          out[name] = getComputedStyle(probe).color;
        }
        probe.remove();
        return out;
      },
      [names, theme],
    );
  }
  return seen;
}

test('without light-dark() every theme colour is the same, light and dark, switched or by the system', async ({ page }) => {
  expect(names.length).toBeGreaterThan(40);
  const fetched = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('./?players=Ann,Bob#deal=1');
  await expect(page.locator('.board')).toBeVisible();
  // A browser with light-dark() never fetches the fallback.
  expect(fetched.filter((u) => u.includes('theme-fallback'))).toEqual([]);
  const native = await colours(page);
  expect(native['dark null']['--bg']).not.toBe(native['light null']['--bg']);

  // The page's own style sheet (its integrity is checked) switched off;
  // the same text as read without light-dark(), and the fallback, adopted.
  await page.evaluate(async () => {
    const link = document.querySelector('link[rel="stylesheet"][href*="app-"]');
    const css = await (await fetch(link.href)).text();
    const fallback = await (await fetch('theme-fallback.css')).text();
    const sheets = [css.replaceAll('light-dark(', 'no-light-dark('), fallback].map((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
    link.disabled = true;
    document.adoptedStyleSheets = sheets;
  });
  expect(await colours(page)).toEqual(native);
});

test('a browser without light-dark() is given the fallback sheet before the first paint', async ({ page }) => {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = (...args) => !String(args.join(' ')).includes('light-dark') && supports(...args);
  });
  await page.goto('./');
  const sheet = page.locator('head link[rel="stylesheet"][href="theme-fallback.css"]');
  await expect(sheet).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].find((s) => s.href?.endsWith('theme-fallback.css'))?.cssRules.length ?? 0))
    .toBe(3);
});
