// The manual (the pages of docs/, an mdBook) is built into the site and
// served at docs/ beside the game (scripts/build-docs.mjs): the home screen
// links to it, every page and file it links to is there, every #anchor
// names a heading of its page, and the game's service worker leaves it to
// the network.
import { test, expect } from './fixtures.mjs';

/// The links (href, src) of a page's HTML, as absolute URLs.
const linksOf = (html, base) =>
  [...html.matchAll(/\b(?:href|src)="([^"]+)"/g)]
    .map((m) => m[1].replaceAll('&amp;', '&'))
    .filter((link) => !/^(?:[a-z]+:|\/\/)/i.test(link) || link.startsWith('http://127.0.0.1'))
    .map((link) => new URL(link, base));

/// The ids of a page's elements.
const idsOf = (html) => new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));

test('the manual is served at docs/ beside the game: every page, file and anchor it links to is there', async ({ page, request }) => {
  await page.goto('./docs/');
  await expect(page).toHaveTitle(/The manual/);
  await expect(page.locator('main h1')).toHaveText('The manual');
  const root = new URL('./', page.url());

  const pages = new Map(); // URL without its hash → its HTML
  const anchors = []; // [page, id, from]
  const broken = [];
  const queue = [{ url: root, from: 'docs/' }];
  while (queue.length) {
    const { url, from } = queue.shift();
    const key = url.href.replace(/#.*$/, '');
    if (url.hash) anchors.push([key, decodeURIComponent(url.hash.slice(1)), from]);
    if (pages.has(key)) continue;
    pages.set(key, '');
    const response = await request.get(key);
    if (!response.ok()) {
      broken.push(`${key} (${response.status()}), linked from ${from}`);
      continue;
    }
    // Only the manual's own pages are followed (the game at ../ is not).
    if (!key.startsWith(root.href) || !/(\/|\.html)$/.test(key)) continue;
    const html = await response.text();
    pages.set(key, html);
    for (const link of linksOf(html, key)) queue.push({ url: link, from: key.slice(root.href.length) || 'docs/' });
  }
  const missing = anchors
    .filter(([key, id]) => pages.get(key) && !idsOf(pages.get(key)).has(id))
    .map(([key, id, from]) => `${key.slice(root.href.length)}#${id}, linked from ${from}`);
  expect(broken).toEqual([]);
  expect([...new Set(missing)]).toEqual([]);
  // Every page of SUMMARY.md: the players', teachers' and developers'
  // chapters and the decision records.
  const html = [...pages.keys()].filter((k) => k.endsWith('.html')).map((k) => k.slice(root.href.length));
  for (const chapter of ['play.html', 'embedding.html', 'architecture.html', 'decisions/packed-modules.html']) {
    expect(html).toContain(chapter);
  }
  // The screenshots of the first chapter are the manual's own copies.
  await page.goto('./docs/play.html');
  const shot = page.getByRole('img', { name: /A game being played/ });
  await expect(shot).toHaveAttribute('src', /^images\//);
  expect(await shot.evaluate((img) => img.naturalWidth)).toBeGreaterThan(0);
});

test('the home screen links to the manual, and a page the service worker serves still opens it', async ({ page }) => {
  await page.goto('./');
  // Controlled by the game's service worker from here on.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const manual = page.getByRole('link', { name: /The manual/ });
  await expect(manual).toHaveAttribute('href', 'docs/');
  await manual.click();
  await expect(page).toHaveURL(/\/docs\/$/);
  await expect(page.locator('main h1')).toHaveText('The manual');
  // From the network, never the game's page from the cache.
  await page.goto('./docs');
  await expect(page.locator('main h1')).toHaveText('The manual');
});
