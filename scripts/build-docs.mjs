// Builds the manual (the pages of docs/, an mdBook: docs/book.toml) into
// the release site, served at docs/ beside the game. Run by the post-build
// hook (scripts/post-build.mjs); mdbook is installed, pinned, by
// scripts/setup.sh.
//
// mdBook writes a folder's README.md as its index.html, but leaves the
// links to it named README.html: they are renamed.
//
// A page may show a picture from elsewhere in the repository (the
// screenshots the browser tests keep in e2e/screens/): it is copied into
// the manual's images/ and the page's link rewritten to it. Any other link
// that leaves docs/ would be broken on the site, so it fails the build:
// name source files in `backticks` instead.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, normalize, relative, sep } from 'node:path';

/// Where the manual is served, under the site.
export const MANUAL = 'docs';

const PICTURES = new Set(['.png', '.svg', '.jpg', '.jpeg', '.webp']);

/// The mdbook command: from PATH (scripts/setup.sh installs it there).
const mdbook = () => process.env.MDBOOK ?? 'mdbook';

/// Writes the manual into `<stage>/docs`; returns how many pages it has.
export function buildManual(root, stage) {
  const out = join(stage, MANUAL);
  rmSync(out, { recursive: true, force: true });
  execFileSync(mdbook(), ['build', join(root, 'docs'), '--dest-dir', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  // mdBook copies every file of its source folder: its own settings too.
  // Its 404 page is for a book at the site's root; the site has its own.
  for (const f of ['book.toml', '404.html']) rmSync(join(out, f), { force: true });
  const pages = readdirSync(out, { recursive: true }).filter((f) => f.endsWith('.html'));
  for (const page of pages) keepLinksInside(root, out, page);
  return pages.length;
}

/// Rewrites the links of the built page `page` (a path under `out`): to a
/// folder's README, its index; out of docs/, a picture is copied into the
/// manual, anything else fails the build.
function keepLinksInside(root, out, page) {
  const docs = join(root, 'docs');
  const path = join(out, page);
  const html = readFileSync(path, 'utf8');
  // A link with no scheme, and what follows its path (?query, #anchor).
  const links = /\b(src|href)="([^"#?:]+)([?#][^"]*)?"/g;
  const rewritten = html.replace(links, (whole, attribute, link, rest = '') => {
    // From the site's root: right only where the site is at a host's root.
    if (link.startsWith('/')) throw new Error(`manual: ${page} links to ${link}: write it relative to the page`);
    // The page's source sits at the same place under docs/ as it does
    // under the manual.
    const target = normalize(join(docs, dirname(page), decodeURI(link)));
    if (target === docs || target.startsWith(docs + sep)) {
      const index = basename(link) === 'README.html' ? `${link.slice(0, -'README.html'.length)}index.html` : link;
      return `${attribute}="${index}${rest}"`;
    }
    const file = relative(root, target);
    if (!PICTURES.has(extname(target).toLowerCase()) || !existsSync(target)) {
      throw new Error(`manual: ${page} links to ${file}, outside docs/: it would be broken on the site`);
    }
    const copy = join(out, 'images', basename(target));
    if (existsSync(copy) && !readFileSync(copy).equals(readFileSync(target))) {
      throw new Error(`manual: two pictures named ${basename(target)}; rename one`);
    }
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(target, copy);
    const inside = relative(dirname(path), copy).split(sep).map(encodeURIComponent).join('/');
    return `${attribute}="${inside}${rest}"`;
  });
  if (rewritten !== html) writeFileSync(path, rewritten);
}
