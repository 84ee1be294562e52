// Trunk's pre-build hook (Trunk.toml): the style sheets of style/ joined in
// this order, then those of style/parts/ (a screen's or panel's each), into
// one file for index.html, so the page loads one style sheet, which Trunk
// minifies.
//
// The theme's colours are written once each, as light-dark(<light>, <dark>)
// (style/theme.css); for browsers without light-dark() (Safari before 17.5,
// Chrome before 123, Firefox before 120) the same colours are written again,
// chosen by the theme switch and prefers-color-scheme, in a sheet of their
// own (target/theme-fallback.css) that index.html adds only there: the
// first load of every other browser does not carry it.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';

const sheets = ['theme', 'base', 'art', 'board', 'realm'];

/// The custom properties that `css` defines as light-dark(a, b), as
/// [name, light, dark] (nested parentheses and commas inside a or b kept).
export function lightDarkColours(css) {
  const found = [];
  const start = /(--[\w-]+)\s*:\s*light-dark\(/g;
  for (let m; (m = start.exec(css)); ) {
    let depth = 1;
    let comma = -1;
    let i = start.lastIndex;
    for (; i < css.length && depth > 0; i++) {
      if (css[i] === '(') depth++;
      else if (css[i] === ')') depth--;
      else if (css[i] === ',' && depth === 1 && comma < 0) comma = i;
    }
    if (depth !== 0 || comma < 0) throw new Error(`bundle-css: cannot read ${m[1]}'s light-dark()`);
    found.push([m[1], css.slice(start.lastIndex, comma).trim(), css.slice(comma + 1, i - 1).trim()]);
  }
  return found;
}

/// The same colours for a browser without light-dark().
export function lightDarkFallback(css) {
  const colours = lightDarkColours(css);
  const block = (pick) => colours.map((c) => `${c[0]}: ${c[pick]};`).join(' ');
  return [
    '/* For a browser without light-dark(): the theme\'s colours (style/theme.css),',
    '   written by scripts/bundle-css.mjs, added by index.html. */',
    `:root { ${block(1)} }`,
    `@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${block(2)} } }`,
    `:root[data-theme="dark"] { ${block(2)} }`,
    '',
  ].join('\n');
}

const root = new URL('..', import.meta.url).pathname;
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const parts = readdirSync(`${root}style/parts`).sort().map((f) => `parts/${f.replace(/\.css$/, '')}`);
  const css = [...sheets, ...parts].map((p) => `/* style/${p}.css */\n${readFileSync(`${root}style/${p}.css`, 'utf8')}`).join('\n');
  mkdirSync(`${root}target`, { recursive: true });
  writeFileSync(`${root}target/app.css`, css);
  writeFileSync(`${root}target/theme-fallback.css`, lightDarkFallback(readFileSync(`${root}style/theme.css`, 'utf8')));
}
