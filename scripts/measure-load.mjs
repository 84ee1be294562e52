// Measures how fast the release build (dist/, from `trunk build --release`)
// becomes usable, for a first visit on a slow phone connection and for a
// returning visitor.
//
//   cold: a fresh browser context (no HTTP cache, no service worker) on
//         Chromium's emulation of slow 4G: 1.6 Mbps down, 750 kbps up,
//         150 ms round trip; the server gzips as GitHub Pages does
//         (scripts/serve.mjs);
//   warm: the same emulation, after a first visit to the home screen
//         installed the service worker (it serves the app from its cache).
//
// The times are read off the page's own clock: the User Timing marks the app
// sets when the home screen is up ("home-ready"), when the board first
// accepts a choice ("board-ready") and when a part's screen is first drawn
// ("part:editor"), counted from the navigation's start. The page tells them
// on its console (a script added before it starts: `watchMarks`), and the
// script waits for them there: Playwright's first evaluation in a page
// brings its own script into it, some 13 ms of the page's thread, which a
// page the service worker serves would spend in its own start. Pages: home (./),
// board (a shared deal: ./?players=Ann,Bob#deal=1), the embedded board (the
// same with embed=1, in a frame of a page of the same site, read in the
// frame from its own navigation's start), and the screens of a part of
// their own opened by their links: the editor (./?editor=1), a tutorial
// (./?tutorial=1: its coach's bubble and board), a Rules scenario
// (./?rules=heal), a puzzle (./?puzzle=…: its panel and board) and a
// replay (./#record=…, a finished game of e2e/fixtures/: its controls and
// its final scoring); then the editor opened
// by a click on the home screen after a cold load (from the click), and
// a returning player's plain visit that goes on with the one unfinished
// game (its board, cold with only the browser's storage, and warm).
// Prints the median of RUNS runs (default 5), the machine's load average
// before and after (other work running widens the runs), the cold load's first
// contentful paint (a first visit's home screen is drawn before the app
// has started: index.html) and what a cold load transfers up to its mark
// (gzip, as served: the page, its scripts, style and modules; what is
// fetched later, in idle time, is not counted).
//
// CPU=4 slows Chromium's CPU four times besides, as a slow phone's.
// PHONE=1 opens each page on a phone's screen (390×844, touch) instead of
// Playwright's 1280×720: a narrow board draws more in its first step
// (src/play/board/mod.rs).
// ONLY=<text> measures only the rows whose name holds it ("board", "click").
//
// Usage: node scripts/measure-load.mjs   (after `trunk build --release`)
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { servedBrowser } from './measure-browser.mjs';
import { playFrontCard, startGame } from '../e2e/helpers.mjs';

const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 4199);
const cpu = Number(process.env.CPU ?? 1);
const slow4g = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const targets = {
  'home cold': 1200,
  'board cold': 1500,
  'board warm': 250,
  'embedded board cold': 1500,
  'editor by its link cold': 2000,
  'tutorial by its link cold': 2000,
  'Rules scenario by its link cold': 2000,
  'puzzle by its link cold': 2000,
  'replay by its link cold': 2000,
  'editor from home click': 1000,
};
const transferTarget = 250; // KB to a playable board
const phone = process.env.PHONE === '1' ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {};
const allPages = [
  { name: 'home', path: './', mark: 'home-ready' },
  { name: 'board', path: './?players=Ann,Bob#deal=1', mark: 'board-ready' },
  { name: 'embedded board', path: './?embed=1&players=Ann,Bob#deal=1', mark: 'board-ready', framed: true },
  { name: 'editor by its link', path: './?editor=1', mark: 'part:editor' },
  { name: 'tutorial by its link', path: './?tutorial=1', mark: ['part:coach-bubble', 'board-ready'] },
  { name: 'Rules scenario by its link', path: './?rules=heal', mark: ['part:scenario', 'board-ready'] },
  { name: 'puzzle by its link', path: './?puzzle=5b700ff2', mark: ['part:puzzle', 'board-ready'] },
  { name: 'replay by its link', path: `./#record=${recordLink('game-2p.json')}`, mark: ['part:replay', 'part:final'] },
];

/// A game record kept for the tests (e2e/fixtures/), as a link carries it.
function recordLink(file) {
  const text = readFileSync(new URL(`../e2e/fixtures/${file}`, import.meta.url), 'utf8').trim();
  return Buffer.from(text).toString('base64url');
}

const pages = allPages.filter((p) => !process.env.ONLY || p.name.includes(process.env.ONLY));
const { base, browser, close } = await servedBrowser(port);
/// A fresh browser context (on a phone's screen with PHONE=1).
const newContext = (options = {}) => browser.newContext({ ...phone, ...options });

/// Opens `path` in `page` on slow 4G (`framed`: in a frame of a page of the
/// same site, as an embedding page shows it); the time of `mark` and the
/// bytes (gzip, as served) of what the page fetched before it, both read
/// in the game's own page.
async function visit(page, path, mark, framed = false) {
  const marks = await watchMarks(page, framed);
  await slow(page);
  const address = new URL(path, base).href;
  let game = page;
  if (framed) {
    // Beside the site, out of its service worker's reach.
    const host = new URL('/embedding-page.html', base).href;
    await page.route(host, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe src="${address}" width="1000" height="700"></iframe>` }),
    );
    await page.goto(host, { waitUntil: 'commit' });
  } else {
    await page.goto(address, { waitUntil: 'commit' });
  }
  const at = await markTime(marks, mark);
  // The first contentful paint (a first visit's home screen is drawn
  // before the app has started: index.html), whose entry may come a frame
  // after the mark.
  const painted = await markTime(marks, 'first-contentful-paint', 1000).catch(() => undefined);
  if (framed) game = page.frames().find((f) => f !== page.mainFrame());
  const bytes = await game.evaluate((before) => {
    const [navigation] = performance.getEntriesByType('navigation');
    const early = performance.getEntriesByType('resource').filter((r) => r.startTime < before);
    return navigation.encodedBodySize + early.reduce((sum, r) => sum + r.encodedBodySize, 0);
  }, at);
  await page.waitForLoadState('networkidle');
  return { at, bytes, painted };
}

async function slow(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/// The User Timing marks (and paints) of `page`, or of its frame
/// (`framed`), as they come, told on its console from the start of each
/// document: `{ seen, heard }`, the marks seen so far by name and a
/// function called at each.
async function watchMarks(page, framed = false) {
  await page.addInitScript(() => {
    for (const type of ['mark', 'paint']) {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) console.debug(`majesty-mark ${self !== top} ${e.startTime} ${e.name}`);
      }).observe({ type, buffered: true });
    }
  });
  const marks = { seen: new Map(), heard: () => {} };
  page.on('console', (message) => {
    const [told, inFrame, time, name] = /^majesty-mark (true|false) (\S+) (.+)$/.exec(message.text()) ?? [];
    if (!told || inFrame !== String(framed)) return;
    marks.seen.set(name, Number(time));
    marks.heard();
  });
  return marks;
}

/// The time of `mark` (`marks` from `watchMarks`), or of the last of
/// several marks (a screen drawn and its board ready), within `wait` ms.
function markTime(marks, mark, wait = 30_000) {
  const names = [mark].flat();
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ${names.join(', ')} in ${wait} ms`)), wait);
    marks.heard = () => {
      if (!names.every((m) => marks.seen.has(m))) return;
      clearTimeout(timer);
      marks.heard = () => {};
      done(Math.max(...names.map((m) => marks.seen.get(m))));
    };
    marks.heard();
  });
}

/// A returning player's visit: a game started and a turn played in a first
/// page, then the page opened again at `path` (`warm`: with the service
/// worker that first page installed; cold: a fresh context with only the
/// browser's storage): a plain visit goes on with that game, a deal's link
/// opens its own board. The time of board-ready.
async function keptGame(warm, path = './') {
  const first = await newContext({ baseURL: base, ...(warm ? {} : { serviceWorkers: 'block' }) });
  const page = await first.newPage();
  await startGame(page);
  await playFrontCard(page);
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('majesty.game.')));
  if (warm) await page.evaluate(async () => (await navigator.serviceWorker.ready).active.state);
  const storageState = await first.storageState();
  await page.close();
  const context = warm ? first : await newContext({ serviceWorkers: 'block', storageState });
  const again = await context.newPage();
  const marks = await watchMarks(again);
  await slow(again);
  await again.goto(new URL(path, base).href, { waitUntil: 'commit' });
  const at = await markTime(marks, 'board-ready');
  await context.close();
  if (!warm) await first.close();
  return at;
}

/// A cold home screen, then a click on the editor: the time from the click
/// to the editor drawn (its part fetched on the same link).
async function editorFromHome(page) {
  const marks = await watchMarks(page);
  await slow(page);
  await page.goto(base);
  await markTime(marks, 'home-ready');
  await page.waitForLoadState('networkidle');
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Scenario editor' }).click();
  return (await markTime(marks, 'part:editor')) - clicked;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
// Other work on the machine slows the page's start and widens the runs'
// spread: the load average is printed with the figures.
const loadBefore = loadavg()[0];
try {
  for (const { name, path, mark, framed } of pages) {
    const cold = [];
    const painted = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const context = await newContext({ serviceWorkers: 'block' });
      const r = await visit(await context.newPage(), path, mark, framed);
      cold.push(r.at);
      painted.push(r.painted);
      bytes = r.bytes;
      await context.close();
    }
    const warm = [];
    for (let i = 0; i < runs; i++) {
      const context = await newContext();
      const first = await context.newPage();
      // The first visit installs the service worker (an embedded page never
      // registers it, but one installed by a visit to the site serves it).
      await first.goto(base);
      await first.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active.state;
      });
      await first.close();
      warm.push((await visit(await context.newPage(), path, mark, framed)).at);
      await context.close();
    }
    results.push({ name, cold, warm, bytes, painted });
  }
  const clicks = [];
  for (let i = 0; i < (!process.env.ONLY || 'editor from home click'.includes(process.env.ONLY) ? runs : 0); i++) {
    const context = await newContext({ serviceWorkers: 'block' });
    clicks.push(await editorFromHome(await context.newPage()));
    await context.close();
  }
  if (clicks.length) results.push({ name: 'editor from home', click: clicks });
  if (!process.env.ONLY || 'kept game'.includes(process.env.ONLY)) {
    for (const [name, path] of [['a plain visit', './'], ["a deal's link", './?players=Cy,Di#deal=2']]) {
      const cold = [];
      const warm = [];
      for (let i = 0; i < runs; i++) {
        cold.push(await keptGame(false, path));
        warm.push(await keptGame(true, path));
      }
      results.push({ name: `kept game, ${name}`, cold, warm });
    }
  }
} finally {
  await close();
}

const ms = (x) => `${Math.round(x)} ms`;
console.log(`slow 4G (1.6 Mbps, 150 ms RTT)${cpu > 1 ? `, CPU ${cpu}× slower` : ''}${phone.viewport ? ', a phone\'s screen (390×844)' : ''}, gzip, median of ${runs} runs; runs in brackets`);
let missed = 0;
for (const { name, cold, warm, bytes, click, painted } of results) {
  const line = [];
  const kinds = click ? [['click', click]] : [['cold', cold], ['warm', warm]];
  for (const [kind, xs] of kinds) {
    const target = targets[`${name} ${kind}`];
    const ok = target === undefined || median(xs) <= target;
    if (!ok) missed++;
    line.push(`${kind} ${ms(median(xs))} [${xs.map(Math.round).join(', ')}]${target ? ` (target ${target} ms${ok ? '' : ', MISSED'})` : ''}`);
  }
  if (bytes === undefined) {
    console.log(`${name}: ${line.join('; ')}`);
    continue;
  }
  const kb = bytes / 1024;
  const heavy = /board/.test(name) && kb > transferTarget;
  if (heavy) missed++;
  const first = painted.every((x) => x !== undefined) ? `; cold first paint ${ms(median(painted))}` : '';
  console.log(`${name}: ${line.join('; ')}${first}; cold transfer to its mark ${kb.toFixed(1)} KB${/board/.test(name) ? ` (target ${transferTarget} KB${heavy ? ', MISSED' : ''})` : ''}`);
}
const cores = availableParallelism();
const loadAfter = loadavg()[0];
const loads = [loadBefore, loadAfter].map((x) => x.toFixed(1)).join(' → ');
const busy = Math.max(loadBefore, loadAfter) > cores;
console.log(`machine: ${cores} cores, load average (1 minute) ${loads}${busy ? ': busy, so these figures are slower and wider than on an idle machine' : ''}`);
process.exitCode = missed ? 1 : 0;
