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
  await page.goto('./?players=Ann,Bob#deal=1');
  await expect(page.locator('.board')).toBeVisible();
  const native = await colours(page);
  expect(native['dark null']['--bg']).not.toBe(native['light null']['--bg']);

  // The page's own style sheet (its integrity is checked) switched off, and
  // the same text, as read without light-dark(), adopted instead.
  const forced = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="stylesheet"][href*="app-"]');
    const css = await (await fetch(link.href)).text();
    const forced = css.replace(/@supports not \(color: ?light-dark\(#000, ?#fff\)\)/, '@supports (color: red)');
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(forced.replaceAll('light-dark(', 'no-light-dark('));
    link.disabled = true;
    document.adoptedStyleSheets = [sheet];
    return forced !== css;
  });
  expect(forced, 'the style sheet has the fallback').toBe(true);
  expect(await colours(page)).toEqual(native);
});
